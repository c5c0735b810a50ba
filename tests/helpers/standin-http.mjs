// What the stand-in model APIs share: reading a JSON request body (a broken
// one reads as {}), answering JSON, and a pause for streaming.
export function readJson(req) {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      try {
        resolve(JSON.parse(raw || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

export function sendJson(res, value) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(typeof value === 'string' ? value : JSON.stringify(value));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function listen(server) {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${server.address().port}`;
}

// A stand-in for the Gemini API on 127.0.0.1, for driving the real Gemini
// CLI offline: streamGenerateContent answered as SSE from a script,
// generateContent (its helper calls) and countTokens answered plainly.
// Plain JavaScript so bench/ can use it too.
import { createServer } from 'node:http';
import { listen, readJson, sendJson, sleep } from './standin-http.mjs';

/** The text of the last user turn of a request. */
export function lastGeminiUserText(body) {
  const contents = Array.isArray(body?.contents) ? body.contents : [];
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i];
    if (c?.role && c.role !== 'user') continue;
    const texts = (c?.parts ?? []).map((p) => p?.text).filter((t) => typeof t === 'string');
    if (texts.length) return texts.join('\n');
  }
  return '';
}


/**
 * `reply(body)` returns `{ text }`, `{ functionCall: { name, args } }` (the
 * CLI then runs its tool and asks again with the functionResponse) or
 * undefined (a short default); streamed request bodies are kept in `requests`.
 */
export async function startGeminiStandin(reply) {
  const requests = [];
  const chunk = (text, done) => ({
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(done ? { finishReason: 'STOP' } : {}) }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  });
  const server = createServer((req, res) => {
    void readJson(req).then(async (body) => {
      const url = req.url ?? '';
      if (url.includes(':countTokens')) {
        sendJson(res, { totalTokens: 10 });
        return;
      }
      if (url.includes(':streamGenerateContent')) {
        requests.push(body);
        const r = reply(body);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        if (r?.functionCall) {
          const call = { candidates: [{ content: { parts: [{ functionCall: r.functionCall }], role: 'model' }, index: 0, finishReason: 'STOP' }] };
          res.write(`data: ${JSON.stringify({ ...call, usageMetadata: chunk('', true).usageMetadata })}\r\n\r\n`);
          res.end();
          return;
        }
        const text = r?.text ?? 'Sure.';
        for (let i = 0; i < text.length; i += 15) {
          res.write(`data: ${JSON.stringify(chunk(text.slice(i, i + 15), i + 15 >= text.length))}\r\n\r\n`);
          await sleep(10);
        }
        res.end();
        return;
      }
      if (url.includes(':generateContent')) {
        // Helper calls (routing, next speaker) ask for JSON.
        const json = body?.generationConfig?.responseMimeType === 'application/json';
        sendJson(res, chunk(json ? '{"reasoning":"answered","next_speaker":"user"}' : 'ok', true));
        return;
      }
      sendJson(res, '{}');
    });
  });
  const url = await listen(server);
  return { url, requests, close: () => new Promise((r) => server.close(r)) };
}

/** ~/.gemini/settings.json that lets the CLI start offline with an API key and no prompts. */
export const GEMINI_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
  general: { disableAutoUpdate: true },
  privacy: { usageStatisticsEnabled: false },
  ui: { theme: 'Default' },
};

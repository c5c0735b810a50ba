// A stand-in for the OpenAI Responses API on 127.0.0.1, for driving the
// real Codex offline: POST /v1/responses answered as SSE from a script.
// Plain JavaScript so bench/ can use it too.
import { createServer } from 'node:http';
import { listen, readJson, sendJson, sleep } from './standin-http.mjs';

/** The text of the last user message of a Responses request. */
export function lastResponsesUserText(body) {
  const input = Array.isArray(body?.input) ? body.input : [];
  for (let i = input.length - 1; i >= 0; i--) {
    const m = input[i];
    if (m?.role !== 'user') continue;
    const parts = Array.isArray(m.content) ? m.content : [];
    const texts = parts.map((p) => p?.text).filter((t) => typeof t === 'string');
    if (texts.length) return texts.join('\n');
  }
  return '';
}


/**
 * `reply(body)` returns `{ text }`, `{ functionCall: { name, arguments } }`
 * (Codex runs its tool and asks again with the function_call_output) or
 * undefined (a short default).
 */
export async function startOpenAIStandin(reply) {
  const requests = [];
  const server = createServer((req, res) => {
    void readJson(req).then(async (body) => {
      if (req.method !== 'POST' || !(req.url ?? '').includes('/responses')) {
        sendJson(res, '{"data":[]}');
        return;
      }
      requests.push(body);
      const r = reply(body);
      const id = `msg_${requests.length}`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
      if (r?.functionCall) {
        const call = { type: 'function_call', id: `fc_${requests.length}`, call_id: `call_${requests.length}`, name: r.functionCall.name, arguments: JSON.stringify(r.functionCall.arguments) };
        ev('response.created', { response: { id: `resp_${requests.length}` } });
        ev('response.output_item.added', { output_index: 0, item: call });
        ev('response.output_item.done', { output_index: 0, item: call });
        ev('response.completed', { response: { id: `resp_${requests.length}`, usage } });
        res.end();
        return;
      }
      const text = r?.text ?? 'Sure.';
      const item = { type: 'message', role: 'assistant', id, content: [{ type: 'output_text', text }] };
      ev('response.created', { response: { id: `resp_${requests.length}` } });
      ev('response.output_item.added', { output_index: 0, item: { ...item, content: [] } });
      for (let i = 0; i < text.length; i += 15) {
        ev('response.output_text.delta', { output_index: 0, content_index: 0, item_id: id, delta: text.slice(i, i + 15) });
        await sleep(15);
      }
      ev('response.output_item.done', { output_index: 0, item });
      ev('response.completed', {
        response: { id: `resp_${requests.length}`, usage },
      });
      res.end();
    });
  });
  const url = await listen(server);
  return { url, requests, close: () => new Promise((r) => server.close(r)) };
}

/** $CODEX_HOME/config.toml: a model provider at the stand-in, and the project trusted. */
export function codexConfig(url, projectDir) {
  return [
    'model = "gpt-5"',
    'model_provider = "standin"',
    '',
    '[model_providers.standin]',
    'name = "standin"',
    `base_url = "${url}/v1"`,
    'env_key = "OPENAI_API_KEY"',
    'wire_api = "responses"',
    '',
    `[projects."${projectDir}"]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
}

// A stand-in for the Anthropic Messages API on 127.0.0.1, for driving the
// real Claude Code offline: POST /v1/messages answered as SSE (or JSON when
// not streaming) from a script. Plain JavaScript so bench/ can use it too.
import { createServer } from 'node:http';
import { listen, readJson, sendJson, sleep } from './standin-http.mjs';

/** The text of the last user message: a string, or its text blocks. */
export function lastUserText(body) {
  const msgs = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) {
      const texts = m.content.filter((b) => b?.type === 'text').map((b) => b.text);
      if (texts.length) return texts.join('\n');
      return '';
    }
  }
  return '';
}

/** tool_result blocks of the last user message, if any. */
export function lastToolResults(body) {
  const msgs = Array.isArray(body?.messages) ? body.messages : [];
  const last = msgs[msgs.length - 1];
  return Array.isArray(last?.content) ? last.content.filter((b) => b?.type === 'tool_result') : [];
}

function sse(res, event, data) {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}


/**
 * `reply(body)` returns `{ text }`, `{ toolUse: { name, input } }` or
 * undefined (a short default). Every request body is kept in `requests`.
 */
export async function startAnthropicStandin(reply) {
  const requests = [];
  const server = createServer((req, res) => {
    void readJson(req).then(async (body) => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
        sendJson(res, '{}');
        return;
      }
      if (req.url.startsWith('/v1/messages/count_tokens')) {
        sendJson(res, { input_tokens: 100 });
        return;
      }
      requests.push(body);
      const r = reply(body) ?? { text: 'OK.' };
      const model = body.model ?? 'claude-standin';
      const block = r.toolUse
        ? { type: 'tool_use', id: `toolu_${requests.length}`, name: r.toolUse.name, input: {} }
        : { type: 'text', text: '' };
      const stop = r.toolUse ? 'tool_use' : 'end_turn';
      if (!body.stream) {
        const content = r.toolUse ? [{ ...block, input: r.toolUse.input }] : [{ type: 'text', text: r.text }];
        sendJson(res, { id: `msg_${requests.length}`, type: 'message', role: 'assistant', model, content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 20 } });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      sse(res, 'message_start', { type: 'message_start', message: { id: `msg_${requests.length}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 1 } } });
      sse(res, 'content_block_start', { type: 'content_block_start', index: 0, content_block: block });
      if (r.toolUse) {
        sse(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(r.toolUse.input) } });
      } else {
        // Streamed a few characters at a time, as a model does.
        for (let i = 0; i < r.text.length; i += 12) {
          sse(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: r.text.slice(i, i + 12) } });
          await sleep(5);
        }
      }
      sse(res, 'content_block_stop', { type: 'content_block_stop', index: 0 });
      sse(res, 'message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
      sse(res, 'message_stop', { type: 'message_stop' });
      res.end();
    });
  });
  const url = await listen(server);
  return { url, requests, close: () => new Promise((r) => server.close(r)) };
}

/** A temp HOME in which Claude Code starts offline: onboarding done, key approved, folder trusted. */
export function claudeHomeConfig(apiKey, projectDir) {
  return {
    hasCompletedOnboarding: true,
    customApiKeyResponses: { approved: [apiKey.slice(-20)], rejected: [] },
    projects: { [projectDir]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
  };
}

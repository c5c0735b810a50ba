/**
 * Gemini CLI's chat file of a session (~/.gemini/tmp/<slug>/chats/
 * session-<ts>-<id8>.jsonl) to turns. Line 1 is metadata; message lines are
 * {id, timestamp, type: user|gemini, content, toolCalls}; a message is
 * rewritten by appending it again (the last copy wins, in the place of the
 * first); `$set` lines patch the metadata, or replace the message list.
 * Pure and lenient, like the other CLIs' parsers.
 */
import type { ToolCall, Transcript, TranscriptTurn } from './types.js';
import { epochMs, isInjected, isObject, jsonObjects, outputTail, str, type Json } from './jsonl.js';

/** Message types that carry no conversation. */
const HOUSEKEEPING = new Set(['info', 'error', 'warning', 'system', 'compression', 'about']);
const FILE_TOOLS = /^(?:read_file|read_many_files|write_file|replace|edit|glob)$/;
const SHELL_MODE = /^I ran the following shell command:\s*```\w*\n([\s\S]*?)\n```/;

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (isObject(p) && typeof p['text'] === 'string' ? p['text'] : ''))
    .filter(Boolean)
    .join('\n');
}

/** The shell tool's output without the wrapping Gemini puts round it. */
function resultText(result: unknown): string {
  const parts = Array.isArray(result) ? result : [];
  const out: string[] = [];
  for (const p of parts) {
    const resp = isObject(p) && isObject(p['functionResponse']) ? p['functionResponse']['response'] : undefined;
    const text = isObject(resp) ? str(resp['output']) ?? str(resp['error']) ?? '' : '';
    out.push(text.replace(/<\/?untrusted_context>/g, '').replace(/^Process Group PGID:.*$/m, '').replace(/^Output:\s?/m, ''));
  }
  return out.join('\n');
}

function toolCall(c: Json, at: number): ToolCall | undefined {
  const name = str(c['name']);
  if (!name) return undefined;
  const args = isObject(c['args']) ? c['args'] : {};
  const output = resultText(c['result']);
  const exit = /Exit Code:\s*(-?\d+)/i.exec(output);
  const status = str(c['status']);
  const file = str(args['file_path']) ?? str(args['absolute_path']) ?? str(args['path']);
  return {
    name,
    command: str(args['command']),
    description: str(args['description']),
    files: file && FILE_TOOLS.test(name) ? [file] : [],
    ok: status === undefined ? undefined : status === 'success' && (!exit || exit[1] === '0'),
    outputTail: outputTail(output),
    at: epochMs(c['timestamp']) || at,
  };
}

export function parseGeminiChat(text: string): Transcript {
  const { objects, malformed } = jsonObjects(text);
  const skipped = { malformed, unknown: 0 };
  const meta: Transcript['meta'] = { sessionId: undefined, cwd: undefined, version: undefined };
  const messages = new Map<string, Json>();
  const add = (m: Json): void => {
    const id = str(m['id']) ?? `#${messages.size}`;
    messages.set(id, m);
  };
  for (const o of objects) {
    if (isObject(o['$set'])) {
      const set = o['$set'];
      if (Array.isArray(set['messages'])) {
        messages.clear();
        for (const m of set['messages']) if (isObject(m)) add(m);
      }
      meta.sessionId = str(set['sessionId']) ?? meta.sessionId;
      continue;
    }
    const type = o['type'];
    if (type === undefined && str(o['sessionId'])) {
      meta.sessionId ??= str(o['sessionId']);
      continue;
    }
    if (type === 'user' || type === 'gemini') {
      add(o);
      continue;
    }
    if (typeof type !== 'string' || !HOUSEKEEPING.has(type)) skipped.unknown++;
  }

  const turns: TranscriptTurn[] = [];
  const shellInputs: string[] = [];
  let current: TranscriptTurn | undefined;
  for (const m of messages.values()) {
    const at = epochMs(m['timestamp']);
    if (m['type'] === 'user') {
      // A user line holding only tool results belongs to the turn it answers.
      const prompt = partsText(m['content']).trim();
      // Shell mode (a line typed after "!") is reported to the model as a message of its own.
      const shell = SHELL_MODE.exec(prompt)?.[1];
      if (shell !== undefined) {
        shellInputs.push(shell.trim());
        continue;
      }
      // Gemini's own opening context names the workspace: the cwd, where projects.json is gone.
      if (isInjected(prompt)) meta.cwd ??= /Workspace Directories:\**\s*\n\s*- (\/.*)/.exec(prompt)?.[1]?.trim();
      if (!prompt || isInjected(prompt)) continue;
      current = { at, user: prompt, assistant: [], tools: [] };
      turns.push(current);
      continue;
    }
    if (!current) {
      current = { at, user: '', assistant: [], tools: [] };
      turns.push(current);
    }
    const said = partsText(m['content']).trim();
    if (said) current.assistant.push(said);
    for (const c of Array.isArray(m['toolCalls']) ? m['toolCalls'] : []) {
      const call = isObject(c) ? toolCall(c, at) : undefined;
      if (call) current.tools.push(call);
    }
  }
  return { turns, skipped, meta, shellInputs };
}

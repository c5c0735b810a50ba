/**
 * Claude Code's own transcript of a session (one JSON object per line, see
 * DESIGN.md) to turns: what the user asked, what the assistant said, the
 * tools it ran and how they ended. Pure and lenient: the schema drifts
 * between versions, so unknown line types are skipped and counted, broken
 * lines are counted, and nothing here throws.
 */
import type { ToolCall, Transcript, TranscriptTurn } from './types.js';
import { epochMs, isObject, jsonObjects, outputTail, type Json } from './jsonl.js';

/** Line types that carry no conversation: skipped without counting them as unknown. */
const HOUSEKEEPING = new Set(['attachment', 'queue-operation', 'last-prompt', 'system', 'summary', 'file-history-snapshot', 'mode', 'permission-mode', 'progress', 'custom-title']);

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => (isObject(b) && b['type'] === 'text' && typeof b['text'] === 'string' ? b['text'] : ''))
    .filter(Boolean)
    .join('\n');
}

/** A prompt the user typed, not a slash command's bookkeeping or an injected reminder. */
function isTypedPrompt(text: string): boolean {
  const t = text.trim();
  return t !== '' && !/^<(?:command-name|command-message|local-command|system-reminder|bash-input|bash-stdout)/.test(t);
}

function filesOf(name: string, input: Json): string[] {
  const p = input['file_path'] ?? input['notebook_path'] ?? input['path'];
  return typeof p === 'string' && /^(?:Read|Edit|MultiEdit|Write|NotebookEdit)$/.test(name) ? [p] : [];
}

export function parseClaudeTranscript(text: string): Transcript {
  const entries: Array<{ at: number; order: number; o: Json }> = [];
  const { objects, malformed } = jsonObjects(text);
  const skipped = { malformed, unknown: 0 };
  const meta: Transcript['meta'] = { sessionId: undefined, cwd: undefined, version: undefined };
  let order = 0;
  for (const o of objects) {
    const type = o['type'];
    if (typeof o['cwd'] === 'string') meta.cwd ??= o['cwd'];
    if (typeof o['sessionId'] === 'string') meta.sessionId ??= o['sessionId'];
    if (typeof o['version'] === 'string') meta.version ??= o['version'];
    if (type !== 'user' && type !== 'assistant') {
      if (typeof type !== 'string' || !HOUSEKEEPING.has(type)) skipped.unknown++;
      continue;
    }
    entries.push({ at: epochMs(o['timestamp']), order: order++, o });
  }
  // The file is not always in time order (an assistant line may be written first).
  entries.sort((a, b) => a.at - b.at || a.order - b.order);

  const turns: TranscriptTurn[] = [];
  const shellInputs: string[] = [];
  const pending = new Map<string, ToolCall>();
  let current: TranscriptTurn | undefined;
  for (const { at, o } of entries) {
    const message = isObject(o['message']) ? o['message'] : {};
    const content = message['content'];
    if (o['type'] === 'user') {
      if (Array.isArray(content) && content.some((b) => isObject(b) && b['type'] === 'tool_result')) {
        for (const b of content) {
          if (!isObject(b) || b['type'] !== 'tool_result') continue;
          const call = pending.get(String(b['tool_use_id']));
          if (!call) continue;
          call.ok = b['is_error'] !== true;
          call.outputTail = outputTail(typeof b['content'] === 'string' ? b['content'] : textOf(b['content']));
          pending.delete(String(b['tool_use_id']));
        }
        continue;
      }
      const prompt = textOf(content);
      const shell = /^\s*<bash-input>([\s\S]*?)<\/bash-input>/.exec(prompt)?.[1];
      if (shell !== undefined) shellInputs.push(shell.trim());
      if (o['isMeta'] === true || !isTypedPrompt(prompt)) continue;
      current = { at, user: prompt.trim(), assistant: [], tools: [] };
      turns.push(current);
      continue;
    }
    if (!Array.isArray(content)) continue;
    current ??= (() => {
      const t: TranscriptTurn = { at, user: '', assistant: [], tools: [] };
      turns.push(t);
      return t;
    })();
    for (const b of content) {
      if (!isObject(b)) continue;
      if (b['type'] === 'text' && typeof b['text'] === 'string' && b['text'].trim()) current.assistant.push(b['text'].trim());
      if (b['type'] === 'tool_use' && typeof b['name'] === 'string') {
        const input = isObject(b['input']) ? b['input'] : {};
        const call: ToolCall = {
          name: b['name'],
          command: typeof input['command'] === 'string' ? input['command'] : undefined,
          description: typeof input['description'] === 'string' ? input['description'] : undefined,
          files: filesOf(b['name'], input),
          ok: undefined,
          outputTail: '',
          at,
        };
        current.tools.push(call);
        if (typeof b['id'] === 'string') pending.set(b['id'], call);
      }
    }
  }
  return { turns, skipped, meta, shellInputs };
}

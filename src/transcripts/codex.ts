/**
 * Codex's rollout of a session ($CODEX_HOME/sessions/YYYY/MM/DD/
 * rollout-<ts>-<uuid>.jsonl) to turns. Each line is {timestamp, type,
 * payload}; the conversation is in `response_item`s (messages, function
 * calls and their outputs); `event_msg` repeats it for the UI and is not
 * read twice. Pure and lenient, like the other CLIs' parsers.
 */
import type { ToolCall, Transcript, TranscriptTurn } from './types.js';
import { epochMs, isInjected, isObject, jsonObjects, outputTail, str, type Json } from './jsonl.js';

/** Line types that carry no conversation, or repeat it. */
const HOUSEKEEPING = new Set(['turn_context', 'world_state', 'event_msg', 'token_usage_record', 'compacted', 'session_state']);

function contentText(content: unknown, kind: 'input_text' | 'output_text'): string {
  if (!Array.isArray(content)) return typeof content === 'string' ? content : '';
  return content
    .map((p) => (isObject(p) && (p['type'] === kind || p['type'] === 'text') && typeof p['text'] === 'string' ? p['text'] : ''))
    .filter(Boolean)
    .join('\n');
}

/** exec_command takes {cmd}; the older shell tool takes {command: ["bash", "-lc", "…"]}. */
function commandOf(args: Json): string | undefined {
  const cmd = str(args['cmd']) ?? str(args['command']);
  if (cmd) return cmd;
  const argv = Array.isArray(args['command']) ? args['command'].filter((a): a is string => typeof a === 'string') : [];
  if (argv.length >= 3 && /(?:^|\/)(?:ba|z)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? '')) return argv.slice(2).join(' ');
  return argv.length ? argv.join(' ') : undefined;
}

function parseArgs(raw: unknown): Json {
  if (isObject(raw)) return raw;
  try {
    const v: unknown = JSON.parse(String(raw));
    return isObject(v) ? v : {};
  } catch {
    return {};
  }
}

/** An output's exit code and text: "Process exited with code N … Output:\n…", or {output, metadata:{exit_code}}. */
function outcome(output: unknown): { code: number | undefined; text: string } {
  const raw = typeof output === 'string' ? output : isObject(output) ? str(output['content']) ?? '' : '';
  const asJson = parseArgs(raw);
  if (typeof asJson['output'] === 'string') {
    const md = isObject(asJson['metadata']) ? asJson['metadata'] : {};
    return { code: typeof md['exit_code'] === 'number' ? md['exit_code'] : undefined, text: asJson['output'] };
  }
  const code = /exited with code (-?\d+)/.exec(raw)?.[1];
  const body = /\nOutput:\n([\s\S]*)$/.exec(raw)?.[1] ?? raw;
  return { code: code === undefined ? undefined : Number(code), text: body };
}

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

export function parseCodexRollout(text: string): Transcript {
  const { objects, malformed } = jsonObjects(text);
  const skipped = { malformed, unknown: 0 };
  const meta: Transcript['meta'] = { sessionId: undefined, cwd: undefined, version: undefined };
  const turns: TranscriptTurn[] = [];
  const shellInputs: string[] = [];
  const pending = new Map<string, ToolCall>();
  let current: TranscriptTurn | undefined;
  const turn = (at: number): TranscriptTurn => {
    if (!current) {
      current = { at, user: '', assistant: [], tools: [] };
      turns.push(current);
    }
    return current;
  };
  for (const o of objects) {
    const type = o['type'];
    const p = isObject(o['payload']) ? o['payload'] : {};
    const at = epochMs(o['timestamp']);
    if (type === 'session_meta') {
      meta.sessionId ??= str(p['id']) ?? str(p['session_id']);
      meta.cwd ??= str(p['cwd']);
      meta.version ??= str(p['cli_version']);
      continue;
    }
    if (type !== 'response_item') {
      if (typeof type !== 'string' || !HOUSEKEEPING.has(type)) skipped.unknown++;
      continue;
    }
    const kind = p['type'];
    if (kind === 'message') {
      if (p['role'] === 'user') {
        const prompt = contentText(p['content'], 'input_text').trim();
        // A line typed after "!" runs in the user's shell and is reported like this.
        const shell = /^<user_shell_command>\s*<command>\n?([\s\S]*?)\n?<\/command>/.exec(prompt)?.[1];
        if (shell !== undefined) {
          shellInputs.push(shell.trim());
          continue;
        }
        if (!prompt || isInjected(prompt)) continue;
        current = { at, user: prompt, assistant: [], tools: [] };
        turns.push(current);
      } else if (p['role'] === 'assistant') {
        const said = contentText(p['content'], 'output_text').trim();
        if (said) turn(at).assistant.push(said);
      }
      continue;
    }
    if (kind === 'function_call' || kind === 'local_shell_call' || kind === 'custom_tool_call') {
      const name = str(p['name']) ?? (kind === 'local_shell_call' ? 'local_shell' : 'tool');
      const args = kind === 'local_shell_call' && isObject(p['action']) ? p['action'] : parseArgs(p['arguments'] ?? p['input']);
      const patch = kind === 'custom_tool_call' ? String(p['input'] ?? '') : '';
      const call: ToolCall = {
        name,
        command: kind === 'custom_tool_call' ? undefined : commandOf(args),
        description: str(args['justification']),
        files: [...patch.matchAll(PATCH_FILE)].map((m) => (m[1] ?? '').trim()),
        ok: undefined,
        outputTail: '',
        at,
      };
      turn(at).tools.push(call);
      const id = str(p['call_id']) ?? str(p['id']);
      if (id) pending.set(id, call);
      continue;
    }
    if (kind === 'function_call_output' || kind === 'custom_tool_call_output') {
      const call = pending.get(str(p['call_id']) ?? '');
      if (!call) continue;
      const r = outcome(p['output']);
      call.ok = r.code === undefined ? !/^(?:error|failed)/i.test(r.text) : r.code === 0;
      call.outputTail = outputTail(r.text);
      pending.delete(str(p['call_id']) ?? '');
      continue;
    }
    // reasoning, web_search_call and kinds to come carry nothing to remember.
  }
  return { turns, skipped, meta, shellInputs };
}

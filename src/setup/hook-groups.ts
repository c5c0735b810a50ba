/**
 * Pure: a CLI's hook settings with claude-mem's hooks added or taken out.
 * Claude Code's settings.json, Codex's hooks.json and a Gemini extension's
 * hooks/hooks.json share one shape:
 *   {"hooks":{"<Event>":[{"matcher":"","hooks":[{"type":"command","command":"…","timeout":N}]}]}}
 * Ours are recognised by the tag their command ends with (HOOK_TAG), so
 * adding twice changes nothing and removing leaves the user's own hooks.
 */
import { isObject, type Json } from '../transcripts/jsonl.js';

/** Every command setup writes ends with this shell comment, wherever claude-mem is installed. */
export const HOOK_TAG = '# claude-mem';
const OURS = /#\s*claude-mem\s*$/;

export interface HookSpec {
  event: string;
  command: string;
  /** In the CLI's own unit: seconds for Claude Code and Codex, milliseconds for Gemini. */
  timeout: number;
  matcher?: string;
}

interface HookGroup {
  matcher?: string;
  hooks: Array<{ type: string; command: string; timeout?: number }>;
}

function groups(settings: Json, event: string): HookGroup[] {
  const hooks = isObject(settings['hooks']) ? settings['hooks'] : {};
  const list = hooks[event];
  return Array.isArray(list) ? (list.filter(isObject) as unknown as HookGroup[]) : [];
}

function isOurs(g: HookGroup): boolean {
  return Array.isArray(g.hooks) && g.hooks.some((h) => typeof h.command === 'string' && OURS.test(h.command));
}

export function hasOurHooks(settings: Json, events: readonly string[]): boolean {
  return events.some((e) => groups(settings, e).some(isOurs));
}

/** Where our hook for an event sits: its group's index in that event's list (Codex keys its trust by it). */
export function ourGroupIndex(settings: Json, event: string): number {
  return groups(settings, event).findIndex(isOurs);
}

export function withOurHooks(settings: Json, specs: HookSpec[]): Json {
  const hooks: Json = isObject(settings['hooks']) ? { ...settings['hooks'] } : {};
  for (const s of specs) {
    const kept = groups(settings, s.event).filter((g) => !isOurs(g));
    hooks[s.event] = [...kept, { matcher: s.matcher ?? '', hooks: [{ type: 'command', command: s.command, timeout: s.timeout }] }];
  }
  return { ...settings, hooks };
}

export function withoutOurHooks(settings: Json, events: readonly string[]): Json {
  if (!isObject(settings['hooks'])) return settings;
  const hooks: Json = { ...settings['hooks'] };
  for (const event of events) {
    const kept = groups(settings, event).filter((g) => !isOurs(g));
    if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  const out: Json = { ...settings, hooks };
  if (Object.keys(hooks).length === 0) delete out['hooks'];
  return out;
}

/**
 * Pure: Claude Code's settings.json with claude-mem's hooks added or taken
 * out. Ours are recognised by the tag their command ends with (HOOK_TAG),
 * so adding twice changes nothing and removing leaves the user's own hooks.
 * Shape: {"hooks":{"<Event>":[{"matcher":"","hooks":[{"type":"command","command":"…","timeout":N}]}]}}.
 */
export const CLAUDE_HOOK_EVENTS = ['SessionStart', 'SessionEnd'] as const;
/** Every command setup writes ends with this shell comment, wherever claude-mem is installed. */
export const HOOK_TAG = '# claude-mem';
const OURS = /#\s*claude-mem\s*$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

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

export function hasOurHooks(settings: Json): boolean {
  return CLAUDE_HOOK_EVENTS.some((e) => groups(settings, e).some(isOurs));
}

/** `command(event)` is the shell command a hook runs. */
export function withOurHooks(settings: Json, command: (event: string) => string): Json {
  const hooks: Json = isObject(settings['hooks']) ? { ...settings['hooks'] } : {};
  for (const event of CLAUDE_HOOK_EVENTS) {
    const kept = groups(settings, event).filter((g) => !isOurs(g));
    // SessionEnd hooks get 1.5 s from Claude Code: ours only queues work.
    hooks[event] = [...kept, { matcher: '', hooks: [{ type: 'command', command: command(event), timeout: event === 'SessionEnd' ? 2 : 30 }] }];
  }
  return { ...settings, hooks };
}

export function withoutOurHooks(settings: Json): Json {
  if (!isObject(settings['hooks'])) return settings;
  const hooks: Json = { ...settings['hooks'] };
  for (const event of CLAUDE_HOOK_EVENTS) {
    const kept = groups(settings, event).filter((g) => !isOurs(g));
    if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  const out: Json = { ...settings, hooks };
  if (Object.keys(hooks).length === 0) delete out['hooks'];
  return out;
}

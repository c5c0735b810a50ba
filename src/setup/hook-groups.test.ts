import { describe, expect, it } from 'vitest';
import { hasOurHooks, ourGroupIndex, withOurHooks, withoutOurHooks, type HookSpec } from './hook-groups.js';

const cmd = (e: string): string => `/usr/bin/node /opt/claude-mem/dist/cli/main.js hook ${e} --for claude # claude-mem`;
const EVENTS = ['SessionStart', 'SessionEnd'];
const specs: HookSpec[] = EVENTS.map((event) => ({ event, command: cmd(event), timeout: 30 }));

describe("claude-mem's hooks in a CLI's hook settings", () => {
  const user = { model: 'opus', hooks: { SessionStart: [{ matcher: '', hooks: [{ type: 'command', command: 'echo mine' }] }], PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'audit' }] }] } };

  it('adds ours beside the user own, once however often it runs', () => {
    const once = withOurHooks(user, specs);
    expect(withOurHooks(once, specs)).toEqual(once);
    expect(hasOurHooks(once, EVENTS)).toBe(true);
    const start = (once['hooks'] as Record<string, Array<{ hooks: Array<{ command: string }> }>>)['SessionStart'] ?? [];
    expect(start.map((g) => g.hooks[0]?.command)).toEqual(['echo mine', cmd('SessionStart')]);
    expect(ourGroupIndex(once, 'SessionStart')).toBe(1);
    expect(ourGroupIndex(user, 'SessionStart')).toBe(-1);
  });

  it('takes out only ours', () => {
    expect(withoutOurHooks(withOurHooks(user, specs), EVENTS)).toEqual(user);
    expect(withoutOurHooks(withOurHooks({}, specs), EVENTS)).toEqual({});
    expect(hasOurHooks(user, EVENTS)).toBe(false);
  });
});

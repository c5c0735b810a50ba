import { describe, expect, it } from 'vitest';
import { hasOurHooks, withOurHooks, withoutOurHooks } from './claude-settings.js';

const cmd = (e: string): string => `/usr/bin/node /opt/claude-mem/dist/cli/main.js hook ${e} --for claude # claude-mem`;

describe("claude-mem's hooks in Claude Code's settings", () => {
  const user = { model: 'opus', hooks: { SessionStart: [{ matcher: '', hooks: [{ type: 'command', command: 'echo mine' }] }], PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'audit' }] }] } };

  it('adds ours beside the user own, once however often it runs', () => {
    const once = withOurHooks(user, cmd);
    expect(withOurHooks(once, cmd)).toEqual(once);
    expect(hasOurHooks(once)).toBe(true);
    const start = (once['hooks'] as Record<string, Array<{ hooks: Array<{ command: string }> }>>)['SessionStart'] ?? [];
    expect(start.map((g) => g.hooks[0]?.command)).toEqual(['echo mine', cmd('SessionStart')]);
  });

  it('takes out only ours', () => {
    expect(withoutOurHooks(withOurHooks(user, cmd))).toEqual(user);
    expect(withoutOurHooks(withOurHooks({}, cmd))).toEqual({});
    expect(hasOurHooks(user)).toBe(false);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSandbox, CLI, ROOT } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { poll } from '../helpers/cli.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const FIXTURE = join(ROOT, 'tests', 'fixtures', 'relaunching-cli.mjs');

/** Processes whose command line holds the tag: the wrapper and both of the CLI's. */
function running(tag: string): string[] {
  return spawnSync('pgrep', ['-f', tag], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
}

describe('a closed terminal ends the session', () => {
  for (const mode of ['', 'stubborn']) {
    it(`leaves no process of the session when its tmux pane is killed${mode ? ' (a CLI that ignores the hangup)' : ''}`, { timeout: 60_000 }, async () => {
      const sb = makeSandbox('cm-hangup');
      const tag = `cmtag${Math.random().toString(36).slice(2, 10)}`;
      const name = `hup${mode}`;
      // From a script, so only the session's own processes carry the tag in their command line (not tmux's).
      const script = join(sb.home, 'start.sh');
      writeFileSync(script, `exec ${process.execPath} ${CLI} run -- ${process.execPath} ${FIXTURE} parent ${tag} ${mode}\n`);
      tmux.start(name, `sh ${script}`, { cwd: sb.project, env: sb.env });
      await tmux.waitFor(name, (s) => s.includes(`relaunched child ready ${tag}`));
      expect(running(tag).length).toBe(3);
      tmux.killPane(name);
      await poll(() => running(tag), (pids) => pids.length === 0, 15_000);
      // The session was closed and handed to the distiller: no lock is left.
      const sessions = join(sb.project, '.claude-mem', 'sessions');
      await poll(() => readdirSync(sessions).filter((f) => f.endsWith('.lock')), (locks) => locks.length === 0, 15_000);
    });
  }
});

// The one sandbox of the tests and the benchmarks: a temporary home with its
// own data, config and XDG dirs, so nothing ever touches the real ~. Plain
// JavaScript so bench/ (which runs the built product with node) can use it too.
import { mkdtempSync, mkdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh home; `project` inside it is a git root, like a real checkout. */
export function makeSandbox(name = 'cm') {
  const home = realpathSync(mkdtempSync(join(tmpdir(), `${name}-`)));
  const project = join(home, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    SHELL: '/bin/sh',
    CLAUDE_MEM_DATA_DIR: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'xdg-data'),
  };
  return { home, project, env };
}

import { mkdtempSync, mkdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');

export interface Sandbox {
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

/**
 * A temporary home with its own data and config dirs: tests never touch the
 * real ~. The project directory is a git root, like a real checkout.
 */
export function makeSandbox(name = 'cm'): Sandbox {
  const home = realpathSync(mkdtempSync(join(tmpdir(), `${name}-`)));
  const project = join(home, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
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

import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/** The user store lives here when set; every test points it at a temp dir. */
export const DATA_DIR_ENV = 'CLAUDE_MEM_DATA_DIR';
export const PROJECT_CONFIG_FILE = 'claude-mem.yaml';
export const PROJECT_DATA_DIR = '.claude-mem';

export interface Paths {
  /** Nearest ancestor with claude-mem.yaml, else the git root, else cwd. */
  projectRoot: string;
  /** `<root>/.claude-mem`, unless that would be `~/.claude-mem` (see below). */
  projectDataDir: string;
  projectDb: string;
  sessionsDir: string;
  projectConfig: string;
  /** The user store: global memories, the model cache. */
  userDataDir: string;
  userDb: string;
  userConfig: string;
  modelsDir: string;
}

function findUp(start: string, test: (dir: string) => boolean): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (test(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function findProjectRoot(cwd: string): string {
  return (
    findUp(cwd, (d) => existsSync(join(d, PROJECT_CONFIG_FILE))) ??
    findUp(cwd, (d) => existsSync(join(d, '.git'))) ??
    resolve(cwd)
  );
}

export function userDataDir(env: NodeJS.ProcessEnv): string {
  const override = env[DATA_DIR_ENV];
  if (override) return resolve(override);
  const xdg = env['XDG_DATA_HOME'];
  return join(xdg ? resolve(xdg) : join(env['HOME'] ?? homedir(), '.local', 'share'), 'claude-mem');
}

export function userConfigFile(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg ? resolve(xdg) : join(env['HOME'] ?? homedir(), '.config'), 'claude-mem', 'config.yaml');
}


export function resolvePaths(cwd: string, env: NodeJS.ProcessEnv, dbPath = join(PROJECT_DATA_DIR, 'mem.db')): Paths {
  const projectRoot = findProjectRoot(cwd);
  const userDir = userDataDir(env);
  const home = resolve(env['HOME'] ?? homedir());
  // Another, unrelated memory plugin owns ~/.claude-mem. When the project
  // root is the home directory itself, keep that project's data inside our
  // user store instead of ever touching that folder.
  const collides = resolve(projectRoot) === home;
  const projectDataDir = collides ? join(userDir, 'home-project') : join(projectRoot, PROJECT_DATA_DIR);
  const projectDb = collides ? join(projectDataDir, 'mem.db') : resolve(projectRoot, dbPath);
  return {
    projectRoot,
    projectDataDir,
    projectDb,
    sessionsDir: join(projectDataDir, 'sessions'),
    projectConfig: join(projectRoot, PROJECT_CONFIG_FILE),
    userDataDir: userDir,
    userDb: join(userDir, 'mem.db'),
    userConfig: userConfigFile(env),
    modelsDir: join(userDir, 'models'),
  };
}

/** The nearest part of `p` that exists, with symlinks resolved, and the rest appended. */
export function realish(p: string): string {
  const rest: string[] = [];
  let cur = resolve(p);
  for (;;) {
    try {
      return join(realpathSync(cur), ...rest.reverse());
    } catch {
      const parent = dirname(cur);
      if (parent === cur) return resolve(p);
      rest.push(basename(cur));
      cur = parent;
    }
  }
}

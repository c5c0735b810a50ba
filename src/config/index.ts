import { mergeLayers, readConfigFile, envLayer, flagLayer, type ConfigLayer, type LoadedConfig } from './load.js';
import { resolvePaths, findProjectRoot, PROJECT_CONFIG_FILE, type Paths } from './paths.js';
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigError } from '../errors.js';

export { configSchema, defaultConfig, computedDefaults, type Config, type AdapterConfig } from './schema.js';
export { listConfigKeys, type ConfigKey } from './keys.js';
// The renderers (config/render.ts) are imported from there: only init and docs use them.
export { resolvePaths, type Paths, DATA_DIR_ENV, PROJECT_CONFIG_FILE, PROJECT_DATA_DIR } from './paths.js';
export type { LoadedConfig } from './load.js';

export interface LoadOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `--set key=value` flags, highest precedence. */
  sets?: string[];
}

/** Defaults < user config < project claude-mem.yaml < environment < flags. */
export function loadConfig(opts: LoadOptions): LoadedConfig & { paths: Paths } {
  const root = findProjectRoot(opts.cwd);
  const layers: ConfigLayer[] = [];
  const user = readConfigFile(resolvePaths(opts.cwd, opts.env).userConfig);
  if (user) layers.push(user);
  const project = readConfigFile(join(root, PROJECT_CONFIG_FILE));
  if (project) layers.push(project);
  layers.push(envLayer(opts.env));
  layers.push(flagLayer(opts.sets ?? []));
  const loaded = mergeLayers(layers);
  const paths = resolvePaths(opts.cwd, opts.env, loaded.config.store.db_path);
  checkProjectStorePath(loaded, paths, project?.origin);
  return { ...loaded, paths };
}

/** The nearest part of `p` that exists, with symlinks resolved, and the rest appended. */
function realish(p: string): string {
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

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * A claude-mem.yaml comes with any cloned repository, so it is untrusted:
 * the project store it names (or a .claude-mem symlink it ships) must stay
 * inside the project. The user's own config, environment or --set may
 * allow otherwise (store.allow_external_db_path), never the project file.
 */
function checkProjectStorePath(loaded: LoadedConfig, paths: Paths, projectFile: string | undefined): void {
  const from = loaded.sources.get('store.db_path');
  const userChose = from !== undefined && from !== projectFile;
  if (userChose) return;
  const allowFrom = loaded.sources.get('store.allow_external_db_path');
  if (loaded.config.store.allow_external_db_path && allowFrom !== projectFile) return;
  // The home-directory project keeps its data in the user store (see paths.ts).
  if (!isInside(paths.projectDb, paths.projectRoot)) {
    if (!from) return;
  }
  const root = realish(paths.projectRoot);
  const db = realish(paths.projectDb);
  if (isInside(db, root)) return;
  throw new ConfigError(
    `${from ? `${from}: ` : ''}the project store ${paths.projectDb} would be outside the project ${paths.projectRoot}${db !== paths.projectDb ? ` (it resolves to ${db})` : ''}. A project's claude-mem.yaml may only place store.db_path inside the project. If you want it there, set store.db_path (or store.allow_external_db_path: true) in your own config, ${paths.userConfig}.`,
  );
}

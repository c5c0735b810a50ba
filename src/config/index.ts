import { mergeLayers, readConfigText, parseConfigText, envLayer, flagLayer, type LoadedConfig } from './load.js';
import { cachedConfig, configKey, keepConfig } from './cache.js';
import { configEnvValues } from './keys.js';
import { resolvePaths, findProjectRoot, realish, PROJECT_CONFIG_FILE, type Paths } from './paths.js';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { ConfigError } from '../errors.js';
import { asideDataDir, dropTrustKeys, ignoredNotice, shippedNotice, trustState } from './trust.js';
import { ownershipOf } from './repo-owned.js';

export { configSchema, computedDefaults, type Config, type AdapterConfig } from './schema.js';
export { defaultConfig } from './defaults.js';
export { listConfigKeys, type ConfigKey } from './keys.js';
// The renderers (config/render.ts) are imported from there: only init and docs use them.
export { resolvePaths, type Paths, DATA_DIR_ENV, PROJECT_CONFIG_FILE, PROJECT_DATA_DIR } from './paths.js';
export type { LoadedConfig } from './load.js';
export { TRUST_KEYS, setTrust, trustState, type TrustState } from './trust.js';
export { teamConfigured } from './team.js';

export interface LoadOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `--set key=value` flags, highest precedence. */
  sets?: string[];
}

/** Defaults < user config < project claude-mem.yaml < environment < flags. */
export function loadConfig(opts: LoadOptions): LoadedConfig & { paths: Paths } {
  const root = findProjectRoot(opts.cwd);
  const base = resolvePaths(opts.cwd, opts.env);
  const projectFile = join(root, PROJECT_CONFIG_FILE);
  const files = [base.userConfig, projectFile].flatMap((path) => {
    const text = readConfigText(path);
    return text === undefined ? [] : [{ path, text }];
  });
  const projectText = files.find((f) => f.path === projectFile)?.text;
  const trust = projectText === undefined ? 'trusted' : trustState(base.userDataDir, root, projectText);
  const inputs = { files, env: configEnvValues(opts.env), sets: opts.sets ?? [], trust };
  const parse = (): LoadedConfig => {
    const ignored: string[] = [];
    const layers = files.map((f) => {
      const layer = parseConfigText(f.path, f.text);
      if (f.path === projectFile && trust !== 'trusted') ignored.push(...dropTrustKeys(layer.values));
      return layer;
    });
    const merged = mergeLayers([...layers, envLayer(opts.env), flagLayer(inputs.sets)]);
    if (ignored.length) merged.warnings.unshift(ignoredNotice(projectFile, ignored, trust));
    return merged;
  };
  let loaded: LoadedConfig;
  if (files.length === 0 && inputs.env.length === 0 && inputs.sets.length === 0) {
    // Nothing set anywhere: the generated defaults, with no YAML parser or zod loaded.
    loaded = parse();
  } else {
    const key = configKey(inputs);
    const kept = cachedConfig(base.userDataDir, key);
    loaded = kept ?? parse();
    if (!kept) keepConfig(base.userDataDir, key, loaded);
  }
  let paths = resolvePaths(opts.cwd, opts.env, loaded.config.store.db_path);
  paths = setShippedAside(paths, loaded);
  checkProjectStorePath(loaded, paths, projectText !== undefined && trust !== 'trusted' ? projectFile : undefined);
  return { ...loaded, paths };
}

/**
 * Data that came with the repository (a committed `.claude-mem/`, in any
 * worktree, submodule or nested project, or a link in it leading out) is not
 * read or written until the folder is trusted (config/repo-owned.ts): this
 * project's memory goes to the user data folder meanwhile.
 */
function setShippedAside(paths: Paths, loaded: LoadedConfig): Paths {
  if (!existsSync(paths.projectDataDir) && !existsSync(paths.sessionsDir)) return paths;
  if (!isInside(paths.projectDataDir, paths.projectRoot)) return paths;
  const owner = ownershipOf(paths);
  if (owner.mine) return paths;
  if (trustState(paths.userDataDir, paths.projectRoot, readConfigText(paths.projectConfig)) === 'trusted') return paths;
  const aside = asideDataDir(paths.userDataDir, paths.projectRoot);
  loaded.warnings.push(shippedNotice(paths.projectDataDir, owner.why, aside));
  return { ...paths, projectDataDir: aside, projectDb: join(aside, 'mem.db'), sessionsDir: join(aside, 'sessions') };
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

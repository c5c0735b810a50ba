import { mergeLayers, readConfigFile, envLayer, flagLayer, type ConfigLayer, type LoadedConfig } from './load.js';
import { resolvePaths, findProjectRoot, PROJECT_CONFIG_FILE, type Paths } from './paths.js';
import { join } from 'node:path';

export { configSchema, defaultConfig, computedDefaults, type Config, type AdapterConfig } from './schema.js';
export { listConfigKeys, type ConfigKey } from './keys.js';
export { renderExampleYaml, renderReadmeTable, spliceReadmeTable, renderDefaultsModule } from './render.js';
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
  return { ...loaded, paths: resolvePaths(opts.cwd, opts.env, loaded.config.store.db_path) };
}

import { createRequire } from 'node:module';

// yaml costs ~25 ms to load; most launches have no config file and no
// CLAUDE_MEM_* variables, so it is loaded only when there is YAML to read.
const requireCjs = createRequire(import.meta.url);
let yamlModule: typeof import('yaml') | undefined;

export function yaml(): typeof import('yaml') {
  yamlModule ??= requireCjs('yaml') as typeof import('yaml');
  return yamlModule;
}

// Builds the bundles of scripts/bundle.config.mjs through rolldown's API: the
// CLI prints a table of every chunk on each build (some 90 lines), which says
// nothing a build that went well needs to say. Warnings and errors still show.
// The three dynamic imports rolldown calls ineffective are so on purpose: the
// chunks are grouped by hand (see the config), and the dynamic import is what
// keeps a single command from loading the others.
import { build } from 'rolldown';
import configs from './bundle.config.mjs';

const quiet = (level, log, handler) => {
  if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
  handler(level, log);
};
for (const config of configs) await build({ ...config, onLog: quiet, write: true });

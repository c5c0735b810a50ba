// The command a CLI's hooks run (setup writes it), bundled to CommonJS as
// dist/hook/main.cjs: a hook is one process per event, for some CLIs one per
// tool call, and Node's ESM loader alone costs one about 15 ms here. Every
// event but SessionStart is spooled right here with node: builtins;
// SessionStart, whose block needs the stores, is the full CLI (the ESM
// bundle's main.js), argv unchanged.
import { fastHook } from './hook-spool.js';

// From dist/hook/main.cjs (rolldown turns import.meta.url into __filename's URL) or dist/cli/hook-main.js alike.
if (!fastHook(process.argv.slice(2), process.env, process.cwd())) void import(new URL('../bundle/main.cjs', import.meta.url).href);

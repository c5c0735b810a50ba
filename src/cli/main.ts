#!/usr/bin/env node
// The entry point. A hook event other than SessionStart (one per tool call
// of a CLI) takes a path that loads no commander and no SQLite; everything
// else is the full CLI (cli.ts).
const argv = process.argv.slice(2);
const event = argv[0] === 'hook' ? argv[1] : undefined;
if (event && /^[A-Za-z]+$/.test(event) && event !== 'SessionStart' && !argv.some((a) => a === '--help' || a === '-h')) {
  const forAt = argv.indexOf('--for');
  const forCli = forAt >= 0 ? (argv[forAt + 1] ?? 'claude') : 'claude';
  const { spoolHook } = await import('./hook-spool.js');
  await spoolHook(event, forCli, process.env, process.cwd());
} else {
  await import('./cli.js');
}

// The floor of a launch that must read the store before the CLI starts: the
// bare node-pty forwarder (forwarder.mjs), after the least any block builder
// does. SQLite loaded, both stores opened read-only, and in each the hottest
// memories and an FTS match read, then `true` spawned on a new terminal.
//   node bench/store-forwarder.mjs <project.db> <user.db> <cmd> [args…]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawn } from 'node-pty';

const Database = createRequire(import.meta.url)('better-sqlite3');
const [projectDb, userDb, cmd, ...args] = process.argv.slice(2);
for (const file of [projectDb, userDb]) {
  if (!existsSync(file)) continue;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.prepare(`SELECT * FROM memories WHERE status = 'active' ORDER BY heat DESC LIMIT 40`).all();
  db.prepare(`SELECT m.* FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid WHERE memories_fts MATCH ? ORDER BY bm25(memories_fts) LIMIT 40`).all('project OR main OR test');
  db.close();
}
const p = spawn(cmd, args, { cols: 80, rows: 24, env: process.env, encoding: null });
p.onData((d) => process.stdout.write(d));
p.onExit(({ exitCode }) => process.exit(exitCode));

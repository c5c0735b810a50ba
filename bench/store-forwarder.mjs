// The floor of a launch that must read the store before the CLI starts:
// the least any block builder does (SQLite loaded, both stores opened
// read-only, in each the hottest memories of each type and an FTS match
// read), then the bare node-pty forwarder itself (forwarder.mjs), unchanged.
//   node bench/store-forwarder.mjs <project.db> <user.db> <cmd> [args…]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const Database = createRequire(import.meta.url)('better-sqlite3');
// What is left of argv is the forwarder's.
const [projectDb, userDb] = process.argv.splice(2, 2);
for (const file of [projectDb, userDb]) {
  if (!existsSync(file)) continue;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // Through the index a reader uses (type, status, heat): without the type, SQLite
  // scans and sorts every row, ~29 ms at 100k, and the floor grew with the store.
  for (const type of ['global', 'project', 'fact']) {
    db.prepare(`SELECT * FROM memories WHERE type = ? AND status = 'active' ORDER BY heat DESC, last_accessed_at DESC LIMIT 40`).all(type);
  }
  // The first matches, unranked: ranking them by bm25 sorts every match (1,218 of 10k
  // here, ~7 ms; ten times that at 100k), which made this floor grow faster with the
  // store than the launch it is the floor of, whose search bounds what it ranks.
  db.prepare(`SELECT m.* FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid WHERE memories_fts MATCH ? LIMIT 40`).all('project OR main OR test');
  db.close();
}
await import('./forwarder.mjs');

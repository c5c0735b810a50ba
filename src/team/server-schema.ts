/**
 * The team store's schema on PostgreSQL, versioned by migrations as the
 * local store is (append-only; applied names in claude_mem_migrations).
 * The admin applies them (`claude-mem team init`); members only read the
 * version and refuse a server newer or older than they know.
 *
 * One table of changes is the system of record: every put and delete of a
 * shared memory is a row, and its `seq` is the feed's order. Pushes take
 * one advisory lock per team, so rows commit in `seq` order and a reader
 * never skips a change that commits later with a smaller number.
 * Row-level security lets a role read only its teams' rows, and write only
 * as itself into a team where it may write.
 */
import { ADMIN_ROLE, MEMBER_ROLE, SERVER_MIGRATIONS } from './server-migrations.js';

export { ADMIN_ROLE, HOME_SCHEMA, MEMBER_ROLE, SERVER_MIGRATIONS, type ServerMigration } from './server-migrations.js';

export const SERVER_VERSION = SERVER_MIGRATIONS.length;

/**
 * The whole schema as statements that can run again (an admin's `team init`
 * after an upgrade applies only what is missing): the members' group role,
 * the migrations table, then each migration not yet recorded.
 */
export function schemaSql(): string[] {
  return [
    `DO $role$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${MEMBER_ROLE}') THEN CREATE ROLE ${MEMBER_ROLE} NOLOGIN; END IF; END $role$;`,
    `DO $role$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ADMIN_ROLE}') THEN CREATE ROLE ${ADMIN_ROLE} NOLOGIN; END IF; END $role$;`,
    'CREATE TABLE IF NOT EXISTS claude_mem_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());',
    `GRANT SELECT ON claude_mem_migrations TO ${MEMBER_ROLE};`,
    ...SERVER_MIGRATIONS.map(
      (m) => `DO $migration$ BEGIN IF NOT EXISTS (SELECT 1 FROM claude_mem_migrations WHERE name = '${m.name}') THEN ${m.sql.trim()}\n INSERT INTO claude_mem_migrations (name) VALUES ('${m.name}'); END IF; END $migration$;`,
    ),
  ];
}

/** A role name as PostgreSQL spells it in SQL: letters, digits and _ only, so no quoting is needed. */
export function checkedRole(role: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`"${role}" is not a role name claude-mem will put in SQL: use lower-case letters, digits and _ (at most 63)`);
  return role;
}

const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The statements an admin runs to create a team. */
export function addTeamSql(team: string): string[] {
  return [`INSERT INTO cm_teams (name) VALUES (${literal(team)}) ON CONFLICT DO NOTHING;`];
}

/** The statements that add a person (one PostgreSQL role each) to a team. */
/**
 * Connections one member may hold at once: a machine's watcher, an MCP
 * server's sync and a distill's sync, and one to spare. Without a limit one
 * member could take every connection the server has, the admin's too.
 */
export const MEMBER_CONNECTIONS = 4;

export function addMemberSql(team: string, role: string, o: { readOnly?: boolean; createRole?: boolean; connections?: number } = {}): string[] {
  const r = checkedRole(role);
  const limit = o.connections ?? MEMBER_CONNECTIONS;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`--connections takes a whole number above 0, not "${limit}"`);
  return [
    ...(o.createRole ? [`CREATE ROLE ${r} LOGIN;  -- then give it a password: ALTER ROLE ${r} PASSWORD '…';`] : []),
    `ALTER ROLE ${r} CONNECTION LIMIT ${limit};`,
    `GRANT ${MEMBER_ROLE} TO ${r};`,
    `INSERT INTO cm_members (team, role, can_write) VALUES (${literal(team)}, ${literal(r)}, ${o.readOnly ? 'false' : 'true'}) ON CONFLICT (team, role) DO UPDATE SET can_write = EXCLUDED.can_write;`,
  ];
}

/** The statement that takes a person out of a team: from then on RLS shows them none of its rows. */
export function removeMemberSql(team: string, role: string): string[] {
  return [`DELETE FROM cm_members WHERE team = ${literal(team)} AND role = ${literal(checkedRole(role))};`];
}

/** The statement an admin runs to drop the replaced versions of a team's memories older than `days` (it returns how many went). */
export function compactSql(team: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new Error(`--older-than takes whole days (0 or more), not "${days}"`);
  return `SELECT cm_compact(${literal(team)}, interval '${days} days') AS removed;`;
}

/** The statement that sets a team's limits (pushes a minute, rows a member may hold). */
export function limitsSql(team: string, o: { pushPerMinute?: number; rowsPerAuthor?: number }): string[] {
  const set = [
    ...(o.pushPerMinute !== undefined ? [`push_per_minute = ${positive(o.pushPerMinute, '--push-per-minute')}`] : []),
    ...(o.rowsPerAuthor !== undefined ? [`rows_per_author = ${positive(o.rowsPerAuthor, '--rows-per-author')}`] : []),
  ];
  return set.length ? [`UPDATE cm_teams SET ${set.join(', ')} WHERE name = ${literal(team)};`] : [];
}

function positive(n: number, flag: string): number {
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} takes a whole number above 0, not "${n}"`);
  return n;
}

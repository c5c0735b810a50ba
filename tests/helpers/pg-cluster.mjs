/**
 * A throwaway PostgreSQL cluster for a test file: initdb in a temp folder,
 * pg_ctl on 127.0.0.1 at a free port (password auth, as a team store
 * would be), stopped and removed at the end. Run as the `postgres` user
 * when the tests run as root (initdb refuses root). .ci/run installs
 * PostgreSQL from Debian's packages when it is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const ADMIN_PASSWORD = 'admin-secret-Qx7';

function binDir() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return join(onPath, '..');
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  throw new Error('PostgreSQL is not installed: apt-get install postgresql (.ci/run does this)');
}

/** A client tool of the server's: beside initdb, else in the newest /usr/lib/postgresql/<v>/bin, else on PATH. */
function toolPath(bin, name) {
  if (existsSync(join(bin, name))) return join(bin, name);
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', name))) return join(base, v, 'bin', name);
  return name;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}


/** @returns {Promise<import('./pg-cluster.d.mts').Cluster>} */
export async function startCluster() {
  const bin = binDir();
  const root = mkdtempSync(join(tmpdir(), 'cm-pg-'));
  const data = join(root, 'data');
  const pwfile = join(root, 'pw');
  writeFileSync(pwfile, `${ADMIN_PASSWORD}\n`);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(root, Number(ids), Number(gid));
    chownSync(pwfile, Number(ids), Number(gid));
  }
  chmodSync(root, 0o700);
  const as = (cmd, args) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const r = spawnSync(full[0], [...full[1]], { encoding: 'utf8', cwd: root });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  as('initdb', ['-D', data, '-U', 'postgres', '--pwfile', pwfile, '--auth-local=scram-sha-256', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const start = () => as('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-w', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  start();
  const adminUrl = (db) => `postgres://postgres:${ADMIN_PASSWORD}@127.0.0.1:${port}/${db}`;
  const admin = async (db = 'postgres') => {
    const c = new pg.Client({ connectionString: adminUrl(db) });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };
  const once = async (sql, db = 'postgres') => {
    const c = await admin(db);
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  let stopped = false;
  return {
    port,
    /** The database as pg_dump writes it: what a stolen backup would hold. */
    dump: (db) => {
      const r = spawnSync(toolPath(bin, 'pg_dump'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', db], { encoding: 'utf8', env: { ...process.env, PGPASSWORD: ADMIN_PASSWORD } });
      if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr || r.error}`);
      return r.stdout;
    },
    url: (role, db) => `postgres://${role}@127.0.0.1:${port}/${db}`,
    admin,
    createDatabase: (name) => once(`CREATE DATABASE ${name}`),
    createRole: (role, password) => once(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} LOGIN PASSWORD '${password}'; END IF; END $$`),
    stop: (mode = 'fast') => {
      as('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      stopped = true;
    },
    start: () => {
      start();
      stopped = false;
    },
    destroy: () => {
      if (!stopped) {
        try {
          as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // Already down.
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

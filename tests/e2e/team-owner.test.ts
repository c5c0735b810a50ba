import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';
import { startCluster, type Cluster } from '../helpers/pg.js';

// The team store as a real team would run it: the schema's owner is not a
// superuser but may create roles (as `team add --create-role` needs), and a
// member attacks with nothing but their own login. The owner's trigger
// functions run in the member's session: nothing the member names may stand
// in for the schema's tables there.
const DB = 'cm_owned';
let cluster: Cluster;
let initOutput = '';

const login = async (user: string): Promise<pg.Client> => {
  const c = new pg.Client({ host: '127.0.0.1', port: cluster.port, user, password: `${user}-pw`, database: DB });
  c.on('error', () => undefined);
  await c.connect();
  return c;
};

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createRole('teamowner', 'teamowner-pw');
  const su = await cluster.admin();
  try {
    await su.query('ALTER ROLE teamowner CREATEROLE');
    await su.query(`CREATE DATABASE ${DB} OWNER teamowner`);
  } finally {
    await su.end();
  }
  for (const r of ['alice', 'mallory']) await cluster.createRole(r, `${r}-pw`);
  const admin = makeSandbox('cm-team-owner');
  const url = `postgres://teamowner:teamowner-pw@127.0.0.1:${cluster.port}/${DB}`;
  const a = (args: string[]): string => {
    const r = cm(args, { cwd: admin.project, env: admin.env });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout + r.stderr;
  };
  initOutput = a(['team', 'init', 'shop', '--url', url]);
  for (const r of ['alice', 'mallory']) a(['team', 'add', r, '--team', 'shop', '--url', url]);
}, 60_000);

afterAll(() => cluster?.destroy());

/** Every relation of the schema that holds the store's tables, by name. */
async function storeRelations(c: pg.Client): Promise<string[]> {
  const r = await c.query<{ relname: string }>(
    "SELECT relname FROM pg_class WHERE relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'cm_changes'::regclass) AND relkind IN ('r', 'v', 'p') ORDER BY relname",
  );
  return r.rows.map((x) => x.relname);
}

/** A relation's columns as the catalog shows them to anyone (a member may not read the table itself). */
async function columnsOf(c: pg.Client, relation: string): Promise<Array<{ name: string; type: string }>> {
  const r = await c.query<{ name: string; type: string }>(
    'SELECT quote_ident(attname) AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum',
    [`public.${relation}`],
  );
  return r.rows;
}

const put = (c: pg.Client, uid: string, text: string, key: string): Promise<unknown> =>
  c.query("INSERT INTO public.cm_changes (team, project, uid, op, type, text, machine, change_key) VALUES ('shop', 'github.com/acme/shop', $1, 'put', 'project', $2, 'm', $3)", [uid, text, key]);

async function counters(author: string): Promise<{ rate: number; rows: number }> {
  const su = await cluster.admin(DB);
  try {
    const rate = (await su.query<{ n: string }>('SELECT coalesce(sum(n), 0) AS n FROM public.cm_push_rate WHERE author = $1', [author])).rows[0]?.n;
    const rows = (await su.query<{ n: string }>('SELECT coalesce(sum(n), 0) AS n FROM public.cm_author_rows WHERE author = $1', [author])).rows[0]?.n;
    return { rate: Number(rate), rows: Number(rows) };
  } finally {
    await su.end();
  }
}

describe('the team store under a non-superuser owner who can create roles', () => {
  it('init says what is still weak: an owner that can create roles', () => {
    expect(initOutput).toMatch(/owner can create roles/);
    expect(initOutput).not.toMatch(/members can create temporary tables/);
  });

  it('a member cannot create temporary objects at all', async () => {
    const m = await login('mallory');
    try {
      await expect(m.query('CREATE TEMP TABLE cm_teams (name text)')).rejects.toThrow(/permission denied/);
    } finally {
      await m.end();
    }
  });

  it('every function the server defines runs with a search_path that ends in pg_temp', async () => {
    const su = await cluster.admin(DB);
    try {
      const fns = (
        await su.query<{ proname: string; proconfig: string[] | null }>(
          "SELECT proname, proconfig FROM pg_proc WHERE pronamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'cm_changes'::regclass) ORDER BY proname",
        )
      ).rows;
      expect(fns.map((f) => f.proname)).toEqual(expect.arrayContaining(['cm_changes_guard', 'cm_changes_quota', 'cm_changes_rate', 'cm_compact']));
      for (const f of fns) expect(f.proconfig ?? [], f.proname).toContainEqual(expect.stringMatching(/^search_path=pg_catalog, .+, pg_temp$/));
    } finally {
      await su.end();
    }
  });

  it("a change key is its author's, and a date is a date: a member can neither squat a teammate's delete nor send '-infinity'", async () => {
    const alice = await login('alice');
    const m = await login('mallory');
    try {
      // Mallory takes the key Alice's client will send for its delete, on a memory of her own.
      await m.query("INSERT INTO public.cm_changes (team, project, uid, op, type, text, machine, change_key, created_at) VALUES ('shop', 'github.com/acme/shop', 'mallory-squat', 'put', 'project', 'Mallory squats a key', 'm', 'alice-9:delete', '-infinity')");
      await put(alice, 'alice-9', 'The cache TTL for the catalogue is 300 seconds', 'alice-9:put');
      await alice.query("INSERT INTO public.cm_changes (team, project, uid, op, machine, change_key) VALUES ('shop', 'github.com/acme/shop', 'alice-9', 'delete', 'm', 'alice-9:delete') ON CONFLICT (team, change_key) DO NOTHING");
    } finally {
      await alice.end();
      await m.end();
    }
    const su = await cluster.admin(DB);
    try {
      expect((await su.query("SELECT count(*)::int AS n FROM public.cm_changes WHERE uid = 'alice-9' AND op = 'delete'")).rows[0]).toEqual({ n: 1 });
      expect((await su.query("SELECT text FROM public.cm_changes WHERE uid = 'alice-9' AND op = 'put'")).rows[0]).toEqual({ text: '' });
      expect((await su.query("SELECT isfinite(created_at) AS ok FROM public.cm_changes WHERE uid = 'mallory-squat'")).rows[0]).toEqual({ ok: true });
    } finally {
      await su.end();
    }
  });

  it('one member cannot take every connection: team add gives each member role a connection limit', async () => {
    const held: pg.Client[] = [];
    try {
      for (let i = 0; i < 4; i++) held.push(await login('mallory'));
      await expect(login('mallory')).rejects.toThrow(/too many connections for role "mallory"/);
      // The owner and the teammates still get in.
      const a = await login('alice');
      await a.end();
    } finally {
      await Promise.all(held.map((c) => c.end()));
    }
  });

  it('with TEMP granted after all, a temporary object named like any of the store\'s tables is never read or written by the owner\'s triggers', async () => {
    const su = await cluster.admin(DB);
    await su.query(`GRANT TEMPORARY ON DATABASE ${DB} TO mallory`);
    await su.end();
    const alice = await login('alice');
    await put(alice, 'alice-1', 'The release branch for this repo is release/7', 'alice-k1');
    await alice.end();

    const names = await (async () => {
      const c = await login('mallory');
      try {
        return await storeRelations(c);
      } finally {
        await c.end();
      }
    })();
    expect(names).toEqual(expect.arrayContaining(['cm_changes', 'cm_teams', 'cm_members', 'cm_push_rate', 'cm_author_rows']));
    let n = 0;
    // Each shadow in a session of its own: a session that ran the triggers once keeps their plans.
    const inFreshSession = async (shadow: (m: pg.Client) => Promise<unknown>, name: string, kind: 'view' | 'table'): Promise<void> => {
      const m = await login('mallory');
      try {
        // A function of the member's own: if the owner's code ever reaches it, the insert fails naming who ran it.
        await m.query("CREATE FUNCTION pg_temp.evil() RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'shadow ran as %', current_user; END $$");
        await shadow(m);
        const before = await counters('mallory');
        await put(m, `mallory-${++n}`, `Mallory's note ${n} about the deploy window`, `mallory-k${n}`);
        expect(await counters('mallory'), name).toEqual({ rate: before.rate + 1, rows: before.rows + 1 });
        // A teammate's memory stays theirs whatever the member's session holds.
        await expect(put(m, 'alice-1', 'The release branch for this repo is evil/main', `mallory-over-${n}`), name).rejects.toThrow(/belongs to alice/);
        if (kind === 'table') expect((await m.query(`SELECT count(*)::int AS n FROM pg_temp.${name}`)).rows[0], name).toEqual({ n: 0 });
      } finally {
        await m.end();
      }
    };
    for (const name of names) {
      const cols = await (async () => {
        const c = await login('mallory');
        try {
          return await columnsOf(c, name);
        } finally {
          await c.end();
        }
      })();
      // As a view that runs the member's function when read...
      await inFreshSession((m) => m.query(`CREATE TEMP VIEW ${name} AS SELECT ${cols.map((c) => `NULL::${c.type} AS ${c.name}`).join(', ')} WHERE pg_temp.evil()`), name, 'view');
      // ...and as an empty table anyone may write, which would hide an owner or a counter.
      await inFreshSession(async (m) => {
        await m.query(`CREATE TEMP TABLE ${name} (${cols.map((c) => `${c.name} ${c.type}`).join(', ')})`);
        await m.query(`GRANT ALL ON pg_temp.${name} TO PUBLIC`);
      }, name, 'table');
    }
  }, 60_000);
});

/**
 * The team store's migrations, append-only (applied names are kept in
 * claude_mem_migrations on the server): the data of server-schema.ts.
 */
export const MEMBER_ROLE = 'claude_mem_member';
/** Members of this role may change or delete any memory of their teams (grant it to a team's admins). */
export const ADMIN_ROLE = 'claude_mem_admin';

/** Every function the schema defines: each runs with a pinned search_path (005). */
const PINNED_FUNCTIONS = ['cm_changes_guard()', 'cm_changes_rate()', 'cm_changes_quota()', 'cm_compact(text, interval)'];
/** The schema that holds the tables, as SQL text (quoted where it must be). */
export const HOME_SCHEMA = "(SELECT relnamespace::regnamespace::text FROM pg_class WHERE oid = 'cm_changes'::regclass)";

export interface ServerMigration {
  name: string;
  sql: string;
}

export const SERVER_MIGRATIONS: ServerMigration[] = [
  {
    name: '001_team_store',
    sql: `
      CREATE TABLE cm_teams (name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100));
      CREATE TABLE cm_members (
        team text NOT NULL REFERENCES cm_teams(name) ON DELETE CASCADE,
        role name NOT NULL,
        can_write boolean NOT NULL DEFAULT true,
        PRIMARY KEY (team, role)
      );
      CREATE TABLE cm_changes (
        seq bigserial PRIMARY KEY,
        team text NOT NULL REFERENCES cm_teams(name) ON DELETE CASCADE,
        project text NOT NULL CHECK (length(project) BETWEEN 1 AND 500),
        uid text NOT NULL CHECK (length(uid) BETWEEN 1 AND 100),
        op text NOT NULL CHECK (op IN ('put', 'delete')),
        type text CHECK (type IN ('project', 'fact')),
        text text CHECK (length(text) <= 20000),
        author name NOT NULL DEFAULT current_user,
        machine text NOT NULL CHECK (length(machine) BETWEEN 1 AND 100),
        at timestamptz NOT NULL DEFAULT now(),
        -- When the author's memory was said (not pushed): a value's age decides which one holds.
        created_at timestamptz,
        change_key text NOT NULL,
        UNIQUE (team, change_key),
        CHECK (op = 'delete' OR (type IS NOT NULL AND text IS NOT NULL))
      );
      CREATE INDEX cm_changes_feed ON cm_changes (team, project, seq);
      ALTER TABLE cm_members ENABLE ROW LEVEL SECURITY;
      ALTER TABLE cm_changes ENABLE ROW LEVEL SECURITY;
      CREATE POLICY cm_members_own ON cm_members FOR SELECT USING (role = current_user);
      CREATE POLICY cm_changes_read ON cm_changes FOR SELECT
        USING (EXISTS (SELECT 1 FROM cm_members m WHERE m.team = cm_changes.team AND m.role = current_user));
      CREATE POLICY cm_changes_write ON cm_changes FOR INSERT
        WITH CHECK (author = current_user AND EXISTS (SELECT 1 FROM cm_members m WHERE m.team = cm_changes.team AND m.role = current_user AND m.can_write));
      GRANT SELECT ON cm_teams, cm_members TO ${MEMBER_ROLE};
      GRANT SELECT, INSERT ON cm_changes TO ${MEMBER_ROLE};
      GRANT USAGE ON SEQUENCE cm_changes_seq_seq TO ${MEMBER_ROLE};
    `,
  },
  {
    // The server enforces what a member may do, not the client: a memory
    // (team, project, uid) belongs to the author of its first row; only they,
    // or a member of ${ADMIN_ROLE}, may put or delete it again. The time
    // that orders changes is the server's (at), and a memory's own date
    // (created_at) is never in the future, so no value wins "forever". A
    // delete takes the text out of every earlier row of that memory (the
    // tombstone stays): forgotten means gone from the server too. The guard
    // runs as the schema's owner (SECURITY DEFINER, its search_path fixed)
    // to see every row and blank them; members still may only insert.
    name: '002_ownership',
    sql: `
      CREATE INDEX cm_changes_memory ON cm_changes (team, project, uid, seq);
      CREATE FUNCTION cm_changes_guard() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $guard$
      DECLARE
        owner name;
      BEGIN
        NEW.at := now();
        IF NEW.created_at IS NULL OR NEW.created_at > now() THEN NEW.created_at := now(); END IF;
        SELECT c.author INTO owner FROM cm_changes c WHERE c.team = NEW.team AND c.project = NEW.project AND c.uid = NEW.uid ORDER BY c.seq LIMIT 1;
        IF owner IS NOT NULL AND owner <> NEW.author AND NOT pg_has_role(NEW.author, '${ADMIN_ROLE}', 'MEMBER') THEN
          RAISE EXCEPTION 'memory % belongs to %: only its author or a team admin may change or delete it', NEW.uid, owner USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF NEW.op = 'delete' THEN
          UPDATE cm_changes SET text = '' WHERE team = NEW.team AND project = NEW.project AND uid = NEW.uid AND op = 'put' AND text <> '';
        END IF;
        RETURN NEW;
      END
      $guard$;
      REVOKE ALL ON FUNCTION cm_changes_guard() FROM PUBLIC;
      CREATE TRIGGER cm_changes_guard BEFORE INSERT ON cm_changes FOR EACH ROW EXECUTE FUNCTION cm_changes_guard();
    `,
  },
  {
    // Bounded: a member pushes at most a team's push_per_minute changes a
    // minute (10,000 by default; an admin sets it per team). 100,000 rows in
    // five seconds would cost every replica an hour of pulling; at this rate
    // a hostile push takes ten minutes and can be seen and stopped. A counter
    // row per member and minute, kept by the guard, costs one upsert a row.
    name: '003_push_rate',
    sql: `
      ALTER TABLE cm_teams ADD COLUMN push_per_minute integer NOT NULL DEFAULT 10000 CHECK (push_per_minute > 0);
      CREATE TABLE cm_push_rate (
        team text NOT NULL REFERENCES cm_teams(name) ON DELETE CASCADE,
        author name NOT NULL,
        minute timestamptz NOT NULL,
        n integer NOT NULL,
        PRIMARY KEY (team, author, minute)
      );
      ALTER TABLE cm_push_rate ENABLE ROW LEVEL SECURITY;
      CREATE FUNCTION cm_changes_rate() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $rate$
      DECLARE
        used integer;
        allowed integer;
      BEGIN
        IF pg_has_role(NEW.author, '${ADMIN_ROLE}', 'MEMBER') THEN RETURN NEW; END IF;
        SELECT push_per_minute INTO allowed FROM cm_teams WHERE name = NEW.team;
        INSERT INTO cm_push_rate (team, author, minute, n) VALUES (NEW.team, NEW.author, date_trunc('minute', now()), 1)
          ON CONFLICT (team, author, minute) DO UPDATE SET n = cm_push_rate.n + 1 RETURNING n INTO used;
        IF used > allowed THEN
          RAISE EXCEPTION 'push rate limit: team % takes at most % changes a minute from one member', NEW.team, allowed USING ERRCODE = 'program_limit_exceeded';
        END IF;
        DELETE FROM cm_push_rate WHERE team = NEW.team AND author = NEW.author AND minute < date_trunc('minute', now()) - interval '1 hour';
        RETURN NEW;
      END
      $rate$;
      REVOKE ALL ON FUNCTION cm_changes_rate() FROM PUBLIC;
      CREATE TRIGGER cm_changes_rate BEFORE INSERT ON cm_changes FOR EACH ROW EXECUTE FUNCTION cm_changes_rate();
    `,
  },
  {
    // Bounded in total too: a member holds at most a team's rows_per_author
    // rows of the feed (200,000 by default; an admin sets it per team), so
    // one member's runaway client cannot fill the server and every replica.
    // A counter row per member, kept by the guard. Compaction (cm_compact,
    // for the team's owner: `claude-mem team compact`) drops the versions of
    // a memory that later rows replaced, once they are older than the days
    // given: each memory keeps its first row (whose author owns it; its text
    // blanked) and its last; the counters follow.
    name: '004_quota_compaction',
    sql: `
      ALTER TABLE cm_teams ADD COLUMN rows_per_author integer NOT NULL DEFAULT 200000 CHECK (rows_per_author > 0);
      CREATE TABLE cm_author_rows (
        team text NOT NULL REFERENCES cm_teams(name) ON DELETE CASCADE,
        author name NOT NULL,
        n integer NOT NULL,
        PRIMARY KEY (team, author)
      );
      ALTER TABLE cm_author_rows ENABLE ROW LEVEL SECURITY;
      INSERT INTO cm_author_rows (team, author, n) SELECT team, author, count(*) FROM cm_changes GROUP BY team, author;
      -- After the insert: a change the server already had (ON CONFLICT DO NOTHING) is not counted twice.
      CREATE FUNCTION cm_changes_quota() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $quota$
      DECLARE
        used integer;
        allowed integer;
      BEGIN
        INSERT INTO cm_author_rows (team, author, n) VALUES (NEW.team, NEW.author, 1)
          ON CONFLICT (team, author) DO UPDATE SET n = cm_author_rows.n + 1 RETURNING n INTO used;
        IF pg_has_role(NEW.author, '${ADMIN_ROLE}', 'MEMBER') THEN RETURN NULL; END IF;
        SELECT rows_per_author INTO allowed FROM cm_teams WHERE name = NEW.team;
        IF used > allowed THEN
          RAISE EXCEPTION 'row quota: team % holds at most % changes from one member', NEW.team, allowed USING ERRCODE = 'program_limit_exceeded';
        END IF;
        RETURN NULL;
      END
      $quota$;
      REVOKE ALL ON FUNCTION cm_changes_quota() FROM PUBLIC;
      CREATE TRIGGER cm_changes_quota AFTER INSERT ON cm_changes FOR EACH ROW EXECUTE FUNCTION cm_changes_quota();
      CREATE FUNCTION cm_compact(team_name text, older_than interval) RETURNS integer LANGUAGE plpgsql AS $compact$
      DECLARE
        removed integer;
      BEGIN
        WITH ranked AS (
          SELECT seq, author, at,
                 row_number() OVER (PARTITION BY project, uid ORDER BY seq) AS first,
                 row_number() OVER (PARTITION BY project, uid ORDER BY seq DESC) AS last
            FROM cm_changes WHERE team = team_name
        ), gone AS (
          DELETE FROM cm_changes c USING ranked r
           WHERE c.seq = r.seq AND r.first > 1 AND r.last > 1 AND r.at < now() - older_than
          RETURNING c.author
        ), counted AS (
          SELECT author, count(*)::integer AS n FROM gone GROUP BY author
        ), fixed AS (
          UPDATE cm_author_rows a SET n = greatest(0, a.n - counted.n) FROM counted WHERE a.team = team_name AND a.author = counted.author
          RETURNING 1
        ), blanked AS (
          -- The first row stays (its author owns the memory), without the text a later row replaced.
          UPDATE cm_changes c SET text = '' FROM ranked r
           WHERE c.seq = r.seq AND r.first = 1 AND r.last > 1 AND r.at < now() - older_than AND c.op = 'put' AND c.text <> ''
          RETURNING 1
        )
        SELECT coalesce(sum(n), 0)::integer INTO removed FROM counted;
        RETURN removed;
      END
      $compact$;
      REVOKE ALL ON FUNCTION cm_compact(text, interval) FROM PUBLIC;
    `,
  },
  {
    // A SECURITY DEFINER function runs as the owner with the caller's
    // session, and PostgreSQL looks up a relation in the caller's pg_temp
    // before any schema on the path: a member's temp view named cm_teams was
    // read by the owner's trigger, and a function it called ran as the
    // owner. Each function's path is pinned to the catalog, the schema that
    // holds the tables, and pg_temp last, where nothing of a member's is
    // found before ours.
    name: '005_pinned_search_path',
    sql: `
      ${PINNED_FUNCTIONS.map((f) => `EXECUTE format('ALTER FUNCTION ${f} SET search_path = pg_catalog, %s, pg_temp', ${HOME_SCHEMA});`).join('\n      ')}
    `,
  },
  {
    // A change key is its author's: the guard prefixes it with the author, so
    // a member who inserts a teammate's predictable "<uid>:delete" first holds
    // only a key of their own, and the teammate's delete still lands. A date
    // must be finite and after 2000: '-infinity' passed the clamp for the
    // future and broke every teammate's pull ("Invalid time value").
    name: '006_author_keys_finite_dates',
    sql: `
      CREATE OR REPLACE FUNCTION cm_changes_guard() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $guard$
      DECLARE
        owner name;
      BEGIN
        NEW.at := now();
        IF NEW.created_at IS NULL OR NOT isfinite(NEW.created_at) OR NEW.created_at > now() OR NEW.created_at < timestamptz '2000-01-01 00:00:00+00' THEN NEW.created_at := now(); END IF;
        NEW.change_key := NEW.author || ':' || NEW.change_key;
        SELECT c.author INTO owner FROM cm_changes c WHERE c.team = NEW.team AND c.project = NEW.project AND c.uid = NEW.uid ORDER BY c.seq LIMIT 1;
        IF owner IS NOT NULL AND owner <> NEW.author AND NOT pg_has_role(NEW.author, '${ADMIN_ROLE}', 'MEMBER') THEN
          RAISE EXCEPTION 'memory % belongs to %: only its author or a team admin may change or delete it', NEW.uid, owner USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF NEW.op = 'delete' THEN
          UPDATE cm_changes SET text = '' WHERE team = NEW.team AND project = NEW.project AND uid = NEW.uid AND op = 'put' AND text <> '';
        END IF;
        RETURN NEW;
      END
      $guard$;
      EXECUTE format('ALTER FUNCTION cm_changes_guard() SET search_path = pg_catalog, %s, pg_temp', ${HOME_SCHEMA});
      UPDATE cm_changes SET created_at = at WHERE created_at IS NOT NULL AND (NOT isfinite(created_at) OR created_at < timestamptz '2000-01-01 00:00:00+00');
    `,
  },
];


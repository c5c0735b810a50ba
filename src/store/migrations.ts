import type Database from 'better-sqlite3';
import { VECTOR_DIMS } from './embed/embedder.js';
import { backfillSubjects } from './subject-backfill.js';
import { backfillParts } from './memory-parts.js';

export interface Migration {
  name: string;
  up: (db: Database.Database) => void;
  /**
   * Only how the data is laid out changes: every statement works the same
   * before and after. Such a step that copies a whole table (seconds at
   * 100k memories) is left by a process on the way to the prompt
   * (migrate's `deferLayout`) to the next one that is not.
   */
  layoutOnly?: true;
}

/**
 * Append-only: never edit or reorder a step that has shipped; add a new one.
 * Applied names are recorded in _migrations.
 */
export const MIGRATIONS: Migration[] = [
  {
    name: '001_memories',
    up: (db) =>
      db.exec(`
        CREATE TABLE memories (
          id INTEGER PRIMARY KEY,
          type TEXT NOT NULL CHECK (type IN ('global', 'project', 'fact')),
          text TEXT NOT NULL,
          supplement TEXT NOT NULL DEFAULT '',
          dir TEXT NOT NULL,
          agent TEXT NOT NULL,
          session_id TEXT,
          source TEXT,
          created_at INTEGER NOT NULL,
          last_accessed_at INTEGER NOT NULL,
          heat INTEGER NOT NULL DEFAULT 0,
          status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
          content_hash TEXT NOT NULL UNIQUE,
          embedder_id TEXT NOT NULL
        );
        CREATE INDEX memories_type_status ON memories (type, status);
        CREATE INDEX memories_dir ON memories (dir);
      `),
  },
  {
    name: '002_memories_fts',
    // The FTS rowid is set explicitly to memories.id: implicit rowids are not
    // stable across VACUUM, an explicit key is. Columns hold pre-split terms
    // (CJK bigrams, see terms.ts), written by the store in the same transaction.
    up: (db) =>
      db.exec(`CREATE VIRTUAL TABLE memories_fts USING fts5(text_terms, supplement_terms, tokenize = 'porter unicode61');`),
  },
  {
    name: '003_memory_vectors',
    up: (db) =>
      db.exec(
        `CREATE VIRTUAL TABLE memory_vectors USING vec0(memory_id INTEGER PRIMARY KEY, embedding float[${VECTOR_DIMS}] distance_metric=cosine, embedder_id text);`,
      ),
  },
  {
    name: '004_sessions',
    up: (db) =>
      db.exec(`
        CREATE TABLE sessions (
          id TEXT PRIMARY KEY,
          agent TEXT NOT NULL,
          command TEXT NOT NULL DEFAULT '',
          dir TEXT NOT NULL,
          started_at INTEGER NOT NULL,
          ended_at INTEGER,
          log_path TEXT NOT NULL,
          processed_offset INTEGER NOT NULL DEFAULT 0,
          processed_t REAL NOT NULL DEFAULT -1,
          summary TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX sessions_dir ON sessions (dir, started_at);
      `),
  },
  {
    name: '005_memories_hot_index',
    // Injection reads the hottest active memories of a type; archiving looks
    // for cold ones by last access. One index serves both.
    up: (db) => db.exec('CREATE INDEX memories_hot ON memories (type, status, heat, last_accessed_at)'),
  },
  {
    name: '006_vectors_memory_type',
    // A fact KNN should skip every other vector: add the memory's type as a
    // vec0 metadata column. vec0 has no ALTER TABLE, so the table is rebuilt.
    up: (db) =>
      db.exec(`
        CREATE VIRTUAL TABLE memory_vectors_next USING vec0(memory_id INTEGER PRIMARY KEY, embedding float[${VECTOR_DIMS}] distance_metric=cosine, embedder_id text, memory_type text);
        INSERT INTO memory_vectors_next (memory_id, embedding, embedder_id, memory_type)
          SELECT v.memory_id, v.embedding, v.embedder_id, m.type FROM memory_vectors v JOIN memories m ON m.id = v.memory_id;
        DROP TABLE memory_vectors;
        CREATE VIRTUAL TABLE memory_vectors USING vec0(memory_id INTEGER PRIMARY KEY, embedding float[${VECTOR_DIMS}] distance_metric=cosine, embedder_id text, memory_type text);
        INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type)
          SELECT memory_id, embedding, embedder_id, memory_type FROM memory_vectors_next;
        DROP TABLE memory_vectors_next;
      `),
  },
  {
    name: '007_superseded_by',
    // A correction archives the memory it corrects and links to it: the old
    // one is kept (and shown with --archived) but never injected again.
    up: (db) => db.exec('ALTER TABLE memories ADD COLUMN superseded_by INTEGER'),
  },
  {
    name: '008_reviewed_at',
    // When a person accepted, edited or retyped the memory (`review`, an
    // edited note); NULL while it waits for review. A reviewed memory is
    // never rewritten by dedup: it only gains supplements.
    up: (db) => db.exec('ALTER TABLE memories ADD COLUMN reviewed_at INTEGER'),
  },
  {
    name: '009_memories_decay_index',
    // Lazy decay runs whenever a store is opened for reading; without this
    // it read every fact (17 ms of a query process at 100k memories).
    up: (db) => db.exec('CREATE INDEX memories_decay ON memories (type, status, last_accessed_at)'),
  },
  {
    name: '010_memories_session_index',
    // A hit's neighbours in its session (search lends them part of its score).
    up: (db) => db.exec('CREATE INDEX memories_session ON memories (session_id, id)'),
  },
  {
    name: '011_vectors_type_partition',
    layoutOnly: true,
    // As a metadata column (006) the type was tested per row, after vec0 had
    // read every vector: a launch's KNN for facts read the whole table
    // (10k vectors: 13 ms of a cold process). As a partition key each type's
    // vectors sit in chunks of their own, and a typed KNN reads only those.
    // Chunks of 256 vectors instead of 1,024: a vector read by id walks its
    // chunk's overflow pages up to it, and a cold process paid nearly a full
    // scan for the few dozen it reads (100k: 74 reads 37 -> 16 ms; a cold
    // exact KNN ~13 % slower, which a store that large leaves to its index).
    // Rebuilt the same way as 006, copied twice (vec0 cannot be renamed):
    // ~0.6 s per 10k vectors, once.
    up: (db) =>
      db.exec(`
        CREATE VIRTUAL TABLE memory_vectors_next USING vec0(memory_id INTEGER PRIMARY KEY, embedding float[${VECTOR_DIMS}] distance_metric=cosine, embedder_id text, memory_type text partition key, chunk_size=256);
        INSERT INTO memory_vectors_next (memory_id, embedding, embedder_id, memory_type)
          SELECT memory_id, embedding, embedder_id, memory_type FROM memory_vectors;
        DROP TABLE memory_vectors;
        CREATE VIRTUAL TABLE memory_vectors USING vec0(memory_id INTEGER PRIMARY KEY, embedding float[${VECTOR_DIMS}] distance_metric=cosine, embedder_id text, memory_type text partition key, chunk_size=256);
        INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type)
          SELECT memory_id, embedding, embedder_id, memory_type FROM memory_vectors_next;
        DROP TABLE memory_vectors_next;
      `),
  },
  {
    name: '012_subjects',
    // Memory over time: what a memory states the value of (its subject, the
    // key that restatements share, the value), and when it stopped being
    // true (valid_to, set when a newer value supersedes it). A memory became
    // true when it was created. Memories superseded before this step stopped
    // being true when the memory that corrected them was written.
    up: (db) =>
      db.exec(`
        ALTER TABLE memories ADD COLUMN subject TEXT;
        ALTER TABLE memories ADD COLUMN subject_key TEXT;
        ALTER TABLE memories ADD COLUMN value TEXT;
        ALTER TABLE memories ADD COLUMN valid_to INTEGER;
        CREATE INDEX memories_subject ON memories (subject_key) WHERE subject_key IS NOT NULL;
        UPDATE memories SET valid_to = (SELECT n.created_at FROM memories n WHERE n.id = memories.superseded_by) WHERE superseded_by IS NOT NULL;
      `),
  },
  {
    name: '013_subjects_backfill',
    layoutOnly: true,
    // The subjects of memories written before 012, found by the same rules
    // as new writes (text/statement.ts). Nothing is superseded here: two
    // values of one subject stay as they were, for the block's conflict
    // note to show, until a newer statement settles it. Deferred by a
    // launch: a store read before it simply has no subjects yet.
    up: (db) => backfillSubjects(db),
  },
  {
    name: '014_fts_secure_delete',
    // forget must leave no term of a memory readable in the FTS index either:
    // without this, FTS5 keeps deleted terms in old segments until a merge.
    up: (db) => db.exec(`INSERT INTO memories_fts(memories_fts, rank) VALUES('secure-delete', 1);`),
  },
  {
    name: '015_id_floor',
    // A forgotten memory's id is never given to another: a note, a link or a
    // person's memory of "[12]" must not come to mean something else.
    up: (db) => db.exec(`CREATE TABLE id_floor (v INTEGER NOT NULL); INSERT INTO id_floor (v) SELECT COALESCE(MAX(id), 0) FROM memories;`),
  },
  {
    name: '016_team_links',
    // The team replica's bookkeeping (store/team-links.ts): which memory is
    // which shared one, what of ours was pushed, how far the feed was read.
    up: (db) =>
      db.exec(`
        CREATE TABLE team_links (
          uid TEXT PRIMARY KEY,
          memory_id INTEGER,
          global_id INTEGER,
          origin TEXT NOT NULL CHECK (origin IN ('mine', 'team')),
          author TEXT,
          pushed_hash TEXT,
          deleted INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX team_links_memory ON team_links (memory_id);
        CREATE INDEX team_links_global ON team_links (global_id);
        CREATE TABLE team_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      `),
  },
  {
    name: '017_episodes',
    // What was said (episodes/): every message and screen segment, redacted,
    // searchable beside the memories. One row per passage, with the moment it
    // was said (at) and the moment it was indexed (added_at: retention counts
    // from there, so an import of old transcripts is not pruned at once). The
    // FTS index is contentless (the text is in episodes already: a copy of
    // its terms took the store from 2.6 to 3.5 MB per MB of transcript); it
    // deletes securely, as memories_fts does, so a scrub leaves no term.
    up: (db) =>
      db.exec(`
        CREATE TABLE episodes (
          id INTEGER PRIMARY KEY,
          session_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          agent TEXT NOT NULL,
          role TEXT NOT NULL,
          position INTEGER NOT NULL,
          part INTEGER NOT NULL,
          dir TEXT NOT NULL,
          source TEXT,
          text TEXT NOT NULL,
          added_at INTEGER NOT NULL,
          UNIQUE (session_id, position, part)
        );
        CREATE INDEX episodes_at ON episodes (at);
        CREATE INDEX episodes_added ON episodes (added_at);
        CREATE VIRTUAL TABLE episodes_fts USING fts5(terms, content = '', contentless_delete = 1, tokenize = 'porter unicode61');
        INSERT INTO episodes_fts(episodes_fts, rank) VALUES('secure-delete', 1);
      `),
  },
  {
    name: '018_memories_state_index',
    layoutOnly: true,
    // The block's current values (store-read.ts currentValues): the active
    // subject-bearing memories of a type in heat order, read up to a limit.
    // Partial, so it holds only rows with a subject and costs nothing for
    // the rest. Layout only: without it the same statement reads memories_hot.
    up: (db) => db.exec('CREATE INDEX memories_state ON memories (type, status, heat, last_accessed_at) WHERE subject_key IS NOT NULL'),
  },
  {
    name: '019_memory_parts',
    // The subjects a memory states besides its own (store/memory-parts.ts),
    // so a newer value of one of them makes that part history.
    up: (db) =>
      db.exec(`
        CREATE TABLE memory_parts (memory_id INTEGER NOT NULL, subject_key TEXT NOT NULL, value TEXT NOT NULL);
        CREATE INDEX memory_parts_key ON memory_parts (subject_key);
        CREATE INDEX memory_parts_memory ON memory_parts (memory_id);
      `),
  },
  {
    name: '020_memory_parts_backfill',
    layoutOnly: true,
    // The parts of the current memories written before 019. Deferred by a
    // launch (nothing it reads depends on them); until then a newer value
    // of such a part leaves the old memory current, as before.
    up: (db) => backfillParts(db),
  },
  {
    name: '021_vector_chunks_partition_index',
    layoutOnly: true,
    // vec0 finds a partition's chunks (011) by scanning its chunks table,
    // whose rows carry each chunk's validity and rowid blobs (~2 KB): a cold
    // process's KNN for facts read every chunk of every type first (100k
    // project memories and no fact: 9-12 ms for nothing; 10k: ~1 ms). This
    // index is what vec0's lookup by partition then uses (0.2 ms). Layout
    // only: the same statements, found faster; after 011, which it needs.
    // The column is vec0's own naming: a vec0 that lays its chunks out
    // otherwise gets no index and searches as before, rather than a store
    // that cannot open.
    up: (db) => {
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('memory_vectors_chunks');
      if (columns.includes('partition00')) db.exec('CREATE INDEX IF NOT EXISTS memory_vectors_chunks_partition ON memory_vectors_chunks (partition00)');
    },
  },
];

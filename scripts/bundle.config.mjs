// The `claude-mem` command as shipped: dist/cli/main.js (tsc's output)
// bundled into dist/bundle/main.cjs. Node 20 pays about a millisecond a
// module on this machine (resolve, read, compile, link), so the
// modules a path always loads together are one chunk each: what a launch
// and a query share (base), the store's reading layer (store-read: what a
// launch that rebuilds its block loads), the rest of the store with its text
// rules (store), the query command and the memory
// it opens (query), and the wrapper (launch). A `query` loads 12 of our
// files instead of 38, a launch 8 instead of 30: each ~10 ms sooner side by
// side. A module no group names is split as rolldown sees fit (it still
// works, it only loads as its own file). The hook spool stays apart: a hook
// must not load node-pty. cli/cli.js runs the program when it loads, so it
// is in no group: a chunk that other entries import (the distiller's worker
// imports the store) must never hold it. Packages stay external (native addons, lazy
// imports of gpt-tokenizer, zod and @huggingface/transformers). The chunks
// sit two levels under the package root, like tsc's modules, so the paths
// they compute from import.meta.url (package.json, ui/, dist/cli/main.js
// for background processes and hooks) resolve the same.
const file = (pattern) => new RegExp(`dist/(?:${pattern})\\.js$`);

const BASE = file(
  'errors|ids|lazy-builtins|memory-block|fs-private|config/[^/]+|text/(?:edit-distance|markers)|store/version|pty/(?:session-files|asciicast)|' +
    'cli/(?:messages|launch-args)|memory/(?:token-memo|file-memo|conflict-memo|context|context-cache|next-launch|notice-once|notices|git-exclude)|session/(?:handover|launch|mcp-registration)|background/(?:warm|spawn)',
);
// What a launch that rebuilds its block reads the stores with (store/read-stores
// and what it imports): its own chunk, so that launch loads none of the write
// side (the migrations' backfills, the statement rules, redaction), which is
// the rest of store and text. A module listed here must import nothing of
// STORE's, or this chunk requires that one again (bundle.test.ts checks).
export const STORE_READ = file(
  'store/(?:read-stores|store-pair|db-open|native-libs|ann|ann-state|vectors|statements|rows|memory-rows|store-base|store-read|last-work|search|search-across|lexical|answer-terms|query-rarity|' +
    'session-neighbours|neighbours|rank|thresholds|migration-count|types|embed/(?:select|model|calibration|lexical|embedder|query-cache))|' +
    'text/(?:terms|glossary|cosine|time-span|candidate|team-agent|subject-key|value-shape|session-summary|inert)',
);
// The model download (store/embed/hub) loads only for `model pull`, with node:crypto.
const STORE = file('store/(?!embed/hub).+|text/.+');
const QUERY = file(
  'cli/(?:program-run|command-word|single-command|program-base|examples|show|env|text-input|commands/query)|' +
    'memory/(?:pending|vector-report|review|status|log-scrub|directory-memory|notices|git-exclude|open)|' +
    'background/(?:with-upkeep|jobs|recover|legacy-handovers|vector-upkeep|log-upkeep|summarizer-command|skip-reasons)',
);
const LAUNCH = file(
  'agents|inject/adapters/builtin|inject/launch-query|transcripts/homes|cli/start-run|' +
    'memory/launch-facts|session/(?:live-markers|recording|transcript-ref|run-wrapped)|' +
    'pty/(?:own-output|exit-status|terminal|fan-out|marker-catcher|line-model|slave-hold|run-session|hangup|index|echo-probe|input-gate|ordered-sink|resolve-command)',
);

// CommonJS, not ES modules: Node 20's ESM loader reads each file with an
// async read, resolves its specifiers as URLs and links in a second pass; a
// launch of `run true` spent ~13 ms more on that than on require()ing the
// same chunks, side by side on bench/launch.mjs's 10k-memory store.
// Dynamic import() of packages stays import(), so the ES-only ones load as
// before; import.meta.url becomes the chunk's own file URL.
// Packages published as ES modules only, loaded statically by a launch's
// chunks: require()ing one from CommonJS starts Node's whole ESM loader, ~10
// ms of a rebuilt launch (the store's stemmer). They are small and pure, so
// they are compiled into the chunk that uses them instead.
const INLINED = new Set(['stemmer']);

const cli = {
  // The distiller's worker thread is started by file (parallel-distill.ts): an entry of its own.
  input: { main: 'dist/cli/main.js', 'distill-worker': 'dist/background/distill-worker.js' },
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !INLINED.has(id),
  output: {
    dir: 'dist/bundle',
    cleanDir: true,
    format: 'cjs',
    // ASCII with no doc comments (the source keeps them): a chunk that holds one
    // Chinese character is a two-byte string in V8, read, wrapped and compiled at
    // twice the size; the launch's chunks are 22 % smaller and ~3 ms sooner.
    charset: 'ascii',
    comments: { legal: true, annotation: false, jsdoc: false },
    // What tsc emits is strict (ES modules are); the bundle keeps it so.
    strict: true,
    chunkFileNames: '[name]-[hash].cjs',
    entryFileNames: '[name].cjs',
    codeSplitting: {
      groups: [
        // Every dynamic import() of a package, alone: a chunk holding one is never compiled from
        // the cache on Node 20 (src/packages.ts), so the chunks that call them can be.
        { name: 'packages', test: file('packages'), priority: 5 },
        // Higher first: a module the base names is not pulled into the store by a dependency.
        // Its own: a hook spools its event and exits, and must not load the launch's node-pty.
        { name: 'hook-spool', test: file('cli/hook-(?:spool|capture)|env-names'), priority: 4 },
        // A query the query server answers loads this and the hook spool (paths) alone.
        { name: 'query-client', test: file('query-server/(?:client|address|protocol)|cli/command-word'), priority: 4 },
        { name: 'base', test: BASE, priority: 3 },
        { name: 'store-read', test: STORE_READ, priority: 2 },
        { name: 'store', test: STORE, priority: 1 },
        { name: 'query', test: QUERY, priority: 1 },
        { name: 'launch', test: LAUNCH, priority: 0 },
      ],
    },
  },
};

// The hooks setup writes: one file, node: builtins only (about 15 ms of each
// hook process here). In its own folder, so the CLI build's cleanDir leaves
// it, two levels under the root like the rest.
const hook = {
  input: { main: 'dist/cli/hook-main.js' },
  platform: 'node',
  external: (id) => id.startsWith('node:'),
  output: { dir: 'dist/hook', cleanDir: true, format: 'cjs', entryFileNames: '[name].cjs' },
};

export default [cli, hook];

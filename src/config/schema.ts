import { createRequire } from 'node:module';
import type { z as Zod } from 'zod';

/**
 * The one config schema. Every key has its type, default and description
 * here; `claude-mem.yaml.example`, the README table and `claude-mem init`
 * are all generated from it (see render.ts), so they cannot drift.
 *
 * Objects use `.prefault({})` rather than `.default({})`: in zod 4 a default
 * is returned as-is, while a prefault is parsed, so inner defaults apply.
 *
 * zod costs ~50 ms to load, a third of a launch. It is loaded only when
 * there is something to validate (a config file, a CLAUDE_MEM_* variable, a
 * --set flag); otherwise the defaults come from defaults.ts, which is
 * generated from this schema and checked by a test (it imports this
 * module's types; this module imports nothing of it).
 */
function buildSchema(z: typeof Zod) {
  const adapterSchema = z
  .object({
    match: z.string().min(1).describe('command basename this adapter applies to, e.g. "claude"'),
    method: z
      .enum(['arg', 'file-arg', 'env', 'stdin'])
      .describe('arg: pass the block in argv; file-arg: write it to a private temp file and pass the path; env: only the environment variables; stdin: type it as the first input'),
    args: z
      .array(z.string())
      .default([])
      .describe('argv inserted before the user\'s own arguments; {block}, {block_toml} and {file} are replaced'),
  })
  .strict();

  return z
  .object({
    watch: z
      .object({
        enabled: z.boolean().default(true).describe('record sessions'),
        prompt_marker: z
          .string()
          .min(1)
          .default('!记得')
          .describe('a line starting with this is an explicit "remember this"'),
        catch_marker: z
          .boolean()
          .default(true)
          .describe("keep a marker line typed at the start of a line from the wrapped program (bash's history expansion, Claude Code's ! bash mode): it is remembered, never run or sent to the model"),
        idle_split_minutes: z
          .number()
          .min(0.05)
          .default(5)
          .describe('this many idle minutes in one directory start a new session segment'),
        keep_logs_days: z
          .number()
          .positive()
          .default(30)
          .describe('"claude-mem prune" removes processed session logs older than this many days'),
        status_lines: z
          .boolean()
          .default(true)
          .describe('print one line at launch (memories handed over) and one at exit (session recorded) on stderr, when it is a terminal'),
      })
      .strict()
      .prefault({})
      .describe('recording'),
    store: z
      .object({
        db_path: z
          .string()
          .min(1)
          .default('.claude-mem/mem.db')
          .describe('project store, relative to the project root (gitignore .claude-mem/); a project claude-mem.yaml may only place it inside the project'),
        allow_external_db_path: z
          .boolean()
          .default(false)
          .describe("let a project's claude-mem.yaml put store.db_path outside the project; honoured only from your user config, env or --set"),
        vector_model: z
          .string()
          .min(1)
          .default('Xenova/paraphrase-multilingual-MiniLM-L12-v2')
          .describe('local multilingual sentence model for semantic vectors; "lexical" forces the built-in lexical vectors'),
        busy_timeout_ms: z
          .number()
          .int()
          .positive()
          .max(600_000)
          .default(10000)
          .describe('how long a write waits for another claude-mem process holding the store'),
        ann_min_vectors: z
          .number()
          .int()
          .min(0)
          .default(20000)
          .describe('stores with at least this many vectors get an approximate index (built in the background, `claude-mem index`); 0 keeps every search exact'),
      })
      .strict()
      .prefault({})
      .describe('storage'),
    retrieval: z
      .object({
        top_k: z.number().int().positive().max(100).default(5).describe('facts recalled per launch or query (1–100)'),
        similarity_threshold: z
          .number()
          .min(0)
          .max(1)
          .default(0.72)
          .describe('below this a fact is not injected (model scale; each embedder maps it to its own)'),
        cross_dir_penalty: z
          .number()
          .min(0)
          .max(1)
          .default(0.85)
          .describe('score factor for memories from another directory'),
        query_server: z
          .boolean()
          .default(true)
          .describe('past store.ann_min_vectors memories, keep a process with the stores open to answer the next `query` calls (it exits after 5 idle minutes)'),
      })
      .strict()
      .prefault({})
      .describe('retrieval'),
    inject: z
      .object({
        enabled: z.boolean().default(true).describe('hand a memory block to the CLI at launch'),
        token_budget: z.number().int().positive().max(100_000).default(1500).describe('hard cap on the injected block, in BPE tokens (at most 100000)'),
        language: z
          .enum(['auto', 'zh', 'en'])
          .default('auto')
          .describe('language of the block\'s frame; auto follows the memories'),
        adapters: z
          .array(adapterSchema)
          .default([])
          .describe('extra adapters, checked before the built-in ones (claude, codex, aider, gemini)'),
      })
      .strict()
      .prefault({})
      .describe('injection'),
    trivia: z
      .object({
        filter_enabled: z.boolean().default(true).describe('drop "好的", "收到", "ok", "thanks" and the like'),
      })
      .strict()
      .prefault({})
      .describe('filters'),
    dedup: z
      .object({
        update_threshold: z
          .number()
          .min(0)
          .max(1)
          .default(0.92)
          .describe('at or above: update the existing memory instead of adding one'),
        merge_threshold: z
          .number()
          .min(0)
          .max(1)
          .default(0.8)
          .describe('between this and the update threshold: append to the existing memory\'s supplement'),
      })
      .strict()
      .prefault({})
      .describe('deduplication'),
    decay: z
      .object({
        archive_after_days: z
          .number()
          .positive()
          .default(30)
          .describe('a cold memory not accessed for this long is archived, not deleted'),
      })
      .strict()
      .prefault({})
      .describe('decay'),
    episodes: z
      .object({
        enabled: z
          .boolean()
          .default(true)
          .describe('index every message of a session (redacted) so query can fall through to what was said; off: only distilled memories are kept'),
      })
      .strict()
      .prefault({})
      .describe('the episode index (what was said)'),
    distill: z
      .object({
        periodic_minutes: z
          .number()
          .min(0.05)
          .default(10)
          .describe('during a long session, fold new material into the running summary this often (at least 0.05, i.e. every 3 s)'),
        summarizer: z
          .string()
          .default('')
          .describe('optional command called once per session on condensed text (about 2k tokens) that prints a summary, or JSON with a summary and memories (docs/design-notes.md), e.g. "claude -p"; empty means local and extractive'),
      })
      .strict()
      .prefault({})
      .describe('distillation'),
    mcp: z
      .object({
        register: z
          .boolean()
          .default(true)
          .describe('run registers the claude-mem MCP server (search, timeline, get, remember) with claude and codex, unless you configured one of that name'),
        allow_forget: z.boolean().default(false).describe('offer a forget tool over MCP; off, so an agent cannot delete memories silently'),
      })
      .strict()
      .prefault({})
      .describe('the MCP server (claude-mem mcp)'),
    team: z
      .object({
        url: z
          .string()
          .default('')
          .refine((v) => v === '' || /^postgres(?:ql)?:\/\//.test(v), { message: 'must be a postgres:// URL (or empty: no team)' })
          .describe('the team store, a postgres:// URL; the password comes from PGPASSWORD or ~/.pgpass (or the URL), and is never written to our files or logs; empty: no team'),
        name: z.string().default('').describe('the team this project shares its memories with (one the admin created: claude-mem team init)'),
        share: z.enum(['reviewed', 'all']).default('reviewed').describe('which project memories and facts are pushed: only those a person reviewed (claude-mem review), or all'),
      })
      .strict()
      .prefault({})
      .describe('shared memory with teammates and your other machines, on PostgreSQL (claude-mem sync)'),
  })
  .strict();
}

export type ConfigSchema = ReturnType<typeof buildSchema>;
export type Config = Zod.infer<ConfigSchema>;
export type AdapterConfig = Config['inject']['adapters'][number];
/** What a config file may hold: every key optional. */
export type ConfigInput = Zod.input<ConfigSchema>;

const requireCjs = createRequire(import.meta.url);
let schema: ConfigSchema | undefined;

export function configSchema(): ConfigSchema {
  schema ??= buildSchema((requireCjs('zod') as typeof import('zod')).z);
  return schema;
}

/** What defaults.ts must hold: the schema's own defaults. */
export function computedDefaults(): Config {
  return configSchema().parse({});
}

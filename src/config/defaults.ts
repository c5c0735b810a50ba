// Generated from src/config/schema.ts by "npm run docs"; a test fails when it is stale.
// It lets a launch with no config skip loading zod.
import type { Config } from './schema.js';

export const DEFAULTS: Config = {
  "watch": {
    "enabled": true,
    "prompt_marker": "!记得",
    "catch_marker": true,
    "idle_split_minutes": 5,
    "keep_logs_days": 30,
    "status_lines": true
  },
  "store": {
    "db_path": ".claude-mem/mem.db",
    "allow_external_db_path": false,
    "vector_model": "Xenova/paraphrase-multilingual-MiniLM-L12-v2",
    "busy_timeout_ms": 10000,
    "ann_min_vectors": 20000
  },
  "retrieval": {
    "top_k": 5,
    "similarity_threshold": 0.72,
    "cross_dir_penalty": 0.85,
    "query_server": true
  },
  "inject": {
    "enabled": true,
    "token_budget": 1500,
    "language": "auto",
    "adapters": []
  },
  "trivia": {
    "filter_enabled": true
  },
  "dedup": {
    "update_threshold": 0.92,
    "merge_threshold": 0.8
  },
  "decay": {
    "archive_after_days": 30
  },
  "episodes": {
    "enabled": true
  },
  "distill": {
    "periodic_minutes": 10,
    "summarizer": ""
  },
  "mcp": {
    "register": true,
    "allow_forget": false
  },
  "team": {
    "url": "",
    "name": "",
    "share": "reviewed"
  }
};

/** The defaults, without loading zod. */
export function defaultConfig(): Config {
  return structuredClone(DEFAULTS);
}

/** The config code and the YAML and zod versions, hashed: a cached config (cache.ts) of another is not used. */
export const CONFIG_FINGERPRINT = '0vxvh0yvtui';

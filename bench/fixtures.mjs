// Builds stores of N memories quickly, through the store's own schema and
// term/vector code, but without per-write dedup (which is O(n) per write).
import { openDatabase } from '../dist/store/db.js';
import { indexTerms } from '../dist/store/terms.js';
import { lexicalVector, LEXICAL_EMBEDDER_ID } from '../dist/store/embed/lexical.js';
import { contentHash } from '../dist/store/memory-store.js';

const SUBJECTS = ['orders table', 'billing exporter', 'login page', 'search indexer', 'payment webhook', 'audit log', 'cache layer', 'rate limiter', '日志服务', '订单接口', '支付回调', '缓存键', '数据库迁移', '搜索索引', '定时任务', '前端组件'];
const VERBS = ['now uses', 'was moved to', 'must not touch', 'is tested with', 'depends on', 'writes to', '改为使用', '必须先调用', '依赖于', '统一使用'];
const OBJECTS = ['JSON logs', 'pytest -q', 'the staging database', 'Redis 7', 'snake_case fields', 'ISO 8601 timestamps', 'a create_time index', 'pnpm workspaces', '版本号前缀', '预签名地址', 'trace_id 字段', 'cron 表达式'];

export function syntheticText(i) {
  const s = SUBJECTS[i % SUBJECTS.length];
  const v = VERBS[Math.floor(i / SUBJECTS.length) % VERBS.length];
  const o = OBJECTS[Math.floor(i / (SUBJECTS.length * VERBS.length)) % OBJECTS.length];
  return `${s} ${v} ${o} (note ${i}, ticket T-${(i * 7919) % 100000})`;
}

export function buildStore(path, n, { type = 'fact', dir = '/bench' } = {}) {
  const db = openDatabase(path);
  const insMem = db.prepare(
    `INSERT INTO memories (type, text, supplement, dir, agent, session_id, source, created_at, last_accessed_at, heat, status, content_hash, embedder_id)
     VALUES (?, ?, '', ?, 'bench', NULL, NULL, ?, ?, 0, 'active', ?, ?)`,
  );
  const insFts = db.prepare('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (?, ?, ?)');
  const insVec = db.prepare('INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type) VALUES (?, ?, ?, ?)');
  const t0 = Date.now();
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++) {
      const text = syntheticText(i);
      const info = insMem.run(type, text, dir, t0 + i, t0 + i, contentHash(text), LEXICAL_EMBEDDER_ID);
      const id = Number(info.lastInsertRowid);
      insFts.run(id, indexTerms(text), '');
      const v = lexicalVector(text);
      insVec.run(BigInt(id), Buffer.from(v.buffer), LEXICAL_EMBEDDER_ID, type);
    }
  });
  for (let i = 0; i < n; i += 5000) batch(i, Math.min(n, i + 5000));
  db.close();
}

// Builds stores of N memories quickly, through the library's own write path
// with dedup off (restore semantics: filters and redaction apply, only exact
// repeats are refused), which keeps it O(n) instead of a KNN per write.
import { withMemory } from 'claude-mem';
const SUBJECTS = ['orders table', 'billing exporter', 'login page', 'search indexer', 'payment webhook', 'audit log', 'cache layer', 'rate limiter', '日志服务', '订单接口', '支付回调', '缓存键', '数据库迁移', '搜索索引', '定时任务', '前端组件'];
const VERBS = ['now uses', 'was moved to', 'must not touch', 'is tested with', 'depends on', 'writes to', '改为使用', '必须先调用', '依赖于', '统一使用'];
const OBJECTS = ['JSON logs', 'pytest -q', 'the staging database', 'Redis 7', 'snake_case fields', 'ISO 8601 timestamps', 'a create_time index', 'pnpm workspaces', '版本号前缀', '预签名地址', 'trace_id 字段', 'cron 表达式'];

export function syntheticText(i) {
  const s = SUBJECTS[i % SUBJECTS.length];
  const v = VERBS[Math.floor(i / SUBJECTS.length) % VERBS.length];
  const o = OBJECTS[Math.floor(i / (SUBJECTS.length * VERBS.length)) % OBJECTS.length];
  return `${s} ${v} ${o} (note ${i}, ticket T-${(i * 7919) % 100000})`;
}

/** N synthetic memories in the sandbox's project store (type fact or project) or user store (global). */
export async function buildStore(sb, n, { type = 'fact', dir = '/bench' } = {}) {
  await withMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] }, async (m) => {
    const t0 = Date.now();
    for (let from = 0; from < n; from += 5000) {
      const batch = [];
      for (let i = from; i < Math.min(n, from + 5000); i++) {
        batch.push({ type, text: syntheticText(i), dir, agent: 'bench', createdAt: t0 + i, explicit: true });
      }
      await m.write(batch, { dedup: false });
    }
  });
}

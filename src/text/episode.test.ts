import { describe, expect, it } from 'vitest';
import { isEpisode } from './episode.js';

describe('episodes, decided positively', () => {
  it('an event, an error seen, a step done, a moment: an episode', () => {
    for (const t of [
      'We hit a flaky timeout in CI yesterday and reran the job',
      'Fixed the login test: the root cause was a shared connection',
      'The deploy failed with a traceback from the migration',
      '昨天部署的时候报错了，重跑后好了',
      '刚才把缓存服务重启了',
    ])
      expect(isEpisode(t), t).toBe(true);
  });

  it('how things are, in words no pattern reads, is state', () => {
    for (const t of [
      'The log format is JSON lines with a ts field and a level',
      'Releases are cut from the main branch by the on-call engineer',
      '日志格式是 JSON 行，每行一个 ts 字段',
      'Payments must stay on API v2 until the audit is over',
    ])
      expect(isEpisode(t), t).toBe(false);
  });
});

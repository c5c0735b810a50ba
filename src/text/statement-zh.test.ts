import { describe, expect, it } from 'vitest';
import { chineseStatement } from './statement-zh.js';

describe('Chinese subjects', () => {
  it('an adverb that closes the subject\'s clause is not part of it', () => {
    expect(chineseStatement('日志也统一用 JSON 格式')?.subject).toBe('日志');
    expect(chineseStatement('缓存都换成 Redis 了')?.subject).toBe('缓存');
    expect(chineseStatement('预览服务器端口是 8080')?.subject).toBe('预览服务器端口');
  });
});

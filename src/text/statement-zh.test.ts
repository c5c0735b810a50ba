import { describe, expect, it } from 'vitest';
import { chineseStatement } from './statement-zh.js';
import { statementOf } from './statement.js';

describe('Chinese subjects', () => {
  it('an adverb that closes the subject\'s clause is not part of it', () => {
    expect(chineseStatement('日志也统一用 JSON 格式')?.subject).toBe('日志');
    expect(chineseStatement('缓存都换成 Redis 了')?.subject).toBe('缓存');
    expect(chineseStatement('预览服务器端口是 8080')?.subject).toBe('预览服务器端口');
  });
});

describe('where a thing is', () => {
  it('在, 放在, 位于 and 挪到 before a path, a file or a host state its location, in the words English uses', () => {
    for (const [sentence, value] of [
      ['配置文件在 config/app.yaml', 'config/app.yaml'],
      ['配置文件现在放在 config/app.yaml 里', 'config/app.yaml'],
      ['配置文件位于 config/app.yaml', 'config/app.yaml'],
      ['我们把配置文件挪到 config/prod.yaml 了', 'config/prod.yaml'],
      ['配置文件都在 etc/app 目录下，每天备份', 'etc/app'],
    ]) {
      const s = statementOf(sentence ?? '');
      expect(s, sentence).toMatchObject({ value, stance: 'assert' });
      // The same subject key as "The config file lives in …" / "is in …".
      expect(s?.key, sentence).toBe(statementOf(`The config file lives in ${value}`)?.key);
      expect(s?.key, sentence).toBe(statementOf(`The config file is in ${value}`)?.key);
    }
    expect(statementOf('预发数据库在 db-stage-02 上')?.key).toBe(statementOf('The staging database moved to db-stage-03')?.key);
    // Served or loaded from a place is kept there; moved from a place is not.
    expect(statementOf('The assets are served from cdn.example.com')).toMatchObject({ key: statementOf('The assets moved to cdn2.example.com')?.key, value: 'cdn.example.com' });
    expect(statementOf('The config is loaded from /etc/app/config.yaml')?.key).toBe(statementOf('The config lives in /srv/app/config.yaml')?.key);
    expect(statementOf('The staging database moved from db-stage-02 to db-stage-03')?.value).toBe('db-stage-03');
  });

  it('在 that says something else states no location', () => {
    for (const sentence of ['我在 main 分支上', '代码在 review 中', '我们在 staging.example.com 上测试', '他在 src/app.ts 里改了一个 bug', '配置文件在 config/app.yaml 里定义了端口', '问题在于 config.yaml 没有加载']) {
      expect(statementOf(sentence)?.value ?? '', sentence).not.toMatch(/config|staging|src|main|review/);
    }
  });

  it('reads a pasted run of 200,000 characters after "is in" or 在 in one pass (it took minutes when a name was matched between two open runs)', () => {
    const run = 'a'.repeat(200_000);
    expect(statementOf(`The config is in ${run}/x y`)?.subject ?? '').not.toMatch(/location/);
    expect(statementOf(`配置文件在 ${run}/x 的`)?.subject ?? '').not.toMatch(/位置/);
  });

  it('English "is in" and "moved to" say where only before a place, not a version or a tool', () => {
    expect(statementOf('The deploy script is at scripts/deploy.sh')?.key).toBe(statementOf('The deploy script moved to tools/deploy.sh')?.key);
    expect(statementOf('The API gateway moved to Envoy.')?.subject).toBe('API gateway');
    for (const sentence of ['The file is in UTF-8', 'The model is on GPT-4', 'The release is on v2.3.0']) expect(statementOf(sentence)?.subject, sentence).not.toMatch(/location/);
    expect(statementOf('The app is on web-01')?.subject).toBe('app location');
    // Where it is put says where it is: "goes to", "is written to", "gets saved under" a place.
    expect(statementOf('The build output goes to dist/')).toMatchObject({ subject: 'build output location', value: 'dist/' });
    expect(statementOf('Build artifacts are written to build/out')?.key).toBe(statementOf('Build artifacts now live in out/')?.key);
    expect(statementOf('The build output is written to out/')?.key).toBe(statementOf('构建输出在 out/ 目录下')?.key);
    expect(statementOf('Node is at 20.11.1')).toMatchObject({ subject: 'Node version', value: '20.11.1' });
  });
});

describe('Chinese changes said with 到', () => {
  it('调到, 改到, 推迟到 name the new value; 从 A 调到 B keeps the subject clean of A', () => {
    expect(statementOf('接口超时时间从 30 秒调到 60 秒')).toMatchObject({ subject: '接口超时时间', value: '60 秒', other: '30 秒' });
    expect(statementOf('发版改到周四了')).toMatchObject({ subject: '发版时间', value: '周四' });
    expect(statementOf('发版推迟到下周一')).toMatchObject({ subject: '发版时间', value: '下周一' });
    // 挪到 a place is where it is; 挪到 a day is its new time (time-value.ts).
    expect(statementOf('发版挪到周四')?.subject).toBe('发版时间');
    expect(statementOf('主分支是 main')?.key).toBe(statementOf('The main branch is main')?.key);
  });
});

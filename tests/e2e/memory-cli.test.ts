import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdirSync, statSync, existsSync, chmodSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm, cmAsync, listJson, type CliResult } from '../helpers/cli.js';

const NOTES = [
  'The billing exporter writes CSV files to s3://acme-billing every night',
  'Search indexing runs through the OpenSearch bulk API with batches of 500',
  'The login page uses the shared Button component from ui-kit',
  'Stripe webhooks are verified with the signing secret before parsing',
  'Nightly backups keep fourteen days of Postgres snapshots',
  'Images are resized by sharp into webp at three widths',
  'Audit events are append-only and partitioned by month',
  'Feature flags come from Unleash; defaults live in flags.yaml',
  'Email templates are MJML compiled during the build step',
  'The rate limiter allows 100 requests per minute per token',
  'GraphQL persisted queries are required in production builds',
  'Push notifications for iOS go through APNs with a p8 key',
  'CSV imports reject rows whose date column is not ISO 8601',
  'PDF invoices are rendered with Playwright printing HTML',
  'Grafana dashboards are provisioned from the ops repository',
  'Websocket connections are pinned to one relay pod by cookie',
  'The cache warmer preloads the top thousand product pages',
  'VAT is calculated per line item and rounded half to even',
  'Sitemaps are split into files of fifty thousand URLs',
  'Single sign-on uses SAML with Okta as the identity provider',
];

/** `writers` processes at once, each remembering `each` texts in turn (text n = writer × each + i). */
async function writersAtOnce(writers: number, each: number, textOf: (n: number) => string, o: { cwd: string; env: NodeJS.ProcessEnv }): Promise<CliResult[]> {
  const runs = Array.from({ length: writers }, async (_, w) => {
    const out: CliResult[] = [];
    for (let i = 0; i < each; i++) out.push(await cmAsync(['remember', textOf(w * each + i)], o));
    return out;
  });
  return (await Promise.all(runs)).flat();
}

describe('remember, query, list, forget, status', () => {
  it('works in Chinese and English', () => {
    const sb = makeSandbox('cm-mem');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', '日志统一使用 JSON 格式，字段名用 snake_case，不要用纯文本'], o).stdout).toMatch(/^remembered \[1\] \[project\]/);
    expect(cm(['remember', '--type', 'fact', 'The orders table now has an index on create_time since the migration'], o).status).toBe(0);
    expect(cm(['remember', '--type', 'global', '我习惯用中文写提交信息，代码注释用英文'], o).stdout).toMatch(/\[g1\] \[global\]/);

    const zh = cm(['query', '日志格式'], o);
    expect(zh.status).toBe(0);
    expect(zh.stderr).toMatch(/claude-mem: \d+ results? in \d+(\.\d+)? ms\n/);
    expect(zh.stdout.split('\n')[0]).toMatch(/^\d\.\d\d \[project\] 日志统一使用 JSON 格式/);
    const none = cm(['-q', 'query', 'zzqx nothing like it'], o);
    expect(none.stderr).toBe('');
    expect(none.stdout).toMatch(/^no memories match "zzqx nothing like it"/);

    const en = cm(['query', 'orders index', '--type', 'fact', '--json'], o);
    const hits = JSON.parse(en.stdout) as Array<{ type: string; text: string; score: number }>;
    expect(hits[0]?.text).toContain('orders table');
    expect(hits.every((h) => h.type === 'fact')).toBe(true);

    const list = cm(['list', '--type', 'project'], o).stdout;
    expect(list).toMatch(/^\[1\] \[project\] 日志统一使用/);
    expect(list).toMatch(/from remember · user · \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(listJson(o)).toHaveLength(3);

    expect(cm(['forget', 'g1'], o).stdout).toMatch(/^forgot \[g1\]/);
    expect(listJson(o).map((m) => m.id)).toEqual(['1', '2']);

    const status = cm(['status'], o).stdout;
    expect(status).toContain(join(sb.project, '.claude-mem', 'mem.db'));
    expect(status).toContain(join(sb.home, 'data', 'mem.db'));
    expect(status).toMatch(/by type: (fact 1, project 1|project 1, fact 1)/);
    expect(status).toContain('lexical-v1');
    expect(statSync(join(sb.project, '.claude-mem', 'mem.db')).mode & 0o777).toBe(0o600);
    expect(statSync(join(sb.home, 'data')).mode & 0o777).toBe(0o700);
    // Never the other plugin's folder.
    expect(existsSync(join(sb.home, '.claude-mem'))).toBe(false);
  });

  it('reindex re-embeds every memory with the embedder in use', () => {
    const sb = makeSandbox('cm-reindex');
    const o = { cwd: sb.project, env: sb.env };
    cm(['remember', 'The build command is make all, and it needs GNU make 4'], o);
    cm(['remember', '--type', 'global', 'I prefer short answers with code first'], o);
    const r = cm(['reindex'], o);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/user store: 1 memories embedded with lexical-v1/);
    expect(r.stderr).toMatch(/project store: 1 memories embedded with lexical-v1/);
    expect(cm(['query', 'build command'], o).stdout).toMatch(/make all/);
  });

  it('says once that it fell back to lexical vectors', () => {
    const sb = makeSandbox('cm-notice');
    const o = { cwd: sb.project, env: sb.env };
    const first = cm(['list'], o);
    expect(first.stderr).toMatch(/^claude-mem: no local model .*lexical vectors/m);
    expect(cm(['list'], o).stderr).toBe('');
  });

  it('gives one clear message for bad input, and loses nothing', () => {
    const sb = makeSandbox('cm-bad');
    const o = { cwd: sb.project, env: sb.env };
    cm(['remember', 'The build command is make all, and it needs GNU make 4'], o);
    const cases: Array<[string[], RegExp, Buffer | string | undefined]> = [
      [['query', '   '], /the query is empty/, undefined],
      [['remember', '-'], /standard input is not valid UTF-8/, Buffer.from([0x66, 0xff, 0xfe, 0x67])],
      [['remember', 'x'.repeat(70_000)], /a memory holds at most 65,536/, undefined],
      [['forget', '999'], /no memory with id 999/, undefined],
      [['forget', 'abc'], /no memory with id abc/, undefined],
      [['remember', 'ok'], /not stored/, undefined],
      [['remember', '-'], /a memory holds at most 65,536/, 'a'.repeat(1024 * 1024)],
      [['query', 'x', '--limit', 'ten'], /--limit ten: expected a positive whole number/, undefined],
    ];
    for (const [args, msg, input] of cases) {
      const r = cm(args, { ...o, input });
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr, args.join(' ')).toMatch(msg);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    for (const q of ['"unclosed', 'NEAR(a AND', '*', 'col:x', "'; DROP TABLE memories; --", '表', '🙂 emoji']) {
      expect(cm(['query', q], o).status, q).toBe(0);
    }
    // argv holds at most 128 KiB per argument on Linux: just under that.
    const huge = cm(['query', 'make '.repeat(25_000)], o);
    expect(huge.status).toBe(0);
    expect(huge.stderr).toMatch(/using the first 2000/);
    expect(listJson(o)).toHaveLength(1);
  });

  it('uses the thresholds the user set both in context and in a launch that builds the block', () => {
    const sb = makeSandbox('cm-threshold');
    const o = { cwd: sb.project, env: sb.env };
    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'retrieval:\n  similarity_threshold: 0\n');
    expect(cm(['remember', '--type', 'fact', 'Lunch on Fridays is at the Thai place downstairs'], o).status).toBe(0);
    expect(cm(['remember', '--type', 'fact', 'The staging cluster is rebuilt every Sunday night'], o).status).toBe(0);
    const ctx = cm(['context'], o);
    expect(ctx.stdout).toContain('Thai place');
    expect(ctx.stdout).toContain('staging cluster');
    // `remember` changed the store after the cache was left: this launch builds the block itself.
    const run = cm(['run', '--', 'sh', '-c', 'printf "%s" "$CLAUDE_MEM_CONTEXT"'], o);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Thai place');
    expect(run.stdout).toContain('staging cluster');
  });

  it('builds the block in a launch whether the store is current (read alone) or from an older claude-mem (opened and migrated)', () => {
    const sb = makeSandbox('cm-old-store');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', 'The deploy script lives in ops/deploy.sh and runs on Fridays'], o).status).toBe(0);
    const launch = (): string => {
      rmSync(join(sb.project, '.claude-mem', 'context-cache.json'), { force: true });
      const r = cm(['run', '--', 'sh', '-c', 'printf "%s" "$CLAUDE_MEM_CONTEXT"'], o);
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    expect(launch()).toContain('ops/deploy.sh');
    // As a claude-mem before steps 018–020 left it (018 and 020 are layouts a launch defers, 019 adds a table).
    const db = new Database(join(sb.project, '.claude-mem', 'mem.db'));
    const steps = db.prepare('SELECT name FROM _migrations ORDER BY name').pluck().all() as string[];
    db.exec("DROP INDEX memories_state; DROP TABLE memory_parts; DELETE FROM _migrations WHERE name >= '018'");
    db.close();
    expect(launch()).toContain('ops/deploy.sh');
    // The next command (or the distiller the run started) lays it out.
    expect(cm(['list'], o).status).toBe(0);
    const done = new Database(join(sb.project, '.claude-mem', 'mem.db'), { readonly: true });
    expect(done.prepare('SELECT name FROM _migrations ORDER BY name').pluck().all()).toEqual(steps);
    done.close();
  });

  it('treats a cloned claude-mem.yaml as untrusted: no store outside the project, no chmod of what is not ours', () => {
    const sb = makeSandbox('cm-untrusted');
    const o = { cwd: sb.project, env: sb.env };
    const shared = join(sb.home, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const victim = join(sb.home, 'passwd');
    writeFileSync(victim, 'root:x:0:0::/root:/bin/sh\n'.repeat(40));
    chmodSync(victim, 0o644);
    for (const target of [join(shared, 'm.db'), victim, '../outside.db']) {
      // store.db_path is a trust key: a cloned file's is ignored, and said so; the store stays where it was.
      writeFileSync(join(sb.project, 'claude-mem.yaml'), `store:\n  db_path: "${target}"\n`);
      const r = cm(['list'], o);
      expect(r.status, target).toBe(0);
      expect(r.stderr).toMatch(/is not trusted: ignoring store\.db_path/);
      expect(r.stderr).not.toMatch(/\bmv\b/);
    }

    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(readdirSync(shared)).toEqual([]);
    // A .claude-mem symlink shipped with the repository is refused the same way.
    rmSync(join(sb.project, 'claude-mem.yaml'));
    symlinkSync(shared, join(sb.project, '.claude-mem'));
    expect(cm(['list'], o).stderr).toMatch(/resolves to .*shared/);
    rmSync(join(sb.project, '.claude-mem'));
    // The user's own config may choose such a path; the shared dir keeps its mode, the file is ours.
    mkdirSync(join(sb.home, 'config', 'claude-mem'), { recursive: true });
    writeFileSync(join(sb.home, 'config', 'claude-mem', 'config.yaml'), `store:\n  db_path: "${join(shared, 'm.db')}"\n`);
    expect(cm(['remember', 'The shared store lives in a sticky directory on purpose'], o).status).toBe(0);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(statSync(join(shared, 'm.db')).mode & 0o777).toBe(0o600);
    // A file that is not a store, named by the user: no advice to move it, and it is left as it was.
    const r = cm(['--set', `store.db_path=${victim}`, 'list'], o);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/is not a claude-mem memory store .*did not change the file/);
    expect(r.stderr).not.toMatch(/\bmv\b/);
    expect(statSync(victim).mode & 0o777).toBe(0o644);
  });

  it('distills a session holding one 50 MB terminal line, and keeps what came before and after it', () => {
    const sb = makeSandbox('cm-hugeline');
    const o = { cwd: sb.project, env: sb.env };
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const lines = [JSON.stringify({ version: 2, width: 120, height: 30, timestamp: 1_764_000_000, command: 'bash', 'x-claude-mem': { session_id: 'huge', cwd: sb.project, agent: 'bash' } })];
    lines.push(JSON.stringify([0.05, 'i', '!记得 the build cache lives in /var/cache/build and is wiped weekly\r']));
    lines.push(JSON.stringify([0.1, 'o', '!记得 the build cache lives in /var/cache/build and is wiped weekly\r\n']));
    const chunk = 'x'.repeat(65536);
    for (let i = 0; i < 800; i++) lines.push(JSON.stringify([1 + i / 1000, 'o', chunk]));
    lines.push(JSON.stringify([3, 'o', '\r\nDecided to keep the build cache on the local disk, fixed the path.\r\n']));
    writeFileSync(join(sessions, 'huge.cast'), `${lines.join('\n')}\n`);
    const r = cm(['distill', '--all'], o);
    expect(r.status, r.stderr).toBe(0);
    const texts = listJson(o).map((m) => m.text);
    expect(texts).toContain('the build cache lives in /var/cache/build and is wiped weekly');
    expect(texts).toContain('Decided to keep the build cache on the local disk, fixed the path.');
    expect(JSON.parse(cm(['status', '--json'], o).stdout).pending_sessions).toEqual([]);
  });

  it('creates no files for reading commands, says where a store is created, and keeps it out of git status', () => {
    const sb = makeSandbox('cm-files');
    const plain = join(sb.home, 'not-a-repo');
    mkdirSync(plain);
    for (const args of [['status'], ['list'], ['query', 'anything at all'], ['context']]) {
      expect(cm(args, { cwd: plain, env: sb.env }).status, args.join(' ')).toBe(0);
    }
    expect(readdirSync(plain)).toEqual([]);
    expect(existsSync(join(sb.home, 'data', 'mem.db'))).toBe(false);
    expect(cm(['status'], { cwd: plain, env: sb.env }).stdout).toMatch(/project store .* \(not created yet\)/);
    // In a repository: the first write says where the store went, and .git/info/exclude keeps it out of git status.
    mkdirSync(join(sb.project, '.git', 'info'), { recursive: true });
    const r = cm(['remember', 'The deploy script lives in ops/deploy.sh and runs on Fridays'], { cwd: sb.project, env: sb.env });
    expect(r.stderr).toMatch(/created the project store .*\.claude-mem\/mem\.db/);
    expect(r.stderr).toMatch(/added \/\.claude-mem\/ to \.git\/info\/exclude/);
    expect(readFileSync(join(sb.project, '.git', 'info', 'exclude'), 'utf8')).toContain('/.claude-mem/');
    expect(existsSync(join(sb.project, '.gitignore'))).toBe(false);
    const again = cm(['remember', 'The staging database is rebuilt every Sunday night'], { cwd: sb.project, env: sb.env });
    expect(again.stderr).not.toMatch(/created|exclude/);
  });

  it('prunes old processed logs only, and forget --scrub-logs removes the text from the raw logs', () => {
    const sb = makeSandbox('cm-prune');
    const o = { cwd: sb.project, env: sb.env };
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const secret = 'the staging database password rotates every Monday at noon';
    const cast = (id: string): string =>
      `${JSON.stringify({ version: 2, width: 100, height: 30, timestamp: 1_764_000_000, command: 'bash', 'x-claude-mem': { session_id: id, cwd: sb.project, agent: 'bash' } })}\n` +
      `${JSON.stringify([0.4, 'i', `!记得 ${secret}\r`])}\n${JSON.stringify([0.5, 'o', `!记得 ${secret}\r\n`])}\n`;
    for (const id of ['old', 'new', 'pending']) writeFileSync(join(sessions, `${id}.cast`), cast(id));
    expect(cm(['distill', '--session', 'old'], o).status).toBe(0);
    expect(cm(['distill', '--session', 'new'], o).status).toBe(0);
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    for (const id of ['old', 'pending']) utimesSync(join(sessions, `${id}.cast`), longAgo, longAgo);
    // The hook endpoint's spool goes by the same age.
    const spool = join(sb.env['CLAUDE_MEM_DATA_DIR'] ?? '', 'hooks');
    mkdirSync(spool, { recursive: true });
    writeFileSync(join(spool, 'claude-old.jsonl'), '{}\n');
    writeFileSync(join(spool, 'claude-new.jsonl'), '{}\n');
    utimesSync(join(spool, 'claude-old.jsonl'), longAgo, longAgo);
    // 'pending' is old but was never distilled: it is kept (the list below would recover it first, so prune runs before).
    const dry = cm(['prune', '--dry-run'], o);
    expect(dry.stdout).toMatch(/would remove 1 session log .*: old/);
    expect(existsSync(join(sessions, 'old.cast'))).toBe(true);
    const pr = cm(['prune'], o);
    expect(pr.stdout).toMatch(/removed 1 session log .*: old/);
    expect(pr.stdout).toMatch(/kept 1 old log .*: pending/);
    expect(pr.stdout).toContain('removed 1 old hook spool file');
    expect(readdirSync(spool)).toEqual(['claude-new.jsonl']);
    expect(readdirSync(sessions).filter((f) => f.startsWith('old.'))).toEqual([]);
    expect(existsSync(join(sessions, 'new.cast'))).toBe(true);
    // Forget with --scrub-logs: the text leaves the remaining logs too.
    const mem = listJson(o).find((m) => m.text.includes('staging database password'));
    expect(mem).toBeDefined();
    const f = cm(['forget', '--scrub-logs', mem?.id ?? ''], o);
    expect(f.stdout).toMatch(/scrubbed \d+ occurrences? from [1-9]\d* session logs?/);
    for (const file of readdirSync(sessions).filter((x) => x.endsWith('.cast'))) {
      expect(readFileSync(join(sessions, file), 'utf8'), file).not.toContain(secret);
      expect(readFileSync(join(sessions, file), 'utf8')).toContain('[forgotten]');
    }
    // The scrubbed logs are still processed: nothing comes back.
    cm(['distill'], o);
    expect(listJson(o).some((m) => m.text.includes('staging database password'))).toBe(false);
  });

  it('gives usage errors exit 2 with one prefix, and hints for the usual slips', () => {
    const sb = makeSandbox('cm-usage');
    const o = { cwd: sb.project, env: sb.env };
    for (const args of [['query', 'x', '--bogus'], ['list', '--type', 'nonsense'], ['forget'], ['run'], ['query'], ['run', '--bogus', 'true'], ['claude']]) {
      const r = cm(args, o);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(/^claude-mem: error: /);
    }
    expect(cm(['claude', '--resume'], o).stderr).toMatch(/claude-mem run claude/);
    expect(cm(['run', '--resume', 'claude'], o).stderr).toMatch(/the CLI's flags go after its name/);
    expect(cm(['lisst'], o).stderr).toMatch(/Did you mean "claude-mem list"/);
    // A pasted private key in an error is cut to a short prefix.
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${'MIIEowIBAAKCAQEA'.repeat(8)}\n-----END RSA PRIVATE KEY-----`;
    const r = cm(['query', key, '--bogus-flag'], o);
    expect(r.stderr).not.toContain('MIIEowIBAAKCAQEA');
    // Text starting with "-" is text, not an option.
    expect(cm(['remember', '--', '- item one: the deploy script lives in ops/deploy.sh'], o).status).toBe(0);
  });

  it('never records what the terminal answered on the input side', () => {
    const sb = makeSandbox('cm-answers');
    const o = { cwd: sb.project, env: sb.env };
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const lines = [
      JSON.stringify({ version: 2, width: 100, height: 30, timestamp: 1_764_000_000, command: 'claude', 'x-claude-mem': { session_id: 'a', cwd: sb.project, agent: 'claude' } }),
      JSON.stringify([0.1, 'i', '\x1bP>|tmux 3.3a\x1b\\\x1b[?64;1;2;6;9;15;18;21;22c\x1b[I']),
      JSON.stringify([1, 'i', 'from now on we use bun instead of pnpm in this repo\r']),
      JSON.stringify([1.1, 'o', '> from now on we use bun instead of pnpm in this repo\r\nOk, noted.\r\n']),
      JSON.stringify([2, 'i', 'what does the build do?\r']),
    ];
    writeFileSync(join(sessions, 'a.cast'), `${lines.join('\n')}\n`);
    expect(cm(['distill', '--all'], o).status).toBe(0);
    const all = listJson(o).map((m) => m.text).join('\n');
    expect(all).toContain('from now on we use bun instead of pnpm');
    expect(all).not.toMatch(/tmux 3\.3a|64;1;2/);
    const summary = JSON.parse(cm(['status', '--json'], o).stdout).last_summary as string | null;
    expect(summary ?? '').not.toMatch(/tmux|\|/);
  });

  it('sets one bad session log aside with its reason, and every command still works', () => {
    const sb = makeSandbox('cm-badlog');
    const o = { cwd: sb.project, env: sb.env };
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, 'a.cast'), '{"version":2,"width":"x","height":24}\n');
    writeFileSync(join(sessions, 'b.cast'), '{"version":2,"width":80,"height":24,"timestamp":1700000000}\n[0.5,"o","The orders table now has an index on create_time, decided to keep it.\\r\\n"]\n');
    const list = cm(['list'], o);
    expect(list.status).toBe(0);
    expect(list.stderr).toMatch(/set aside session log a: .*a\.cast: the header's width and height/);
    expect(cm(['list'], o).stderr).not.toMatch(/set aside/);
    const all = cm(['distill', '--all'], o);
    expect(all.status).toBe(1);
    expect(all.stderr).toMatch(/a: .*width and height/);
    expect(all.stderr).toMatch(/processed 0 sessions, .*; 1 set aside/);
    expect(cm(['status', '--json'], o).status).toBe(0);
    // Named by hand, an already processed log says so once, and is not counted as processed.
    const one = cm(['distill', '--session', 'b'], o);
    expect(one.stderr).toMatch(/b: already processed/);
    expect(one.stderr).toMatch(/processed 0 sessions/);
  });

  it('reports a corrupt store clearly and touches nothing', () => {
    const sb = makeSandbox('cm-corrupt');
    const o = { cwd: sb.project, env: sb.env };
    mkdirSync(join(sb.project, '.claude-mem'), { recursive: true });
    writeFileSync(join(sb.project, '.claude-mem', 'mem.db'), 'this is not a database, just text that got here somehow '.repeat(100));
    const r = cm(['list'], o);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^claude-mem: error: the memory store .*mem\.db is damaged or not a database\. Move it aside/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // A wrapped CLI still runs, without memory.
    const run = cm(['run', 'sh', '-c', 'echo alive'], o);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('alive');
    expect(run.stderr).toMatch(/memory injection failed .* damaged/);
  });

  it('waits for a locked store, then says what to do', () => {
    const sb = makeSandbox('cm-locked');
    const o = { cwd: sb.project, env: { ...sb.env } };
    cm(['remember', 'The build command is make all, and it needs GNU make 4'], o);
    const db = new Database(join(sb.project, '.claude-mem', 'mem.db'));
    db.exec('BEGIN EXCLUSIVE');
    try {
      const r = cm(['remember', 'Another memory that cannot be written while the lock is held'], { ...o, env: { ...o.env, CLAUDE_MEM_STORE_BUSY_TIMEOUT_MS: '300' } });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/stayed locked by another process/);
    } finally {
      db.exec('ROLLBACK');
      db.close();
    }
    expect(listJson(o)).toHaveLength(1);
  });

  it('lets a correction win over the memory it corrects, in Chinese and English', () => {
    const pairs = [
      ['测试命令是 pnpm vitest run', '测试命令改成 bun test，不再用 pnpm vitest run', '测试命令改成 bun test', /测试命令是 pnpm vitest run/],
      ['The test command for this repo is pnpm vitest run', 'The test command for this repo is now bun test instead of pnpm vitest run', 'now bun test instead of pnpm vitest run', /is pnpm vitest run$/m],
    ] as const;
    // Each language in a project of its own: in one project the later statement of the test command would replace the earlier, whatever its language.
    for (const [old, correction, shown, corrected] of pairs) {
      const sb = makeSandbox('cm-correct');
      const o = { cwd: sb.project, env: sb.env };
      expect(cm(['remember', old], o).status).toBe(0);
      const r = cm(['remember', correction], o);
      expect(r.stdout).toMatch(/remembered \[\d+\] \[project\]; it replaces \[\d+\]/);
      const ctx = cm(['context'], o).stdout;
      expect(ctx).toContain(shown);
      // The corrected memory is never shown alone, and is kept, linked, under --archived.
      expect(ctx).not.toMatch(corrected);
      expect(cm(['list'], o).stdout).not.toMatch(corrected);
      const archived = listJson(o, ['--archived']).filter((m) => m.status === 'archived');
      expect(archived).toHaveLength(1);
      expect(typeof (archived[0] as { superseded_by?: unknown }).superseded_by).toBe('string');
      expect(cm(['query', 'test command'], o).stdout).not.toMatch(/\] The test command for this repo is pnpm vitest run/);
    }
  });

  it('a memory that said two things loses only the one a newer value replaces', () => {
    const sb = makeSandbox('cm-parts');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', '包管理器用 pnpm，测试命令是 pnpm test:unit'], o).status).toBe(0);
    const r = cm(['remember', '我们把包管理器从 pnpm 换成了 bun'], o);
    expect(r.stdout).toMatch(/it replaces \[1\], kept as history .*; what that said of other things stays current as \[3\]/);
    const ctx = cm(['context'], o).stdout;
    expect(ctx).toContain('测试命令是 pnpm test:unit');
    expect(ctx).toContain('换成了 bun');
    expect(ctx).not.toContain('包管理器用 pnpm');
  });

  it('a newer value replaces the old one; two values of what may be one subject are both kept, with a conflict note; a team decision stays in its project', () => {
    const sb = makeSandbox('cm-conflict');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', 'The dev server for this repo listens on port 3000'], o).status).toBe(0);
    expect(cm(['remember', 'The dev server for this repo listens on port 8080'], o).stdout).toMatch(/it replaces \[1\]/);
    // "The port" alone may be the dev server's port or another: kept beside it, and the block says they disagree.
    expect(cm(['remember', 'The port for this repo is 4000'], o).stdout).not.toMatch(/replaces/);
    const ctx = cm(['context'], o).stdout;
    expect(ctx).not.toContain('port 3000');
    expect(ctx).toContain('port 8080');
    expect(ctx).toContain('is 4000');
    expect(ctx).toMatch(/memories \d and \d disagree/);
    // The next build takes the pair's decision from the one before it: the same note, and gone with a reindex.
    const memo = join(sb.project, '.claude-mem', 'conflict-pairs.json');
    expect(existsSync(memo)).toBe(true);
    expect(cm(['context'], o).stdout).toBe(ctx);
    expect(cm(['reindex'], o).status).toBe(0);
    expect(existsSync(memo)).toBe(false);
    expect(cm(['context'], o).stdout).toBe(ctx);
    expect(cm(['context', '--for', 'bogus'], o).stderr).toMatch(/no adapter knows "bogus"/);
    expect(cm(['context', '--for', 'codex'], o).stderr).not.toMatch(/no adapter knows/);
    // "we use" is about this code, not the person: a brand-new repo does not get it.
    expect(cm(['remember', 'From now on we use bun instead of pnpm'], o).stdout).toMatch(/\[project\]/);
    const other = join(sb.home, 'other');
    mkdirSync(join(other, '.git'), { recursive: true });
    expect(cm(['context'], { cwd: other, env: sb.env }).stdout).not.toContain('bun instead of pnpm');
  });

  it('keeps every distinct explicit memory: eight writers, texts that differ only in numbers', async () => {
    const sb = makeSandbox('cm-explicit');
    const o = { cwd: sb.project, env: sb.env };
    const all = await writersAtOnce(8, 5, (n) => `unique text 0-${n} about topic postgres number ${n}`, o);
    for (const r of all) expect(r.status, r.stderr).toBe(0);
    const kept = listJson(o);
    expect(kept).toHaveLength(40);
    expect(kept.every((m) => m.supplement === '')).toBe(true);
    // A near repeat is refused with the id it repeats and the way to keep both.
    const again = cm(['remember', 'unique text 0-3 about topic postgres number 3!'], o);
    expect(again.stdout).toMatch(/updated|already remembered/);
    const near = cm(['remember', 'unique text 0-3 about the topic postgres, number 3'], o);
    expect(near.status).toBe(1);
    expect(near.stderr).toMatch(/nearly repeats \[\d+\].*--force/);
    expect(cm(['remember', '--force', 'unique text 0-3 about the topic postgres, number 3'], o).status).toBe(0);
    expect(listJson(o)).toHaveLength(41);
  });

  it('loses nothing with four processes writing at once', async () => {
    const sb = makeSandbox('cm-concurrent');
    const o = { cwd: sb.project, env: sb.env };
    const all = await writersAtOnce(4, 5, (n) => NOTES[n] ?? '', o);
    for (const r of all) {
      expect(r.stderr).not.toMatch(/locked|error/i);
      expect(r.status).toBe(0);
    }
    expect(listJson(o)).toHaveLength(20);
  });
});

import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI, ROOT } from '../helpers/sandbox.js';
import { cm, poll } from '../helpers/cli.js';

/**
 * Read-only folders and full disks, made for real: a private mount
 * namespace (unshare -m) with a read-only bind mount or a tiny tmpfs, so
 * nothing outside the test ever sees them. The machine runs tests as root,
 * for whom permissions alone never make a folder read-only.
 */
function inNamespace(script: string, env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('unshare', ['-m', 'sh', '-ec', script], { env: { ...env, CM: `${process.execPath} ${CLI}` }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('read-only folders and full disks', () => {
  it('reads a store in a read-only folder, saves globals, and refuses project writes with one line', async () => {
    const sb = makeSandbox('cm-ro');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', '--type', 'project', 'The deploy script lives in ops/deploy.sh and runs on Fridays'], o).status).toBe(0);
    // The remember left the next launch's block to a background process: let it finish before the folder turns read-only.
    await poll(() => existsSync(join(sb.project, '.claude-mem', 'context-cache.json')), (ok) => ok, 15_000);
    const r = inNamespace(
      `mount --bind "$P" "$P"; mount -o remount,bind,ro "$P"; cd "$P"
       $CM list; echo "list=$?"
       $CM query deploy script; echo "query=$?"
       $CM status >/dev/null; echo "status=$?"
       $CM context >/dev/null; echo "context=$?"
       $CM remember --type global 'Always run the linter before pushing any branch' && echo "global=0"
       $CM remember --type project 'The staging database is rebuilt every Sunday night' || echo "project=$?"
       $CM forget 1 || echo "forget=$?"`,
      { ...sb.env, P: sb.project },
    );
    expect(r.stdout, r.stderr).toContain('ops/deploy.sh');
    for (const k of ['list=0', 'query=0', 'status=0', 'context=0', 'global=0', 'project=1', 'forget=1']) expect(r.stdout, r.stderr).toContain(k);
    expect(r.stderr).toMatch(/error: the project store .* is read-only here .*nothing was changed/);
    expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    // Outside the namespace the store is whole, and the global memory landed.
    const list = cm(['list'], o).stdout;
    expect(list).toContain('ops/deploy.sh');
    expect(list).toContain('Always run the linter');
    expect(list).not.toContain('staging database');
  });

  it('reads from a snapshot when the folder is read-only while another process holds the store in WAL mode', async () => {
    const sb = makeSandbox('cm-ro-held');
    const o = { cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_INJECT_ENABLED: 'false' } };
    expect(cm(['remember', '--type', 'project', 'The cache warmer runs at 04:00 from cron on the worker host'], o).status).toBe(0);
    const db = join(sb.project, '.claude-mem', 'mem.db');
    // Another claude-mem process (a distiller, a warm) with the store open and a page in its write-ahead log.
    const holder = spawn(process.execPath, ['-e', `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(db)}); db.pragma('journal_mode = WAL'); db.pragma('user_version = 0'); process.stdout.write('open\\n'); setTimeout(() => db.close(), 20000);`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((r) => holder.stdout?.once('data', () => r()));
    try {
      const r = inNamespace(`mount --bind "$P" "$P"; mount -o remount,bind,ro "$P"; cd "$P"; $CM query cache warmer; echo "query=$?"`, { ...o.env, P: sb.project });
      expect(r.stdout, r.stderr).toContain('cache warmer runs at 04:00');
      expect(r.stdout).toContain('query=0');
      expect(r.stderr).toContain('is read-only here: showing what it holds');
      expect(r.stderr).not.toContain('SQLITE_READONLY');
    } finally {
      holder.kill();
    }
  });

  it('works in a read-only project folder that has no store yet, for globals', () => {
    const sb = makeSandbox('cm-ro2');
    const r = inNamespace(
      `mount --bind "$P" "$P"; mount -o remount,bind,ro "$P"; cd "$P"
       $CM remember --type global 'I prefer short answers with code first' && echo "global=0"
       $CM list`,
      { ...sb.env, P: sb.project },
    );
    expect(r.stdout).toContain('global=0');
    expect(r.stdout).toContain('I prefer short answers');
    expect(r.stderr).not.toMatch(/internal error/);
  });

  it('says in one line that the disk holding the store is full, and keeps what was stored', () => {
    const sb = makeSandbox('cm-full');
    const data = join(sb.project, '.claude-mem');
    mkdirSync(data, { recursive: true });
    const r = inNamespace(
      `mount -t tmpfs -o size=2m tmpfs "$D"; cd "$P"
       $CM remember 'The first memory is stored before the disk fills up' && echo "first=0"
       dd if=/dev/zero of="$D/filler" bs=64k 2>/dev/null || true
       i=0; while [ $i -lt 40 ]; do $CM remember "Memory number $i with some padding text to take space $(head -c 3000 /dev/zero | tr '\\\\0' x)" 2>>"$D/../err.txt" >/dev/null || { echo "failed=$?"; break; }; i=$((i+1)); done
       cat "$D/../err.txt" >&2
       rm -f "$D/filler"
       $CM list`,
      { ...sb.env, P: sb.project, D: data },
    );
    expect(r.stdout).toContain('first=0');
    expect(r.stdout).toMatch(/failed=1/);
    expect(r.stderr).toMatch(/error: the disk holding .*mem\.db is full\. Free some space/);
    expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    expect(r.stdout).toContain('The first memory is stored');
  });

  it('still reads with the disk full: list and query show what is stored, a write says the disk is full', () => {
    const sb = makeSandbox('cm-full-read');
    const data = join(sb.project, '.claude-mem');
    mkdirSync(data, { recursive: true });
    const r = inNamespace(
      `mount -t tmpfs -o size=2m tmpfs "$D"; cd "$P"
       $CM remember 'The preview server listens on port 8080 in development' >/dev/null
       dd if=/dev/zero of="$D/filler" bs=64k 2>/dev/null || true
       echo "== list"; $CM list; echo "list=$?"
       echo "== query"; $CM query 'preview port'; echo "query=$?"
       $CM remember 'The deploy script lives in ops/deploy.sh' || echo "remember=$?"`,
      { ...sb.env, P: sb.project, D: data },
    );
    expect(r.stdout).toContain('list=0');
    expect(r.stdout).toContain('query=0');
    expect(r.stdout.split('== query')[0]).toContain('port 8080');
    expect(r.stdout.split('== query')[1]).toContain('port 8080');
    expect(r.stdout).toContain('remember=1');
    expect(r.stderr).toMatch(/is full: showing what it holds/);
    expect(r.stderr).toMatch(/error: the disk holding .*mem\.db is full\. Free some space/);
    expect(r.stderr).not.toMatch(/internal error/);
  });
});

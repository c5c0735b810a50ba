import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { startCli, startPty } from '../helpers/pty-harness.js';
import { castsIn } from '../helpers/casts.js';
import { cm } from '../helpers/cli.js';

describe('claude-mem run under a real PTY', () => {
  it('after kill -9 of the wrapper: the terminal is restored under dash, output loss is bounded, leftovers go at the next start', async () => {
    const sb = makeSandbox();
    const o = { cwd: sb.project, env: sb.env };
    // A memory, so the launch writes a handover file.
    expect(cm(['remember', 'The deploy script lives in ops/deploy.sh and runs on Fridays'], o).status).toBe(0);
    // A line every 10 ms from one process, so the count measures time.
    const ticker = 'import time,sys\\ni=0\\nwhile True:\\n print(f\"tick-{i} at {time.time():.3f}\", flush=True); i+=1; time.sleep(0.01)';
    const script = `${process.execPath} ${CLI} run -q python3 -c "$(printf '${ticker}')"; sleep 0.5; stty -a; echo END-OF-TEST`;
    const h = startPty('/usr/bin/dash', ['-c', script], o);
    await h.waitFor('tick-60');
    const wrapper = spawnSync('pgrep', ['-P', String(h.pty.pid)], { encoding: 'utf8' }).stdout.trim().split('\n')[0] ?? '';
    const runDir = join(sb.home, 'data', 'run');
    expect(readdirSync(runDir)).toHaveLength(1);
    process.kill(Number(wrapper), 'SIGKILL');
    await h.waitFor('END-OF-TEST');
    const out = h.text();
    const afterKill = out.slice(out.lastIndexOf('tick-'));
    const stty = afterKill.slice(afterKill.indexOf('speed'));
    // Canonical mode and echo are back on: the user can type at the shell again.
    expect(stty).toMatch(/(^|\s)icanon(\s|$)/m);
    expect(stty).toMatch(/(^|\s)echo(\s|$)/m);
    // Output post-processing too (the wrapper had turned it off).
    expect(stty).toMatch(/(^|\s)opost(\s|$)/m);
    const lastAt = (text: string): number => Math.max(...[...text.matchAll(/tick-\d+ at (\d+\.\d+)/g)].map((m) => Number(m[1])));
    const [log] = castsIn(sb.project);
    // The last line on screen and the last in the log, by the time each was printed:
    // about 100 ms of output at most is missing (a 500 ms flush loses ~0.5 s).
    expect(lastAt(out) - lastAt(log?.raw ?? '')).toBeLessThanOrEqual(0.25);
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    expect(readdirSync(sessions).some((f) => f.endsWith('.lock'))).toBe(true);
    // The next start sweeps the dead wrapper's lock and its handover file.
    expect(readdirSync(sessions).some((f) => f.endsWith('.done'))).toBe(false);
    expect(cm(['run', '--no-record', 'true'], o).status).toBe(0);
    expect(readdirSync(sessions).some((f) => f.endsWith('.lock'))).toBe(false);
    expect(readdirSync(runDir)).toHaveLength(0);
    // And hands the dead wrapper's log to a background distill, with no other command run.
    const deadline = Date.now() + 20_000;
    while (!readdirSync(sessions).some((f) => f.endsWith('.done')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(sessions).some((f) => f.endsWith('.done'))).toBe(true);
  });

  it('puts the terminal back exactly as it was, after a child that exits at once and after one that prints', async () => {
    const sb = makeSandbox();
    const run = `${process.execPath} ${CLI} run -q`;
    const script = `stty -g; ${run} true; stty -g; ${run} sh -c 'printf "one\\ntwo\\n"'; stty -g; echo END-OF-TEST`;
    const h = startPty('/usr/bin/dash', ['-c', script], { cwd: sb.project, env: sb.env });
    await h.waitFor('END-OF-TEST');
    // Printed with output post-processing off and the child's own "\r\n": never "\r\r\n".
    expect(h.text()).toContain('one\r\ntwo\r\n');
    const settings = h.text().match(/^[0-9a-f]+(:[0-9a-f]+){10,}/gm) ?? [];
    expect(settings).toHaveLength(3);
    expect(new Set(settings).size).toBe(1);
  });

  it('keeps the child output and exit status when a recording sink throws on its first event', async () => {
    const sb = makeSandbox();
    const h = startPty(process.execPath, [join(import.meta.dirname, '..', 'fixtures', 'throwing-observer.mjs')], { cwd: sb.project, env: sb.env });
    expect((await h.exited).exitCode).toBe(7);
    const out = h.text();
    expect(out).toContain('first line');
    expect(out).toContain('second line');
    expect(out).toContain('events seen 1, failures 1');
    expect(out.match(/observer failed: the sink broke/g)).toHaveLength(1);
  });

  it('passes printf output through byte for byte and records it', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'printf', 'hello\\n'], { cwd: sb.project, env: sb.env });
    expect((await h.exited).exitCode).toBe(0);
    expect(h.text()).toContain('hello\r\n');
    const casts = castsIn(sb.project);
    expect(casts).toHaveLength(1);
    const cast = casts[0]?.cast;
    expect(cast?.header.version).toBe(2);
    expect(cast?.header.env?.TERM).toBe('xterm-256color');
    expect(cast?.events.filter((e) => e.code === 'o').map((e) => e.data).join('')).toContain('hello\r\n');
    expect(statSync(casts[0]?.file ?? '').mode & 0o777).toBe(0o600);
    expect(statSync(join(sb.project, '.claude-mem')).mode & 0o777).toBe(0o700);
  });

  it('gives the same bytes as a bare PTY, binary and invalid UTF-8 included', async () => {
    const sb = makeSandbox();
    const script = "printf 'caf\\303\\251 \\377\\376 \\000 raw\\033[1mbold\\033[0m\\n'";
    const bare = startPty('/bin/sh', ['-c', script], { cwd: sb.project, env: sb.env });
    await bare.exited;
    // -q: claude-mem's own status lines (stderr) are not the child's bytes.
    const wrapped = startCli(['run', '-q', '--', '/bin/sh', '-c', script], { cwd: sb.project, env: sb.env });
    await wrapped.exited;
    expect(wrapped.bytes().equals(bare.bytes())).toBe(true);
    expect(bare.bytes().includes(Buffer.from([0xff, 0xfe]))).toBe(true);
  });

  it('echoes through cat and ends on ^D', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'cat'], { cwd: sb.project, env: sb.env });
    await new Promise((r) => setTimeout(r, 300));
    h.write('ping 日志\r');
    await h.waitFor(/ping 日志\r\n[\s\S]*ping 日志\r\n/);
    h.write('\x04');
    expect((await h.exited).exitCode).toBe(0);
  });

  it('passes a huge paste through whole and keeps running', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'sh', '-c', 'cat > pasted.txt; echo "size $(wc -c < pasted.txt)"'], { cwd: sb.project, env: sb.env });
    // cat shows nothing and no echo reading has been taken: the paste is
    // typed at once, and the wrapper holds it back until its first reading
    // answers (this test counts every byte of it in the log).
    // 256 KiB in lines of 64 bytes. A terminal hands a paste over in chunks
    // as the PTY takes them; so does this test, since the kernel's line
    // discipline can stall on a single 256 KiB write to a starved reader.
    const line = `${'日志'.repeat(10)}${'x'.repeat(33)}\r`;
    const paste = line.repeat(Math.ceil((256 * 1024) / Buffer.byteLength(line)));
    const perChunk = 32;
    const total = paste.split('\r').length - 1;
    const echoed = (): number => h.text().match(/x\r\n/g)?.length ?? 0;
    for (let sent = 0; sent < total; sent += perChunk) {
      const n = Math.min(perChunk, total - sent);
      h.write(line.repeat(n));
      await h.waitUntil(() => echoed() >= sent + n, `echo of line ${sent + n}`, 30_000);
    }
    h.write('\x04');
    await h.waitFor(/size \d+/, 30_000);
    const size = Number(/size (\d+)/.exec(h.text())?.[1]);
    expect(size).toBe(Buffer.byteLength(paste));
    expect((await h.exited).exitCode).toBe(0);
    const [log] = castsIn(sb.project);
    expect(log?.cast.events.filter((e) => e.code === 'i').map((e) => e.data).join('').length).toBe(paste.length + 1);
  });

  it("returns the child's exit status", async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'sh', '-c', 'exit 42'], { cwd: sb.project, env: sb.env });
    expect((await h.exited).exitCode).toBe(42);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('forwards %s and exits 128 + its number (%i)', async (signal, status) => {
    const sb = makeSandbox();
    const h = startCli(['run', 'sleep', '30'], { cwd: sb.project, env: sb.env });
    // Until the wrapper has its child (a loaded machine starts it late), a signal would find no handler yet.
    const until = Date.now() + 20_000;
    while (spawnSync('pgrep', ['-P', String(h.pty.pid)]).status !== 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    process.kill(h.pty.pid, signal);
    expect((await h.exited).exitCode).toBe(status);
  });

  it('passes Ctrl-C to the child as a byte', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'sh', '-c', 'trap "echo got-int; exit 7" INT; echo ready; while :; do sleep 0.1; done'], { cwd: sb.project, env: sb.env });
    await h.waitFor('ready');
    h.write('\x03');
    await h.waitFor('got-int');
    expect((await h.exited).exitCode).toBe(7);
  });

  it('starts with the caller size and follows a resize', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'sh', '-c', 'tput cols; read x; tput cols; stty size'], { cwd: sb.project, env: sb.env, cols: 90, rows: 30 });
    await h.waitFor('90\r\n');
    h.pty.resize(120, 40);
    await new Promise((r) => setTimeout(r, 300));
    h.write('\r');
    await h.waitFor('40 120');
    expect(h.text()).toContain('120\r\n');
    expect((await h.exited).exitCode).toBe(0);
    const events = castsIn(sb.project)[0]?.cast.events ?? [];
    expect(events.some((e) => e.code === 'r' && e.data === '120x40')).toBe(true);
  });

  it('keeps a password typed with echo off out of the log', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'bash', '--norc', '-c', 'read -s -p "Password: " pw; echo; echo "len ${#pw}"; read -p "Name: " n; echo "hi $n"'], {
      cwd: sb.project,
      env: sb.env,
    });
    await h.waitFor('Password: ');
    await new Promise((r) => setTimeout(r, 200));
    h.write('hunter2-secret\r');
    await h.waitFor('Name: ');
    await new Promise((r) => setTimeout(r, 200));
    h.write('alice\r');
    await h.waitFor('hi alice');
    expect((await h.exited).exitCode).toBe(0);
    const [log] = castsIn(sb.project);
    expect(log?.raw).not.toContain('hunter2');
    // Input typed with echo on is recorded.
    expect(log?.cast.events.filter((e) => e.code === 'i').map((e) => e.data).join('')).toContain('alice');
  });

  it('runs and records with stdin that is not a terminal', async () => {
    const sb = makeSandbox();
    const child = spawn(process.execPath, [CLI, 'run', 'sh', '-c', 'read line; echo "read:$line"'], { cwd: sb.project, env: sb.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end('from-pipe\n');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
    expect(out).toContain('read:from-pipe');
    const [log] = castsIn(sb.project);
    // Piped before any echo reading, then ended: held for the reading, recorded, and the EOF after it.
    expect(log?.cast.events.filter((e) => e.code === 'i').map((e) => e.data).join('')).toBe('from-pipe\n');
    expect(log?.cast.header.width).toBe(80);
    expect(log?.cast.header.height).toBe(24);
  });

  it('passes every byte a child wrote before exiting, even while the recorder held the reader paused', () => {
    // The child writes 14 kB (inside the kernel's buffers) and exits at
    // once, while a recorder far behind keeps the PTY paused for 50 ms or
    // 400 ms (past node-pty's 200 ms cut-off). A fixed drain lost the last
    // 35–80 % of it every time.
    const helper = join(import.meta.dirname, '..', 'helpers', 'slow-reader-session.mjs');
    for (const holdMs of ['50', '400']) {
      const r = spawnSync(process.execPath, [helper, 'hold', holdMs, 'sh', '-c', 'seq 1 3000'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.split('\r\n').filter(Boolean);
      expect(lines, `held ${holdMs} ms`).toHaveLength(3000);
      expect(lines.at(-1)).toBe('3000');
    }
  });

  it('passes every byte of a fast writer’s tail on a machine too loaded to read it at once', () => {
    // Each output chunk blocks the wrapper's loop 60 ms, as a loaded CI machine did: node-pty's
    // own stream ends 200 ms after the exit, read or not, and lost the last ~85 lines of 3,000.
    const helper = join(import.meta.dirname, '..', 'helpers', 'slow-reader-session.mjs');
    const r = spawnSync(process.execPath, [helper, 'block', '60', 'sh', '-c', 'seq 1 3000'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3000);
    expect(lines.at(-1)).toBe('3000');
  });

  it('reports a command that is not found with exit 127', () => {
    const sb = makeSandbox();
    const r = spawnSync(process.execPath, [CLI, 'run', 'no-such-command-xyz'], { cwd: sb.project, env: sb.env, encoding: 'utf8' });
    expect(r.status).toBe(127);
    expect(r.stderr).toMatch(/^claude-mem: error: command not found: no-such-command-xyz/m);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('prints one status line at launch and one at exit on a terminal; none with -q, the config key, or a pipe', async () => {
    const sb = makeSandbox();
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', 'The deploy script lives in ops/deploy.sh and runs on Fridays'], o).status).toBe(0);
    const h = startCli(['run', 'sh', '-c', 'echo child-output'], o);
    expect((await h.exited).exitCode).toBe(0);
    expect(h.text()).toMatch(/claude-mem: handed over 1 memory \(\d+ tokens\) → sh\r\n/);
    expect(h.text()).toMatch(/claude-mem: recorded this session; its memories are distilled in the background/);
    // Explained once; after that, short.
    const again = startCli(['run', 'sh', '-c', 'echo second-session'], { cwd: sb.project, env: sb.env });
    await again.exited;
    expect(again.text()).toMatch(/claude-mem: session recorded\r\n/);
    expect(again.text()).not.toMatch(/distilled in the background/);
    const quiet = startCli(['run', '-q', 'sh', '-c', 'echo child-output'], o);
    await quiet.exited;
    expect(quiet.text()).not.toContain('claude-mem:');
    const off = startCli(['--set', 'watch.status_lines=false', 'run', 'sh', '-c', 'echo child-output'], o);
    await off.exited;
    expect(off.text()).not.toContain('claude-mem:');
    // stderr a pipe (a script): nothing, and the child's stdout is untouched.
    const piped = cm(['run', 'sh', '-c', 'echo child-output'], o);
    expect(piped.stdout).toBe('child-output\r\n');
    expect(piped.stderr).not.toMatch(/memory|memories|recorded/);
  });

  it('the exit line starts a line of its own after a CLI ended by Ctrl-C, not after its ^C', async () => {
    const sb = makeSandbox();
    const h = startCli(['run', 'sh', '-c', 'printf "working... ^C"; kill -INT $$'], { cwd: sb.project, env: sb.env });
    expect((await h.exited).exitCode).toBe(130);
    expect(h.text()).toMatch(/\^C\r?\n\r?claude-mem: (?:recorded this session|session recorded)/);
    expect(h.text()).not.toMatch(/\^Cclaude-mem:/);
  });

  it('passes flags after -- to the child', () => {
    const sb = makeSandbox();
    const r = spawnSync(process.execPath, [CLI, 'run', '--quiet', '--', 'sh', '-c', 'echo "$@"', 'sh', '--resume', '-q'], { cwd: sb.project, env: sb.env, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--resume -q');
  });

  it('with a bad config, prints one error and still runs the CLI without memory', () => {
    const sb = makeSandbox();
    spawnSync('sh', ['-c', `printf 'watch:\\n  idle_split_minutes: lots\\n' > claude-mem.yaml`], { cwd: sb.project });
    const r = spawnSync(process.execPath, [CLI, 'run', 'sh', '-c', 'echo still-running; exit 3'], { cwd: sb.project, env: sb.env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stdout).toContain('still-running');
    const errors = r.stderr.trim().split('\n');
    expect(errors, r.stderr).toHaveLength(1);
    expect(errors[0]).toMatch(/claude-mem\.yaml:2: "watch\.idle_split_minutes": expected number/);
    expect(existsSync(join(sb.project, '.claude-mem', 'sessions'))).toBe(false);
  });

  it('keeps the child running when the log cannot be written (disk full)', async () => {
    const sb = makeSandbox();
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    spawnSync('mkdir', ['-p', sessions]);
    spawnSync('ln', ['-s', '/dev/full', join(sessions, 'full-test.cast')]);
    const r = spawnSync(process.execPath, [CLI, 'run', 'sh', '-c', 'i=0; while [ $i -lt 300 ]; do echo line $i; i=$((i+1)); done; sleep 1; echo finished; exit 5'], {
      cwd: sb.project,
      env: { ...sb.env, CLAUDE_MEM_SESSION_ID: 'full-test' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(5);
    expect(r.stdout).toContain('finished');
    const warnings = r.stderr.trim().split('\n').filter(Boolean);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/disk is full; recording is off/);
  });
});

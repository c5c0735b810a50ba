// 5. Distillation throughput on a synthetic session log of N MB: a fake AI
// CLI conversation (prompt, spinner, streamed answers) in zh and en; the
// median of three runs, each in its own process. Beside it, in turn, the
// floor: the same log replayed through the screen model alone (the
// terminal emulator every distill must run), so a noisy machine shows in
// both figures, not as a change of the distiller's.
import { writeFileSync, mkdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DISTILL_HEAP_FLAG } from '../dist/background/spawn.js';
import { join } from 'node:path';
import { sandbox, now, fmt } from './lib.mjs';
import { encodeHeader, encodeEvent, openMemory, distillSessions } from 'claude-mem';
import { replayCast } from '../dist/pty/replay.js';

const ANSWERS = [
  'The test command for this repo is `pytest -q`, run from the root. I fixed the flaky test; the root cause was a shared temp dir.',
  '这个项目的日志统一使用 JSON 格式，字段名用 snake_case。已修复 src/log.ts 里的时间戳问题，根本原因是时区没有设置。',
  'Here is the diff for src/orders/index.ts:\r\n  export const timeout = 30;\r\n  export const retries = 3;',
  '我看了一下 migrations/0042_orders.sql，决定使用在线加索引的方式，不需要再改表结构。',
];

export function writeSession(path, mb) {
  const parts = [encodeHeader({ version: 2, width: 100, height: 30, timestamp: Math.floor(Date.now() / 1000), command: 'claude', env: { TERM: 'xterm-256color', SHELL: '/bin/sh' }, 'x-claude-mem': { session_id: 'bench', cwd: '/bench', agent: 'claude' } })];
  let t = 0;
  let size = parts[0].length;
  let turn = 0;
  while (size < mb * 1024 * 1024) {
    const q = `question ${turn} about ${turn % 2 ? '日志格式' : 'the test command'}`;
    const evs = [{ t: (t += 2), code: 'i', data: `${q}\r` }, { t: (t += 0.01), code: 'o', data: `\r> ${q}\r\n` }];
    for (let s = 0; s < 5; s++) evs.push({ t: (t += 0.05), code: 'o', data: `\r⠋ Thinking… ${s * 20}%` });
    const a = ANSWERS[turn % ANSWERS.length];
    for (let i = 0; i < a.length; i += 12) evs.push({ t: (t += 0.01), code: 'o', data: a.slice(i, i + 12) });
    evs.push({ t: (t += 0.01), code: 'o', data: '\r\n\r\n╭────────╮\r\n│ >      │\r\n╰────────╯' });
    // An idle gap now and then, so there are many segments.
    if (turn % 20 === 19) t += 400;
    for (const e of evs) {
      const line = encodeEvent(e);
      parts.push(line);
      size += line.length;
    }
    turn++;
  }
  writeFileSync(path, parts.join(''));
  return turn;
}

/** The measured part, in this process. */
async function distillHere(mb) {
  const sb = sandbox('distill');
  const sessions = join(sb.project, '.claude-mem', 'sessions');
  mkdirSync(sessions, { recursive: true });
  const path = join(sessions, 'bench.cast');
  const turns = writeSession(path, mb);
  const memory = await openMemory({ cwd: sb.project, env: sb.env });
  const t0 = now();
  const [report] = await distillSessions(memory, { session: 'bench' });
  const ms = now() - t0;
  memory.close();
  const bytes = statSync(path).size;
  return [{ figure: 'distill', variant: `${fmt(bytes / 1048576, 1)} MB log, ${turns} turns`, ms: fmt(ms, 0), 'MB/s': fmt(bytes / 1048576 / (ms / 1000), 2), written: report.written }];
}

/** The floor, in this process: the log through the screen model, its lines and events dropped. */
async function replayHere(mb) {
  const sb = sandbox('distill-replay');
  const path = join(sb.project, 'bench.cast');
  writeSession(path, mb);
  const t0 = now();
  let lines = 0;
  await replayCast(path, { sink: { event: () => undefined, line: () => void lines++, settled: () => undefined } });
  const ms = now() - t0;
  const bytes = statSync(path).size;
  return [{ figure: 'distill', variant: 'screen model replay alone (the floor)', ms: fmt(ms, 0), 'MB/s': fmt(bytes / 1048576 / (ms / 1000), 2), written: `${lines} lines` }];
}

/**
 * In a process of its own, with the background distiller's heap flag: run
 * after the other benches, in their process, it paid for their heap (GC
 * over a 100k store's leftovers: 6.4 s instead of 4.6). The median of
 * `runs` such processes: on a noisy machine one run moves by ±5 %.
 */
export async function distill({ mb, runs = 3 }) {
  const child = (mode) => {
    const r = spawnSync(process.execPath, [DISTILL_HEAP_FLAG, fileURLToPath(import.meta.url), mode, String(mb)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (r.status !== 0) throw new Error(`the distill bench failed: ${r.stderr}`);
    return JSON.parse(r.stdout)[0];
  };
  const rows = [];
  const floors = [];
  for (let i = 0; i < runs; i++) {
    rows.push(child('--child'));
    floors.push(child('--child-replay'));
  }
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => Number(a.ms) - Number(b.ms));
    return { mid: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
  };
  const d = median(rows);
  const f = median(floors);
  return [
    { ...d.mid, variant: `${d.mid.variant}, median of ${runs}`, 'max ms': d.max.ms, 'over the floor': fmt(Number(d.mid.ms) / Number(f.mid.ms), 2) },
    { ...f.mid, variant: `${f.mid.variant}, median of ${runs}`, 'max ms': f.max.ms, 'over the floor': '1.00' },
  ];
}

if (process.argv[2] === '--child') process.stdout.write(JSON.stringify(await distillHere(Number(process.argv[3]))));
if (process.argv[2] === '--child-replay') process.stdout.write(JSON.stringify(await replayHere(Number(process.argv[3]))));

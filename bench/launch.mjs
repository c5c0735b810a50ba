// 3. Launch overhead: claude-mem run true, against script -qc true /dev/null,
// median and max of repeated runs: an empty store; 10k memories with the
// block cached; after a commit (the cached block is handed over and a warm
// runs in the background); and with no cached block (built in the
// foreground from stored token counts, as after a change the warm has not
// caught up with), beside its floor (the forwarder after reading the
// stores), and so again at ten times the memories; and with a project
// claude-mem.yaml that sets a key. Then
// on a terminal (under script), beside the forwarder on one. Variants are
// run in turn, one run of each, so the machine's slow spells fall on all.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, sandbox, now, median, fmt, settle } from './lib.mjs';
import { buildStore } from './fixtures.mjs';

const FORWARDER = fileURLToPath(new URL('./forwarder.mjs', import.meta.url));
const STORE_FORWARDER = fileURLToPath(new URL('./store-forwarder.mjs', import.meta.url));

/**
 * Each variant measured `runs` times, in turn (one run of each per round),
 * so a slow minute of a shared machine falls on all of them alike instead
 * of on whichever ran then. `measure` times one run of a variant.
 */
async function inTurn(variants, runs, measure) {
  const xs = variants.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, v] of variants.entries()) {
      settle();
      xs[k].push(await measure(v, i));
    }
  }
  return xs.map((x) => ({ median: median(x), max: Math.max(...x), runs: x }));
}

/**
 * The median of a variant's run-by-run difference to its floor's run of
 * the same round. Run in turn, the two share each round's state of the
 * machine, so this moves far less from one bench run to the next than the
 * difference of the two medians (the rebuilt launch's went +44 to +94 ms).
 */
const pairedOver = (x, floor) => median(x.runs.map((ms, i) => ms - floor.runs[i]));

/** One run of `cmd args` to its exit; `before` prepares it (a commit, a removed cache) and is not timed. */
function runOnce(v, i) {
  v.before?.(i);
  const t0 = now();
  const r = spawnSync(v.cmd, v.args, { ...v.o, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`${v.cmd} ${v.args.join(' ')} failed: ${r.stderr}`);
  return ms;
}

/**
 * One run on a terminal: under script(1), whose stdin is a pipe held open
 * (a closed one makes script send the child an end-of-file, which is input).
 * What a person at a terminal waits for: raw mode, its restore and the rest.
 */
async function runOnTerminal(v) {
  const t0 = now();
  const child = spawn('script', ['-qec', v.cmdline, '/dev/null'], { ...v.o, stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const ms = now() - t0;
  child.stdin.end();
  if (code !== 0) throw new Error(`script -qec ${v.cmdline} failed: ${err}`);
  return ms;
}

const git = (sb, ...args) => spawnSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args], { cwd: sb.project, env: sb.env });

export async function launch({ runs, memories }) {
  const empty = sandbox('launch0');
  const full = sandbox('launchN');
  await buildStore(full, memories, { type: 'project', dir: full.project });
  git(full, 'init', '-q');
  git(full, 'commit', '-q', '--allow-empty', '-m', 'bench: first');
  const o = (sb) => ({ cwd: sb.project, env: sb.env });
  // What a distill or a remember leaves behind: the block, and its token counts.
  spawnSync(process.execPath, [CLI, '--quiet', 'context', '--warm'], o(full));
  const run = [CLI, 'run', '--quiet', 'true'];
  const cache = join(full.project, '.claude-mem', 'context-cache.json');
  // In this order each iteration: the cached launch finds the block the rebuild before it saved,
  // and the one after a commit gets its background warm done (settle) before the next run.
  const [base, node, forwarder, m0, mN, afterCommit, rebuilt, storeFloor] = await inTurn(
    [
      { cmd: 'script', args: ['-qc', 'true', '/dev/null'], o: o(empty) },
      { cmd: process.execPath, args: ['-e', '0'], o: o(empty) },
      // The floor of any Node wrapper under a PTY: node-pty loaded, `true` spawned on a new terminal, its exit awaited.
      { cmd: process.execPath, args: [FORWARDER, 'true'], o: o(empty) },
      { cmd: process.execPath, args: run, o: o(empty) },
      { cmd: process.execPath, args: run, o: o(full) },
      { cmd: process.execPath, args: run, o: o(full), before: (i) => git(full, 'commit', '-q', '--allow-empty', '-m', `bench: commit ${i}`) },
      { cmd: process.execPath, args: run, o: o(full), before: () => rmSync(cache, { force: true }) },
      // The floor of a rebuilt launch: the forwarder, after SQLite is loaded and both stores read (store-forwarder.mjs).
      { cmd: process.execPath, args: [STORE_FORWARDER, join(full.project, '.claude-mem', 'mem.db'), join(full.env.CLAUDE_MEM_DATA_DIR, 'mem.db'), 'true'], o: o(full) },
    ],
    runs,
    runOnce,
  );
  // A project that set one key in its claude-mem.yaml (what most configured projects look like).
  writeFileSync(join(full.project, 'claude-mem.yaml'), 'retrieval:\n  top_k: 6\n');
  spawnSync(process.execPath, [CLI, '--quiet', 'context', '--warm'], o(full));
  const [configured] = await inTurn([{ cmd: process.execPath, args: run, o: o(full) }], runs, runOnce);
  rmSync(join(full.project, 'claude-mem.yaml'));
  spawnSync(process.execPath, [CLI, '--quiet', 'context', '--warm'], o(full));
  // The rebuilt launch again at ten times the memories, beside its own floor: what a rebuild
  // reads must grow with the block, not with the store.
  const big = sandbox('launch100k');
  const bigMemories = memories * 10;
  await buildStore(big, bigMemories, { type: 'project', dir: big.project });
  git(big, 'init', '-q');
  git(big, 'commit', '-q', '--allow-empty', '-m', 'bench: first');
  spawnSync(process.execPath, [CLI, '--quiet', 'context', '--warm'], o(big));
  const bigCache = join(big.project, '.claude-mem', 'context-cache.json');
  const [bigRebuilt, bigFloor] = await inTurn(
    [
      { cmd: process.execPath, args: run, o: o(big), before: () => rmSync(bigCache, { force: true }) },
      { cmd: process.execPath, args: [STORE_FORWARDER, join(big.project, '.claude-mem', 'mem.db'), join(big.env.CLAUDE_MEM_DATA_DIR, 'mem.db'), 'true'], o: o(big) },
    ],
    runs,
    runOnce,
  );
  const q = (args) => args.map((a) => `'${a}'`).join(' ');
  const [scriptTerminal, forwarderTerminal, mNTerminal] = await inTurn(
    [
      { cmdline: 'true', o: o(empty) },
      { cmdline: q([process.execPath, FORWARDER, 'true']), o: o(empty) },
      { cmdline: q([process.execPath, ...run]), o: o(full) },
    ],
    runs,
    runOnTerminal,
  );
  const onTerminal = (variant, x) => ({ figure: 'launch on a terminal', variant, 'median ms': fmt(x.median, 1), 'over script ms': fmt(x.median - scriptTerminal.median, 1), 'max over script ms': fmt(x.max - scriptTerminal.median, 1), 'over its floor ms, paired': '' });
  const rowOf = (variant, x, floor) => ({
    figure: 'launch',
    variant,
    'median ms': fmt(x.median, 1),
    'over script ms': fmt(x.median - base.median, 1),
    'max over script ms': fmt(x.max - base.median, 1),
    'over its floor ms, paired': floor ? fmt(pairedOver(x, floor), 1) : '',
  });
  return [
    { figure: 'launch', variant: 'script -qc true', 'median ms': fmt(base.median, 1), 'over script ms': '0.0', 'max over script ms': fmt(base.max - base.median, 1), 'over its floor ms, paired': '' },
    rowOf('node -e 0 (runtime floor)', node),
    rowOf('bare node-pty forwarder, true (wrapper floor)', forwarder),
    rowOf('claude-mem run true, empty store', m0),
    rowOf(`claude-mem run true, ${memories} memories`, mN, forwarder),
    rowOf(`claude-mem run true, ${memories} memories, after a commit`, afterCommit),
    rowOf(`claude-mem run true, ${memories} memories, block rebuilt`, rebuilt, storeFloor),
    rowOf(`the forwarder after reading both stores with better-sqlite3, ${memories} memories (rebuild floor)`, storeFloor),
    rowOf(`claude-mem run true, ${memories} memories, a claude-mem.yaml setting one key`, configured),
    rowOf(`claude-mem run true, ${bigMemories} memories, block rebuilt`, bigRebuilt, bigFloor),
    rowOf(`the forwarder after reading both stores with better-sqlite3, ${bigMemories} memories (rebuild floor)`, bigFloor),
    onTerminal('script -qec true', scriptTerminal),
    onTerminal('bare node-pty forwarder, true (wrapper floor)', forwarderTerminal),
    onTerminal(`claude-mem run true, ${memories} memories`, mNTerminal),
  ];
}

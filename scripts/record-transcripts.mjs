#!/usr/bin/env node
// Records what the real Gemini CLI and Codex keep of a session (Gemini's
// chat file, Codex's rollout) against the stand-in model APIs, driven
// through tmux as a person would, and copies them into
// tests/fixtures/transcripts/<cli>/. Run it again when a CLI's version
// changes (after scripts/install-real-clients.sh):
//   node scripts/record-transcripts.mjs gemini|codex
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSandbox } from '../tests/helpers/sandbox-env.mjs';
import { startGeminiStandin, lastGeminiUserText, GEMINI_SETTINGS } from '../tests/helpers/gemini-standin.mjs';
import { startOpenAIStandin, lastResponsesUserText, codexConfig } from '../tests/helpers/openai-standin.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, '.cache', 'real-clients', 'node_modules', '.bin');
const which = process.argv[2];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const CHECKS_DONE = 'All checks pass. `make check` runs the linter and the unit tests; run it before every push.';
const LINTER = 'This repo lints with ruff. Run `ruff check src tests` from the root; `ruff format` rewrites files in place.';

/** The model's side: a shell call for "run the checks", then words about it; the linter question answered. */
function script(lastUser, sawToolResult) {
  if (/run the checks/.test(lastUser)) return sawToolResult ? { text: CHECKS_DONE } : 'call';
  if (/linter/.test(lastUser)) return { text: LINTER };
  return { text: 'Sure.' };
}

const socket = `cm-record-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'rec');
async function waitFor(test, what, ms = 60_000) {
  const until = Date.now() + ms;
  while (!test(screen())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${screen()}`);
    await sleep(200);
  }
}
async function submit(text) {
  tmux('send-keys', '-t', 'rec', '-l', text);
  await sleep(400);
  tmux('send-keys', '-t', 'rec', 'Enter');
}

function newest(dir, match) {
  const all = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (match.test(f)) all.push(p);
    }
  };
  walk(dir);
  return all.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

const sb = makeSandbox(`cm-record-${which}`);
writeFileSync(join(sb.project, 'Makefile'), 'check:\n\t@echo "lint ok"; echo "12 tests passed"\n');
let standin;
let command;
let env;
let ready;
let found;
if (which === 'gemini') {
  standin = await startGeminiStandin((body) => {
    const last = body.contents?.at(-1);
    const sawTool = (last?.parts ?? []).some((p) => p.functionResponse);
    const r = script(lastGeminiUserText(body), sawTool);
    return r === 'call' ? { functionCall: { name: 'run_shell_command', args: { command: 'make check', description: 'Run the lint and test checks' } } } : r;
  });
  mkdirSync(join(sb.home, '.gemini'), { recursive: true });
  writeFileSync(join(sb.home, '.gemini', 'settings.json'), JSON.stringify(GEMINI_SETTINGS));
  env = { ...sb.env, GEMINI_API_KEY: 'standin-key', GOOGLE_GEMINI_BASE_URL: standin.url };
  command = 'gemini --approval-mode yolo';
  ready = (s) => s.includes('Type your message');
  found = () => newest(join(sb.home, '.gemini', 'tmp'), /^session-.*\.jsonl$/);
} else if (which === 'codex') {
  standin = await startOpenAIStandin((body) => {
    const last = body.input?.at(-1);
    const sawTool = last?.type === 'function_call_output';
    const r = script(lastResponsesUserText(body), sawTool);
    const shell = (body.tools ?? []).map((t) => t.name).find((n) => /^(?:exec_command|shell|local_shell)$/.test(n ?? '')) ?? 'shell';
    if (r === 'call') console.error(`codex tools: ${(body.tools ?? []).map((t) => t.name).join(', ')}; calling ${shell}`);
    return r === 'call' ? { functionCall: { name: shell, arguments: shell === 'exec_command' ? { cmd: 'make check' } : { command: ['bash', '-lc', 'make check'] } } } : r;
  });
  const home = join(sb.home, '.codex');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.toml'), codexConfig(standin.url, sb.project));
  env = { ...sb.env, CODEX_HOME: home, OPENAI_API_KEY: 'sk-standin' };
  command = 'codex --dangerously-bypass-approvals-and-sandbox';
  ready = (s) => /context left|for shortcuts|\? for/.test(s);
  found = () => newest(join(home, 'sessions'), /^rollout-.*\.jsonl$/);
} else {
  console.error('usage: node scripts/record-transcripts.mjs gemini|codex');
  process.exit(64);
}

const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
tmux('new-session', '-d', '-s', 'rec', '-x', '100', '-y', '30', '-c', sb.project, ...envArgs, 'sh', '-c', `PATH='${BIN}:${process.env.PATH}' ${command}; sleep 30`);
try {
  await waitFor(ready, 'the prompt');
  await submit('run the checks');
  await waitFor((s) => s.includes('before every push'), 'the checks');
  await sleep(800);
  await submit('how do I run the linter here?');
  await waitFor((s) => s.includes('rewrites files in'), 'the linter answer');
  await sleep(800);
  await submit('/quit');
  await sleep(3000);
  const file = found();
  if (!file) throw new Error('no transcript written');
  const out = join(ROOT, 'tests', 'fixtures', 'transcripts', which);
  mkdirSync(out, { recursive: true });
  const version = execFileSync(join(BIN, which), ['--version'], { encoding: 'utf8', env: { ...process.env, ...env } }).trim().match(/\d+\.\d+\.\d+/)?.[0];
  const dest = join(out, `make-check-${version}.jsonl`);
  copyFileSync(file, dest);
  console.log(`${file}\n  → ${dest}\n  sandbox project: ${sb.project}`);
} finally {
  try { tmux('kill-server'); } catch { /* gone */ }
  await standin.close();
}

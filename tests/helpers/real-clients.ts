import { expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './sandbox.js';
import { claudeHomeConfig, type Standin } from './anthropic-standin.mjs';
import type { Sandbox } from './sandbox-env.mjs';
import { GEMINI_SETTINGS, type GeminiStandin } from './gemini-standin.mjs';
import { codexConfig, type OpenAIStandin } from './openai-standin.mjs';

/** Where scripts/install-real-clients.sh put the real CLIs. */
export const REAL_CLIENTS_BIN = join(process.env['CLAUDE_MEM_REAL_CLIENTS'] ?? join(ROOT, '.cache', 'real-clients'), 'node_modules', '.bin');

export function hasRealClient(name: string): boolean {
  return existsSync(join(REAL_CLIENTS_BIN, name));
}

/** A fake key of the right shape: Claude Code checks the prefix, the stand-in checks nothing. */
export const STANDIN_KEY = `sk-ant-api03-${'standin'.repeat(12)}-AA`;

/** The sandbox's HOME made ready for Claude Code offline, and the env that points it at the stand-in. */
export function claudeEnv(sb: Sandbox, standin: Standin): NodeJS.ProcessEnv {
  writeFileSync(join(sb.home, '.claude.json'), JSON.stringify(claudeHomeConfig(STANDIN_KEY, sb.project)));
  return {
    ...sb.env,
    PATH: `${REAL_CLIENTS_BIN}:${sb.env['PATH'] ?? ''}`,
    ANTHROPIC_BASE_URL: standin.url,
    ANTHROPIC_API_KEY: STANDIN_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  };
}

/** The sandbox's HOME made ready for Gemini CLI offline (API-key auth, no trust prompt), pointed at the stand-in. */
export function geminiEnv(sb: Sandbox, standin: GeminiStandin): NodeJS.ProcessEnv {
  mkdirSync(join(sb.home, '.gemini'), { recursive: true });
  writeFileSync(join(sb.home, '.gemini', 'settings.json'), JSON.stringify(GEMINI_SETTINGS));
  return {
    ...sb.env,
    PATH: `${REAL_CLIENTS_BIN}:${sb.env['PATH'] ?? ''}`,
    GEMINI_API_KEY: 'standin-key',
    GOOGLE_GEMINI_BASE_URL: standin.url,
  };
}

/**
 * Codex starts a shared background server per CODEX_HOME that outlives the
 * session; a test's sandbox must not leave one running.
 */
export function killCodexDaemons(sb: Sandbox): void {
  spawnSync('pkill', ['-f', join(sb.home, '.codex', 'packages')]);
}

/** A CODEX_HOME of the sandbox with a model provider at the stand-in and the project trusted. */
export function codexEnv(sb: Sandbox, standin: OpenAIStandin): NodeJS.ProcessEnv {
  const home = join(sb.home, '.codex');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.toml'), codexConfig(standin.url, sb.project));
  return { ...sb.env, PATH: `${REAL_CLIENTS_BIN}:${sb.env['PATH'] ?? ''}`, CODEX_HOME: home, OPENAI_API_KEY: 'sk-standin' };
}

/** The model's side of the scripted session every real-client test holds. */
const ANSWERS: Array<[RegExp, string]> = [
  [/how do I run the linter/, 'This repo lints with ruff. Run `ruff check src tests` from the root; `ruff format` rewrites files in place.'],
  [/本地怎么启动/, '先执行 docker compose up -d 启动依赖，然后运行 make dev，服务会监听 3000 端口。'],
];

export function scriptedAnswer(userText: string): { text: string } {
  return { text: ANSWERS.find(([q]) => q.test(userText))?.[1] ?? 'Sure.' };
}

export const MARKER_LINE = '!记得 release tags are signed, use git tag -s';

/** What that session must leave: both answers, the marker once as a project memory, none of the CLI's chrome, few memories. */
export function expectScriptedMemories(memories: Array<{ type: string; text: string }>, chrome: RegExp): void {
  const texts = memories.map((m) => `${m.type}: ${m.text}`);
  expect(texts).toContain('project: release tags are signed, use git tag -s');
  expect(memories.find((m) => m.text.includes('ruff check src tests'))?.type).toBe('project');
  expect(memories.find((m) => m.text.includes('make dev'))?.text).toContain('3000 端口');
  for (const t of texts) expect(t).not.toMatch(chrome);
  expect(memories.length).toBeLessThanOrEqual(4);
}

import { spawn } from 'node:child_process';
import type { Summarizer, SummarizerReply } from '../distill/index.js';
import type { Config } from '../config/index.js';
import { redact } from '../text/redact.js';

const SUMMARIZER_TIMEOUT_MS = 60_000;

/** The one call's instructions; the reply shape is documented in distill/summarizer.ts and docs/design-notes.md. */
export const SUMMARIZER_PROMPT = [
  'Summarize this coding session in one or two sentences, in the language it is written in.',
  'Also list what a later session in this project must know: commands, paths, settings, decisions, causes, rules, the user\'s preferences; at most 5, each a sentence that makes sense alone; none for small talk or general knowledge.',
  'Reply with JSON only: {"summary": "...", "memories": [{"text": "...", "type": "global|project|fact", "t": <the [t=...] of the turn it came from>}]}.',
  'global = the user\'s own habits; project = how to work in this repository; fact = a conclusion of this session.',
].join(' ');

/**
 * Runs the user's summarizer command (e.g. "claude -p") with the condensed,
 * redacted text on stdin. Called at most once per session; any failure falls back to
 * the local extractive summary.
 */
export function commandSummarizer(command: string, cwd: string, env: NodeJS.ProcessEnv): Summarizer {
  return {
    summarize: (condensed) =>
      new Promise((resolve) => {
        // The command may send it off the machine (a hosted model): only redacted text leaves.
        const prompt = `${SUMMARIZER_PROMPT}\n\n${redact(condensed)}`;
        let out = '';
        let settled = false;
        const done = (v: SummarizerReply | undefined): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(v);
        };
        const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          done(undefined);
        }, SUMMARIZER_TIMEOUT_MS);
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (d: string) => {
          out += d;
        });
        child.on('error', () => done(undefined));
        child.on('close', (code) => {
          if (code !== 0) return done(undefined);
          void import('../distill/index.js').then((d) => done(d.parseSummarizerReply(out)), () => done(undefined));
        });
        child.stdin.on('error', () => undefined);
        child.stdin.end(prompt);
      }),
  };
}

/** The configured summarizer, if any (distill.summarizer). */
export function summarizerFor(config: Config, env: NodeJS.ProcessEnv, cwd: string): Summarizer | undefined {
  const cmd = config.distill.summarizer.trim();
  return cmd ? commandSummarizer(cmd, cwd, env) : undefined;
}

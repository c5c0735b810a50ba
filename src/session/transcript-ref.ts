/**
 * Which transcript a wrapped session will have, and the arguments that fix
 * it. claude and gemini take `--session-id <uuid>` (so the file is known in
 * advance) unless the user chose the session themselves: their own
 * --session-id, or resuming or continuing one. Codex's id cannot be chosen:
 * its rollout is found afterwards by cwd and start time.
 */
import { claudeTranscriptPath, codexHome, geminiDir, type TranscriptRef } from '../transcripts/homes.js';
import { randomUuid } from '../ids.js';

const OWN_SESSION: Record<string, Set<string>> = {
  claude: new Set(['--session-id', '--resume', '-r', '--continue', '-c', '--fork-session']),
  gemini: new Set(['--session-id', '--resume', '-r', '--session-file', '--list-sessions', '--delete-session']),
};

const choseSession = (own: Set<string>, args: string[]): boolean =>
  args.some((a) => own.has(a) || [...own].some((f) => f.startsWith('--') && a.startsWith(`${f}=`)));

export function transcriptFor(
  agent: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  startMs: number,
): { ref: TranscriptRef; args: string[] } | undefined {
  if (agent === 'codex') return { ref: { kind: 'codex', dir: codexHome(env), cwd, after: startMs }, args: [] };
  const own = OWN_SESSION[agent];
  if (!own || choseSession(own, args)) return undefined;
  const id = randomUuid();
  const ref: TranscriptRef = agent === 'claude' ? { kind: 'claude', id, path: claudeTranscriptPath(env, cwd, id) } : { kind: 'gemini', id, dir: geminiDir(env) };
  return { ref, args: ['--session-id', id] };
}

/**
 * Which transcript a wrapped session will have. For claude, run passes
 * `--session-id <uuid>` (so the file name is known in advance) unless the
 * user chose the session themselves: their own --session-id, or resuming
 * or continuing one.
 */
import { randomUUID } from 'node:crypto';
import { claudeTranscriptPath, type TranscriptRef } from '../transcripts/locate.js';

const CLAUDE_OWN_SESSION = new Set(['--session-id', '--resume', '-r', '--continue', '-c', '--fork-session']);

export function claudeTranscriptFor(agent: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): TranscriptRef | undefined {
  if (agent !== 'claude') return undefined;
  if (args.some((a) => CLAUDE_OWN_SESSION.has(a) || a.startsWith('--session-id=') || a.startsWith('--resume='))) return undefined;
  const id = randomUUID();
  return { kind: 'claude', id, path: claudeTranscriptPath(env, cwd, id) };
}

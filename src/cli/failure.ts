import { FatalError, exitCodes } from '../errors.js';
import { nativeMismatch } from './native-error.js';
import type { Messages } from './messages.js';

/**
 * A command's failure said as one line, with the exit status it ends in; undefined
 * for a bug, which the caller shows with its stack.
 */
export function reportFailure(err: unknown, messages: Messages): number | undefined {
  if (err instanceof FatalError) {
    messages.error(err.message);
    return err.exitCode;
  }
  const native = nativeMismatch(err);
  if (native) {
    messages.error(native);
    return exitCodes.failure;
  }
  // A store failure no layer below named (it would have said which store): still one line, not a stack.
  if (err instanceof Error && err.name === 'SqliteError') {
    messages.error(`a memory store failed: ${err.message}. "claude-mem status" names the stores; if this repeats, one is damaged: move it aside (mv mem.db mem.db.bak) and claude-mem starts a new one.`);
    return exitCodes.failure;
  }
  return undefined;
}

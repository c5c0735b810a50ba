/** Why a log was not (or not wholly) processed; `detail` is one line for the user. */
export type SkipReason =
  | { kind: 'busy'; detail: string }
  | { kind: 'already-processed'; detail: string }
  | { kind: 'too-large'; detail: string }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'bad-format'; detail: string }
  /** Processing it failed for a reason of its own (a bug, a damaged log): it was set aside. */
  | { kind: 'failed'; detail: string };

/** Kinds that mean the log could not be used at all (and was set aside). */
export const UNUSABLE: ReadonlySet<SkipReason['kind']> = new Set(['unreadable', 'bad-format', 'failed']);

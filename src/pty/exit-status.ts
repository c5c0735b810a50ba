/** A child killed by a signal exits as 128 + the signal number, as in a shell. */
export function exitStatus(exitCode: number, signal: number | undefined): number {
  if (signal && signal > 0) return 128 + signal;
  return exitCode;
}

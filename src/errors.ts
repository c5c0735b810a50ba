/**
 * One error type means "show this to the user": the top-level catch prints
 * only its message and exits with its code. Anything else is a bug and
 * shows its stack.
 */
export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** sysexits.h EX_CONFIG: a configuration error, distinct from other failures. */
  config: 78,
  /** What a shell returns for a command it cannot find. */
  notFound: 127,
} as const;

export class FatalError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.failure,
  ) {
    super(message);
    this.name = 'FatalError';
  }
}

export class UsageError extends FatalError {
  constructor(message: string) {
    super(message, exitCodes.usage);
    this.name = 'UsageError';
  }
}

export class ConfigError extends FatalError {
  constructor(message: string) {
    super(message, exitCodes.config);
    this.name = 'ConfigError';
  }
}

export type StoreFailure = 'corrupt' | 'busy' | 'full' | 'readonly' | 'other';

/** The store could not be opened or written; the message says what to do. */
export class StoreError extends FatalError {
  constructor(
    message: string,
    readonly failure: StoreFailure = 'other',
  ) {
    super(message, exitCodes.failure);
    this.name = 'StoreError';
  }
}

/** Node's system errors carry a string `code`; read it without `any`. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * One request per connection, one line of JSON each way. The answer is what
 * the query printed, to be written by the asking process as its own.
 */
export interface QueryRequest {
  argv: string[];
  cwd: string;
  /** envFingerprint of the asking process: a server for another environment refuses. */
  env: string;
  stderrIsTerminal: boolean;
}

export interface QueryAnswer {
  /** False: not this server's to answer (another environment, not a query); the asker runs it itself. */
  served: boolean;
  stdout: string;
  stderr: string;
  code: number;
}

/** A request larger than this is not a query anyone typed. */
export const MAX_REQUEST_BYTES = 1 << 20;

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

export function parseRequest(line: string): QueryRequest | undefined {
  try {
    const r = JSON.parse(line) as Partial<QueryRequest>;
    if (!isStrings(r.argv) || typeof r.cwd !== 'string' || typeof r.env !== 'string' || typeof r.stderrIsTerminal !== 'boolean') return undefined;
    return { argv: r.argv, cwd: r.cwd, env: r.env, stderrIsTerminal: r.stderrIsTerminal };
  } catch {
    return undefined;
  }
}

export function parseAnswer(line: string): QueryAnswer | undefined {
  try {
    const a = JSON.parse(line) as Partial<QueryAnswer>;
    if (typeof a.served !== 'boolean' || typeof a.stdout !== 'string' || typeof a.stderr !== 'string' || typeof a.code !== 'number') return undefined;
    return { served: a.served, stdout: a.stdout, stderr: a.stderr, code: a.code };
  } catch {
    return undefined;
  }
}

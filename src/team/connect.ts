import type { Client } from 'pg';
import { FatalError, errorMessage } from '../errors.js';
import { importPg, importPgpass } from '../packages.js';

/** The URL as it may be shown: never its password. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable team.url)';
  }
}

/** A message from the server or the driver, with any password in it masked. */
export function safeMessage(err: unknown, url: string): string {
  let msg = errorMessage(err).split('\n')[0] ?? '';
  try {
    const pw = decodeURIComponent(new URL(url).password);
    if (pw) msg = msg.split(pw).join('***');
  } catch {
    // No password to hide.
  }
  return msg;
}

export class TeamError extends FatalError {
  constructor(message: string) {
    super(message);
    this.name = 'TeamError';
  }
}

/** How long a sync waits for the server before giving up (it never blocks a CLI: it runs beside it). */
const CONNECT_TIMEOUT_MS = 5000;
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * ~/.pgpass (or PGPASSFILE) read as pg's own fallback reads it, but asked
 * for here: pg warns on every connection that its fallback is deprecated,
 * a line on every sync that is not the user's to fix.
 */
function fromPgpass(url: string): () => Promise<string> {
  return async () => {
    const { default: pgpass } = await importPgpass();
    const u = new URL(url);
    const info = { host: u.hostname || 'localhost', port: u.port || '5432', database: decodeURIComponent(u.pathname.slice(1)) || undefined, user: decodeURIComponent(u.username) || undefined };
    return new Promise((resolve) => pgpass(info, (pw) => resolve(pw ?? '')));
  };
}

/**
 * Connects to the team store. The password comes from the URL, PGPASSWORD
 * or ~/.pgpass (the driver reads them); claude-mem never stores it.
 */
export async function connectTeam(url: string, env: NodeJS.ProcessEnv): Promise<Client> {
  const { default: pg } = await importPg();
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'claude-mem',
    ...(env['PGPASSWORD'] && !new URL(url).password ? { password: env['PGPASSWORD'] } : {}),
  });
  // Set after construction: pg merges the parsed URL over the config, and a URL without a password would undo it.
  if (!new URL(url).password && !env['PGPASSWORD']) (client as unknown as { password: () => Promise<string> }).password = fromPgpass(url);
  // A connection that drops later surfaces on the next query; an unhandled 'error' event would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw new TeamError(`cannot reach the team store ${maskUrl(url)}: ${safeMessage(err, url)}. Your memories stay here; "claude-mem sync" sends them once it is reachable.`);
  }
  return client;
}

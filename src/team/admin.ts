import { connectTeam, safeMessage, TeamError } from './connect.js';

/** Runs an admin's statements in one transaction: all of them, or none. Returns the last statement's first row (what a function answered). */
export async function runAdmin(url: string, env: NodeJS.ProcessEnv, statements: string[]): Promise<Record<string, unknown> | undefined> {
  const client = await connectTeam(url, env);
  try {
    await client.query('BEGIN');
    let last: Record<string, unknown> | undefined;
    for (const sql of statements) last = ((await client.query(sql)).rows as Array<Record<string, unknown>>)[0];
    await client.query('COMMIT');
    return last;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new TeamError(`the team store refused: ${safeMessage(err, url)}. Nothing was changed; run it as the store's owner (--url postgres://admin@…), or print the SQL with --print.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

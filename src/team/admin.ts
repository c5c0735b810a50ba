import { connectTeam, safeMessage, TeamError } from './connect.js';

/** Runs an admin's statements in one transaction: all of them, or none. */
export async function runAdmin(url: string, env: NodeJS.ProcessEnv, statements: string[]): Promise<void> {
  const client = await connectTeam(url, env);
  try {
    await client.query('BEGIN');
    for (const sql of statements) await client.query(sql);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new TeamError(`the team store refused: ${safeMessage(err, url)}. Nothing was changed; run it as the store's owner (--url postgres://admin@…), or print the SQL with --print.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

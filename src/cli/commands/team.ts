import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { loadFor, type CliEnv } from '../env.js';

interface AdminOptions {
  url?: string;
  print?: boolean;
}

/**
 * The admin's side of the team store: the statements that create the
 * schema, a team, and its members. With --print they are only printed (to
 * run with psql); otherwise they run as the user of --url (or team.url).
 */
export function registerTeam(program: Command, cli: CliEnv): void {
  const team = program.command('team').description('set up the team store on PostgreSQL (for its admin): schema, teams, members');
  const admin = (c: Command): Command => c.option('--url <url>', 'an admin connection (postgres://admin@host/db); default: team.url').option('--print', 'print the SQL instead of running it');

  const run = async (o: AdminOptions, statements: (schema: typeof import('../../team/server-schema.js')) => string[], done: string): Promise<void> => {
    const schema = await import('../../team/server-schema.js');
    const sql = statements(schema);
    if (o.print) {
      cli.print(sql.join('\n'));
      return;
    }
    const url = o.url ?? loadFor(cli).config.team.url;
    if (!url) throw new UsageError('no team store: pass --url postgres://admin@host/db, set team.url, or use --print and run the SQL with psql.');
    const { runAdmin } = await import('../../team/admin.js');
    await runAdmin(url, cli.env, sql);
    cli.print(done);
  };

  admin(team.command('init'))
    .description('create (or bring up to date) the schema, and a team')
    .argument('[name]', 'the team to create; default: team.name')
    .action(async (name: string | undefined, o: AdminOptions) => {
      const t = name ?? loadFor(cli).config.team.name;
      await run(o, (s) => [...s.schemaSql(), ...(t ? s.addTeamSql(t) : [])], t ? `the team store is ready, with team "${t}"` : 'the team store is ready');
    });
  admin(team.command('add'))
    .description('add a person (a PostgreSQL role) to a team')
    .argument('<role>', 'their PostgreSQL role')
    .option('--team <name>', 'default: team.name')
    .option('--read-only', 'they read the team memories but cannot push')
    .option('--create-role', 'also create the role (give it a password afterwards: ALTER ROLE … PASSWORD)')
    .action(async (role: string, o: AdminOptions & { team?: string; readOnly?: boolean; createRole?: boolean }) => {
      const t = o.team ?? loadFor(cli).config.team.name;
      if (!t) throw new UsageError('which team? Pass --team <name> or set team.name.');
      await run(o, (s) => s.addMemberSql(t, role, { readOnly: o.readOnly, createRole: o.createRole }), `${role} is a ${o.readOnly ? 'read-only ' : ''}member of "${t}"`);
      // A login role with no password cannot log in over the network (scram): say so, with the statement.
      if (o.createRole && !o.print) cli.messages.warn(`the role ${role} was created without a password; give it one before they sync: ALTER ROLE ${role} PASSWORD '…';`);
    });
  admin(team.command('remove'))
    .description('take a person out of a team: they see none of its memories from then on')
    .argument('<role>', 'their PostgreSQL role')
    .option('--team <name>', 'default: team.name')
    .action(async (role: string, o: AdminOptions & { team?: string }) => {
      const t = o.team ?? loadFor(cli).config.team.name;
      if (!t) throw new UsageError('which team? Pass --team <name> or set team.name.');
      await run(o, (s) => s.removeMemberSql(t, role), `${role} is no longer a member of "${t}"`);
    });
}

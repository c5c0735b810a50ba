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

  const run = async (o: AdminOptions, statements: (schema: typeof import('../../team/server-schema.js')) => string[], done: string | ((answer: Record<string, unknown> | undefined) => string)): Promise<void> => {
    const schema = await import('../../team/server-schema.js');
    const sql = statements(schema);
    if (o.print) {
      cli.print(sql.join('\n'));
      return;
    }
    const url = o.url ?? loadFor(cli).config.team.url;
    if (!url) throw new UsageError('no team store: pass --url postgres://admin@host/db, set team.url, or use --print and run the SQL with psql.');
    const { runAdmin } = await import('../../team/admin.js');
    const answer = await runAdmin(url, cli.env, sql);
    cli.print(typeof done === 'string' ? done : done(answer));
  };
  const teamOf = (o: { team?: string }): string => {
    const t = o.team ?? loadFor(cli).config.team.name;
    if (!t) throw new UsageError('which team? Pass --team <name> or set team.name.');
    return t;
  };
  const whole = (flag: string) => (v: string): number => {
    if (!/^\d+$/.test(v)) throw new UsageError(`${flag} takes a whole number, not "${v}"`);
    return Number(v);
  };

  admin(team.command('init'))
    .description('create (or bring up to date) the schema, and a team')
    .argument('[name]', 'the team to create; default: team.name')
    .action(async (name: string | undefined, o: AdminOptions) => {
      const t = name ?? loadFor(cli).config.team.name;
      const { hardenSql, hardeningCheckSql, hardeningWarnings } = await import('../../team/hardening.js');
      await run(o, (s) => [...s.schemaSql(), hardenSql(), ...(t ? s.addTeamSql(t) : []), hardeningCheckSql()], (answer) => {
        for (const w of hardeningWarnings(answer)) cli.messages.warn(w);
        return t ? `the team store is ready, with team "${t}"` : 'the team store is ready';
      });
    });
  admin(team.command('add'))
    .description('add a person (a PostgreSQL role) to a team')
    .argument('<role>', 'their PostgreSQL role')
    .option('--team <name>', 'default: team.name')
    .option('--read-only', 'they read the team memories but cannot push')
    .option('--create-role', 'also create the role (give it a password afterwards: ALTER ROLE … PASSWORD)')
    .option('--connections <n>', 'connections they may hold at once (default 4: a watcher, an MCP sync, a distill sync and one to spare)', whole('--connections'))
    .action(async (role: string, o: AdminOptions & { team?: string; readOnly?: boolean; createRole?: boolean; connections?: number }) => {
      const t = o.team ?? loadFor(cli).config.team.name;
      if (!t) throw new UsageError('which team? Pass --team <name> or set team.name.');
      await run(o, (s) => s.addMemberSql(t, role, { readOnly: o.readOnly, createRole: o.createRole, ...(o.connections !== undefined ? { connections: o.connections } : {}) }), `${role} is a ${o.readOnly ? 'read-only ' : ''}member of "${t}"`);
      // A login role with no password cannot log in over the network (scram): say so, with the statement.
      if (o.createRole && !o.print) cli.messages.warn(`the role ${role} was created without a password; give it one before they sync: ALTER ROLE ${role} PASSWORD '…';`);
    });
  admin(team.command('limits'))
    .description("set a team's limits: changes a member may push a minute, rows a member may hold")
    .option('--team <name>', 'default: team.name')
    .option('--push-per-minute <n>', 'changes one member may push a minute (default 10000)', whole('--push-per-minute'))
    .option('--rows-per-author <n>', 'rows of the feed one member may hold (default 200000)', whole('--rows-per-author'))
    .action(async (o: AdminOptions & { team?: string; pushPerMinute?: number; rowsPerAuthor?: number }) => {
      const t = teamOf(o);
      if (o.pushPerMinute === undefined && o.rowsPerAuthor === undefined) throw new UsageError('nothing to set: pass --push-per-minute <n> and/or --rows-per-author <n>.');
      await run(o, (s) => s.limitsSql(t, o), `team "${t}": limits set`);
    });
  admin(team.command('compact'))
    .description("drop the versions of the team's memories that later changes replaced (their text included), keeping each memory's first and last row")
    .option('--team <name>', 'default: team.name')
    .option('--older-than <days>', 'only versions older than this many days', whole('--older-than'), 90)
    .action(async (o: AdminOptions & { team?: string; olderThan: number }) => {
      const t = teamOf(o);
      await run(o, (s) => [s.compactSql(t, o.olderThan)], (a) => `team "${t}": ${Number(a?.['removed'] ?? 0)} replaced versions older than ${o.olderThan} days removed`);
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

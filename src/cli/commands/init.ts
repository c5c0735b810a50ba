import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import { PROJECT_CONFIG_FILE, PROJECT_DATA_DIR } from '../../config/index.js';
import { renderInitYaml } from '../../config/render.js';
import type { Messages } from '../messages.js';
import type { CliEnv } from '../env.js';

const GITIGNORE_LINE = `${PROJECT_DATA_DIR}/`;

/** Pure: the .gitignore text with our line added once. */
export function withIgnoreLine(existing: string): string {
  const lines = existing.split(/\r?\n/);
  const present = lines.some((l) => {
    const t = l.trim();
    return t === GITIGNORE_LINE || t === PROJECT_DATA_DIR || t === `/${GITIGNORE_LINE}` || t === `/${PROJECT_DATA_DIR}`;
  });
  if (present) return existing;
  const sep = existing === '' || existing.endsWith('\n') ? '' : '\n';
  return `${existing}${sep}${GITIGNORE_LINE}\n`;
}

export function runInit(opts: { dir: string; force: boolean; messages: Messages }): void {
  const configPath = join(opts.dir, PROJECT_CONFIG_FILE);
  if (existsSync(configPath) && !opts.force) {
    throw new FatalError(`${configPath} already exists; use --force to overwrite it with the defaults.`);
  }
  writeFileSync(configPath, renderInitYaml());
  opts.messages.info(`wrote ${configPath}`);
  const ignorePath = join(opts.dir, '.gitignore');
  const before = existsSync(ignorePath) ? readFileSync(ignorePath, 'utf8') : '';
  const after = withIgnoreLine(before);
  if (after !== before) {
    writeFileSync(ignorePath, after);
    opts.messages.info(`added ${GITIGNORE_LINE} to ${ignorePath}`);
  }
}

export function registerInit(program: Command, cli: CliEnv): void {
  program
    .command('init')
    .description('write a short claude-mem.yaml (the keys people change, commented out) and add .claude-mem/ to .gitignore')
    .option('--force', 'overwrite an existing claude-mem.yaml')
    .action((o: { force?: boolean }) => runInit({ dir: cli.cwd, force: Boolean(o.force), messages: cli.messages }));
}

import type { Command } from 'commander';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { PROJECT_CONFIG_FILE, PROJECT_DATA_DIR, resolvePaths, setTrust, TRUST_KEYS } from '../../config/index.js';
import { parseConfigText, readConfigText } from '../../config/load.js';
import { UsageError } from '../../errors.js';
import type { CliEnv } from '../env.js';
import { brief } from '../show.js';
import { clipChars } from '../../text/clip.js';

/** Pure: the trust-only keys a config text sets, each with its value in brief, for the user to see what they allow. */
export function trustKeysSet(path: string, text: string): string[] {
  const values = parseConfigText(path, text).values;
  return TRUST_KEYS.flatMap((key) => {
    const [section, name] = key.split('.') as [string, string];
    const node = values[section];
    if (typeof node !== 'object' || node === null || !(name in node)) return [];
    return [`${key}: ${clipChars(JSON.stringify((node as Record<string, unknown>)[name]) ?? '', 120)}`];
  });
}

export function registerTrust(program: Command, cli: CliEnv): void {
  program
    .command('trust')
    .description(`let this project's ${PROJECT_CONFIG_FILE} set keys that run programs or redirect what you type (${TRUST_KEYS.join(', ')}) and use a ${PROJECT_DATA_DIR}/ committed to the repository; recorded with the file's hash, so an edit needs trusting again`)
    .argument('[dir]', 'the project folder (default: here)')
    .option('--revoke', 'take the trust back')
    .action((dir: string | undefined, o: { revoke?: boolean }) => {
      const paths = resolvePaths(resolve(cli.cwd, dir ?? '.'), cli.env);
      if (dir !== undefined && !existsSync(paths.projectRoot)) throw new UsageError(`${brief(dir)}: no such folder.`);
      const text = readConfigText(paths.projectConfig);
      if (o.revoke) {
        const had = setTrust(paths.userDataDir, paths.projectRoot, text, true);
        cli.print(had ? `no longer trusted: ${paths.projectRoot}` : `${paths.projectRoot} was not trusted; nothing changed`);
        return;
      }
      const sets = text === undefined ? [] : trustKeysSet(paths.projectConfig, text);
      setTrust(paths.userDataDir, paths.projectRoot, text);
      cli.print(`trusted ${paths.projectRoot}${text === undefined ? ` (it has no ${PROJECT_CONFIG_FILE})` : ` as its ${PROJECT_CONFIG_FILE} reads now`}`);
      for (const s of sets) cli.print(`  now honoured: ${s}`);
      cli.print('"claude-mem trust --revoke" takes it back.');
    });
}

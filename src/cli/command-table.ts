import type { Command, Option } from 'commander';

/**
 * The README's command table, generated from the commander definitions
 * themselves, so it cannot drift from `--help`.
 */
export const COMMAND_TABLE_BEGIN = '<!-- command-table:begin (generated: npm run docs) -->';
export const COMMAND_TABLE_END = '<!-- command-table:end -->';

/** Commands for developers of claude-mem or its own processes, not its users. */
const HIDDEN = new Set(['docs', 'help', 'query-server']);

function optionUsage(o: Option): string {
  // "-q, --quiet" → "-q"; "--type <type>" → "--type T"; keep the long name when there is one.
  const name = o.long ?? o.short ?? o.flags;
  const value = /<[^>]+>|\[[^\]]+\]/.exec(o.flags)?.[0];
  const choices = o.argChoices ? o.argChoices.join('\\|') : undefined;
  return `[${name}${value ? ` ${choices ?? value.replace(/[<>[\]]/g, '').toUpperCase()}` : ''}]`;
}

function usageOf(path: string, c: Command): string {
  const args = c.registeredArguments.map((a) => {
    const name = `${a.name()}${a.variadic ? '…' : ''}`;
    return a.required ? `<${name}>` : `[${name}]`;
  });
  const opts = c.options.filter((o) => !o.hidden && o.long !== '--help').map(optionUsage);
  return ['claude-mem', path, ...opts, ...args].join(' ');
}

function rows(c: Command, prefix: string): string[] {
  const out: string[] = [];
  for (const sub of c.commands) {
    if (HIDDEN.has(sub.name())) continue;
    const path = prefix ? `${prefix} ${sub.name()}` : sub.name();
    if (sub.commands.length > 0) {
      out.push(...rows(sub, path));
      continue;
    }
    out.push(`| \`${usageOf(path, sub).replace(/\|/g, '\\|').replace(/\\\\\|/g, '\\|')}\` | ${sub.description()} |`);
  }
  return out;
}

export function renderCommandTable(program: Command): string {
  return ['| command | what it does |', '|---|---|', ...rows(program, '')].join('\n');
}

export function spliceCommandTable(readme: string, program: Command): string {
  const start = readme.indexOf(COMMAND_TABLE_BEGIN);
  const end = readme.indexOf(COMMAND_TABLE_END);
  if (start < 0 || end < start) return readme;
  return `${readme.slice(0, start + COMMAND_TABLE_BEGIN.length)}\n${renderCommandTable(program)}\n${readme.slice(end)}`;
}

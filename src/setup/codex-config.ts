/**
 * Pure: claude-mem's part of Codex's config.toml, and what Codex itself
 * records there about hook trust. Our part is one block between marker
 * comments (an MCP server table), appended at the end: a table header
 * starts a new table wherever it stands, so nothing of the user's moves,
 * and taking the block out leaves their text as it was.
 */
export const CODEX_BLOCK_BEGIN = '# >>> claude-mem (added by `claude-mem setup codex`; `claude-mem setup codex --uninstall` takes it out) >>>';
export const CODEX_BLOCK_END = '# <<< claude-mem <<<';

/** JSON strings are TOML basic strings (the same escapes, \uXXXX included). */
const tomlString = (s: string): string => JSON.stringify(s);

export function hasOurBlock(toml: string): boolean {
  return toml.includes(CODEX_BLOCK_BEGIN);
}

export function withoutOurBlock(toml: string): string {
  const begin = toml.indexOf(CODEX_BLOCK_BEGIN);
  if (begin < 0) return toml;
  const endAt = toml.indexOf(CODEX_BLOCK_END, begin);
  const end = endAt < 0 ? toml.length : endAt + CODEX_BLOCK_END.length;
  // The newline setup put before the block goes with it.
  const before = toml.slice(0, begin).replace(/\n\n$/, '\n');
  return before + toml.slice(end).replace(/^\n/, '');
}

export function withOurMcpServer(toml: string, name: string, command: string, args: string[]): string {
  const base = withoutOurBlock(toml);
  const block = [CODEX_BLOCK_BEGIN, `[mcp_servers.${name}]`, `command = ${tomlString(command)}`, `args = [${args.map(tomlString).join(', ')}]`, CODEX_BLOCK_END, ''].join('\n');
  if (!base) return block;
  return `${base.endsWith('\n') ? base : `${base}\n`}\n${block}`;
}

/**
 * Whether Codex has trusted a hook: it records trust per hook under
 * [hooks.state."<hooks.json path>:<event>:<group>:<hook>"] with a trusted_hash.
 * An untrusted hook is skipped without a word, so run must know.
 */
export function hookTrusted(toml: string, hooksJson: string, event: string, group: number): boolean {
  const key = `${hooksJson}:${event}:${group}:0`;
  const header = `[hooks.state.${tomlString(key)}]`;
  const at = toml.indexOf(header);
  if (at < 0) return false;
  const rest = toml.slice(at + header.length);
  const next = rest.search(/^\s*\[/m);
  return /^\s*trusted_hash\s*=\s*"/m.test(next < 0 ? rest : rest.slice(0, next));
}

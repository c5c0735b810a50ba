/**
 * `run` registers the claude-mem MCP server with the CLIs that take one per
 * run, so the agent can search mid-session: claude through `--mcp-config`,
 * codex through `-c mcp_servers.claude_mem.*`. Where the user has already
 * configured a server under that name (their settings, or their own flags),
 * theirs wins and nothing is added.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLOCK_END } from '../memory-block.js';

export const CLAUDE_SERVER_NAME = 'claude-mem';
/** Codex keys are TOML bare keys: no dash. */
export const CODEX_SERVER_NAME = 'claude_mem';

const MAIN = fileURLToPath(new URL('../cli/main.js', import.meta.url));

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function hasServer(servers: unknown, name: string): boolean {
  return typeof servers === 'object' && servers !== null && name in servers;
}

/**
 * The user's own claude-mem server in Claude Code's settings: their flags,
 * their user config, or their local entry for this folder. A repository's
 * `.mcp.json` is not the user's: it came with the clone.
 */
export function claudeHasOwnServer(cwd: string, env: NodeJS.ProcessEnv, args: string[]): boolean {
  if (args.some((a) => a.includes(`"${CLAUDE_SERVER_NAME}"`))) return true;
  const home = env['HOME'] ?? homedir();
  const configDir = env['CLAUDE_CONFIG_DIR'];
  const user = readJson(configDir ? join(configDir, '.claude.json') : join(home, '.claude.json'));
  if (hasServer(user?.['mcpServers'], CLAUDE_SERVER_NAME)) return true;
  const projects = user?.['projects'] as Record<string, { mcpServers?: unknown }> | undefined;
  return hasServer(projects?.[cwd]?.mcpServers, CLAUDE_SERVER_NAME);
}

/** A repository's `.mcp.json` that names a server claude-mem: a program of the repository's under our name. */
export function repoClaimsServerName(cwd: string): boolean {
  return hasServer(readJson(join(cwd, '.mcp.json'))?.['mcpServers'], CLAUDE_SERVER_NAME);
}

/** Ours, under a name no repository file took, when one took claude-mem. */
export const CLAUDE_OWN_SERVER_NAME = 'claude-mem-own';

export function codexHasOwnServer(env: NodeJS.ProcessEnv, args: string[]): boolean {
  if (args.some((a) => a.includes(`mcp_servers.${CODEX_SERVER_NAME}`))) return true;
  const file = join(env['CODEX_HOME'] ?? join(env['HOME'] ?? homedir(), '.codex'), 'config.toml');
  if (!existsSync(file)) return false;
  try {
    return new RegExp(`^\\s*\\[mcp_servers\\.${CODEX_SERVER_NAME}\\]|^\\s*mcp_servers\\.${CODEX_SERVER_NAME}\\.`, 'm').test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

export interface McpRegistration {
  /** argv to put before the user's own. */
  args: string[];
  /** The tool names the agent will see, for the block's hint. */
  searchTool: string;
  /** A line for the user: the repository's .mcp.json took our server's name. */
  notice?: string;
}

/**
 * What to add to a CLI's argv to register the server (nothing when the
 * user's config already has one of that name: setup's, or their own), and
 * the tool name for the block's hint; undefined for CLIs without a per-run way.
 */
export function mcpRegistration(agent: string, cwd: string, env: NodeJS.ProcessEnv, userArgs: string[]): McpRegistration | undefined {
  const serverArgs = [MAIN, 'mcp', '--agent', agent];
  if (agent === 'claude') {
    // The repository's .mcp.json may name its own program claude-mem: ours runs under another name, and the block names that one.
    if (repoClaimsServerName(cwd)) {
      const config = { mcpServers: { [CLAUDE_OWN_SERVER_NAME]: { command: process.execPath, args: serverArgs } } };
      return {
        args: ['--mcp-config', JSON.stringify(config)],
        searchTool: `mcp__${CLAUDE_OWN_SERVER_NAME}__search`,
        notice: `this repository's .mcp.json defines a server named "${CLAUDE_SERVER_NAME}" that is not yours; claude-mem's own runs as "${CLAUDE_OWN_SERVER_NAME}" here, and the memory block names that one.`,
      };
    }
    const searchTool = `mcp__${CLAUDE_SERVER_NAME}__search`;
    if (claudeHasOwnServer(cwd, env, userArgs)) return { args: [], searchTool };
    const config = { mcpServers: { [CLAUDE_SERVER_NAME]: { command: process.execPath, args: serverArgs } } };
    return { args: ['--mcp-config', JSON.stringify(config)], searchTool };
  }
  if (agent === 'codex') {
    if (codexHasOwnServer(env, userArgs)) return { args: [], searchTool: `${CODEX_SERVER_NAME}.search` };
    return {
      args: ['-c', `mcp_servers.${CODEX_SERVER_NAME}.command=${JSON.stringify(process.execPath)}`, '-c', `mcp_servers.${CODEX_SERVER_NAME}.args=${JSON.stringify(serverArgs)}`],
      searchTool: `${CODEX_SERVER_NAME}.search`,
    };
  }
  return undefined;
}

/** Pure: the block, with one line saying more can be looked up with the tool. */
export function withToolHint(block: string, searchTool: string): string {
  const at = block.lastIndexOf(BLOCK_END);
  if (at < 0) return block;
  const zh = block.includes('（来自 claude-mem）');
  const hint = zh
    ? `需要更多时，用 ${searchTool} 工具搜索 claude-mem 的记忆（再用 get 取全文）。`
    : `More is remembered: search it with the ${searchTool} tool (then get for full text).`;
  return `${block.slice(0, at)}${hint}\n${block.slice(at)}`;
}

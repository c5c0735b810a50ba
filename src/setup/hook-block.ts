/**
 * The memory block as a SessionStart hook hands it over, shaped for the CLI
 * that asked: with the search tool's name where claude-mem's MCP server is
 * configured, and, for Gemini, without XML-like tags (it escapes them
 * inside its own <hook_context>, so plain marker lines read better).
 * Claude Code takes 10,000 characters whole; the block's token budget keeps
 * it well under that and under Codex's ~2,500-token cut.
 */
import { BLOCK_BEGIN, BLOCK_END } from '../memory-block.js';
import { CLAUDE_SERVER_NAME, CODEX_SERVER_NAME, claudeHasOwnServer, codexHasOwnServer, repoClaimsServerName, withToolHint } from '../session/mcp-registration.js';

const CLAUDE_CONTEXT_MAX_CHARS = 10_000;

export function searchToolFor(cli: string, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  // Setup registered ours as claude-mem; a repository's .mcp.json of that name may stand in front of it here, so no tool is named.
  if (cli === 'claude') return claudeHasOwnServer(cwd, env, []) && !repoClaimsServerName(cwd) ? `mcp__${CLAUDE_SERVER_NAME}__search` : undefined;
  if (cli === 'codex') return codexHasOwnServer(env, []) ? `${CODEX_SERVER_NAME}.search` : undefined;
  // The extension setup links always brings the server.
  if (cli === 'gemini') return `mcp_${CLAUDE_SERVER_NAME}_search`;
  return undefined;
}

/** Pure: plain marker lines instead of the block's tags. */
export function withPlainMarkers(block: string): string {
  return block.replace(BLOCK_BEGIN, '=== claude-mem: memory from earlier sessions ===').replace(BLOCK_END, '=== end of claude-mem memory ===');
}

export function hookBlock(block: string, cli: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const tool = searchToolFor(cli, cwd, env);
  const hinted = tool ? withToolHint(block, tool) : block;
  const shaped = cli === 'gemini' ? withPlainMarkers(hinted) : hinted;
  return shaped.slice(0, CLAUDE_CONTEXT_MAX_CHARS);
}

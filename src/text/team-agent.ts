/**
 * A memory pulled from the team store carries its author in its agent
 * ("team:alice"): every reader (the block, list, the viewer, MCP) tells it
 * from the user's own without a join, and sync never pushes it back as ours.
 */
export const TEAM_AGENT_PREFIX = 'team:';

export function teamAgent(author: string): string {
  // An author name is a PostgreSQL role: keep it to one printable token.
  return `${TEAM_AGENT_PREFIX}${author.replace(/[^\p{L}\p{N}_.@-]/gu, '_').slice(0, 63)}`;
}

/** The teammate who wrote it, or undefined for the user's own memory. */
export function teamAuthorOf(agent: string | undefined): string | undefined {
  return agent?.startsWith(TEAM_AGENT_PREFIX) ? agent.slice(TEAM_AGENT_PREFIX.length) : undefined;
}

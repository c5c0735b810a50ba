/**
 * The shape of a session summary ("bash session: npm test; …", "claude
 * 会话：…"): written by the distiller (distill/summary.ts), recognised where
 * a summary must not pass for a fact (the launch block). Pure.
 */
export const summaryHead = (agent: string, zh: boolean): string => (zh ? `${agent} 会话：` : `${agent} session: `);

export function isSessionSummary(text: string): boolean {
  return /^[\w.-]+ (?:session: |会话：)/.test(text);
}

/**
 * What kind of program a wrapped command is, by its name: a shell, or one
 * of the AI CLIs with a built-in adapter. Tiny and dependency-free: the
 * launch path and the distiller both ask.
 */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'fish', 'dash', 'ksh', 'tcsh', 'csh', 'nu', 'pwsh', 'xonsh']);
const AI_CLIS = new Set(['claude', 'codex', 'gemini', 'aider', 'opencode', 'qwen', 'cursor-agent', 'goose']);

export function isShell(agent: string): boolean {
  return SHELLS.has(agent);
}

/** An AI CLI draws its own full-screen TUI: a marker is caught there too. */
export function isAiCli(agent: string): boolean {
  return AI_CLIS.has(agent);
}


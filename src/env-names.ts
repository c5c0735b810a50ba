/**
 * Environment variables a wrapper sets for the programs under it, read by
 * claude-mem processes started there. Alone in a file of no imports: the
 * hook's fast path (node: builtins only) and the launch both read them.
 */

/** The CLI's own SessionStart hook hands the block over (setup installed it): the hook, not run, injects. */
export const VIA_HOOKS_ENV = 'CLAUDE_MEM_VIA_HOOKS';

/** Where claude-mem commands run inside a recorded session note what they print (pty/own-output.ts). */
export const OWN_OUTPUT_ENV = 'CLAUDE_MEM_OWN_OUTPUT';

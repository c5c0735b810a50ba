/**
 * The commands a session ran through the assistant's shell tool, as memory
 * candidates: a command that worked here is how to build, test or run this
 * project; one that failed and then worked is a key event. Looking around
 * (ls, cat, grep, git status) is not. Pure.
 */
import type { ToolCall, TranscriptTurn } from './types.js';

export const MAX_COMMAND_MEMORIES = 3;
const MAX_COMMAND_CHARS = 200;
const SHELL_TOOLS = new Set(['Bash', 'bash', 'shell', 'run_shell_command', 'exec_command', 'local_shell']);
/** Read-only looking around: says nothing a later session needs. */
const INSPECTION =
  /^(?:ls|ll|cd|pwd|cat|less|more|head|tail|echo|printf|grep|rg|ag|find|fd|wc|which|whoami|type|file|stat|tree|du|df|env|printenv|date|sleep|true|clear|history|sed\s+-n|awk|sort|uniq|diff|git\s+(?:status|diff|log|show|branch|remote|rev-parse|blame|ls-files|fetch))\b/;

export interface CommandCandidate {
  text: string;
  at: number;
}

function normal(command: string): string {
  return command.trim().replace(/\s+/g, ' ');
}

const ASKED_MAX_CHARS = 80;

/** What the user asked for in the turn, as the purpose of a call that names none (Codex's tools carry no description). */
function asked(turn: TranscriptTurn): string | undefined {
  const first = turn.user.split('\n')[0]?.trim().replace(/[?？.。!！]+$/u, '') ?? '';
  if (!first || first.length > ASKED_MAX_CHARS) return undefined;
  return first.charAt(0).toUpperCase() + first.slice(1);
}

export function commandCandidates(turns: TranscriptTurn[]): CommandCandidate[] {
  const byCommand = new Map<string, ToolCall[]>();
  const purpose = new Map<ToolCall, string>();
  for (const turn of turns) {
    const why = asked(turn);
    for (const call of turn.tools) {
      if (why) purpose.set(call, why);
      if (!SHELL_TOOLS.has(call.name) || !call.command) continue;
      const c = normal(call.command);
      if (!c || c.includes('\n') || c.length > MAX_COMMAND_CHARS || INSPECTION.test(c)) continue;
      byCommand.set(c, [...(byCommand.get(c) ?? []), call]);
    }
  }
  const out: Array<CommandCandidate & { weight: number }> = [];
  for (const [command, calls] of byCommand) {
    const lastOk = [...calls].reverse().find((c) => c.ok === true);
    if (!lastOk) continue;
    const failedFirst = calls.some((c) => c.ok === false && c.at < lastOk.at);
    const what = lastOk.description ?? calls.find((c) => c.description)?.description ?? purpose.get(lastOk);
    const outcome = failedFirst ? 'failed at first, then succeeded after the fix' : 'succeeded here';
    const text = what ? `${what.replace(/[.。]\s*$/u, '')}: \`${command}\` (${outcome}).` : `\`${command}\` ${outcome}.`;
    out.push({ text, at: lastOk.at, weight: calls.length + (failedFirst ? 2 : 0) });
  }
  return out
    .sort((a, b) => b.weight - a.weight || b.at - a.at)
    .slice(0, MAX_COMMAND_MEMORIES)
    .sort((a, b) => a.at - b.at)
    .map(({ text, at }) => ({ text, at }));
}

import type { CliEnv } from './env.js';

export interface StartRun {
  command: string;
  args: string[];
  inject: boolean;
  record: boolean;
}

/** What `run` does once its arguments are read, by commander or by the plain launch reader. */
export async function startRun(cli: CliEnv, o: StartRun): Promise<number> {
  // Only what the launch needs: SQLite and the tokenizer load only when the cached block misses.
  const { runWrapped } = await import('../session/run-wrapped.js');
  return runWrapped({
    command: o.command,
    args: o.args,
    cwd: cli.cwd,
    env: cli.env,
    messages: cli.messages,
    inject: o.inject,
    record: o.record,
    sets: cli.sets(),
    // Never in a pipe or a log a script reads.
    statusLines: cli.stderrIsTerminal,
    viaHooks: handsOverViaHooks,
  });
}

/** Codex with trusted hooks and Gemini with the linked extension take the block from their SessionStart hook; setup modules load only for their own CLI. */
async function handsOverViaHooks(agent: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  if (agent === 'codex') return (await import('../setup/codex.js')).codexHooksReady(env);
  if (agent === 'gemini') return (await import('../setup/gemini.js')).geminiExtensionLinked(env);
  return false;
}

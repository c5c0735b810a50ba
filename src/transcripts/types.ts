/** A session as a CLI's own transcript tells it: clean text, no screen. */
export interface ToolCall {
  name: string;
  /** A shell tool's command line. */
  command: string | undefined;
  /** What the assistant said the command is for (Claude Code's Bash `description`). */
  description: string | undefined;
  /** Files read, edited or written. */
  files: string[];
  /** undefined until its result is seen (an interrupted call has none). */
  ok: boolean | undefined;
  outputTail: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface TranscriptTurn {
  /** Epoch milliseconds of the prompt (or of the first reply, for a turn without one). */
  at: number;
  user: string;
  assistant: string[];
  tools: ToolCall[];
}

export interface Transcript {
  turns: TranscriptTurn[];
  /** The session as the CLI names it, and the directory it ran in (from the lines themselves). */
  meta: { sessionId: string | undefined; cwd: string | undefined; version: string | undefined };
  /** Lines that were not JSON, and line types this version does not know. */
  skipped: { malformed: number; unknown: number };
  /**
   * Lines the user typed that went to the CLI's own shell instead of the
   * model (Claude Code's `!` prefix): a "!记得 …" typed at the prompt, with
   * its "!" taken by that mode, ends up here.
   */
  shellInputs?: string[];
}

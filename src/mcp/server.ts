/**
 * `claude-mem mcp`: a stdio MCP server over one DirectoryMemory, opened
 * once and serving every call from the same stores (SQLite reads see what
 * other processes wrote; nothing is cached that could go stale). It costs
 * nothing until a tool is called, holds no lock while idle (WAL readers
 * take none between calls), and exits when stdin closes. Only the protocol
 * goes to stdout; notices go to stderr.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { LineTransport } from './line-transport.js';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import { escapeInvisible, neutraliseTags } from '../text/inert.js';
import { forgetTool, getTool, guarded, rememberTool, searchTool, timelineTool, GET_MAX_IDS, SEARCH_MAX_LIMIT, type ToolResult } from './tools.js';

export const MCP_SERVER_NAME = 'claude-mem';

export interface McpOptions {
  /** Who is asking (the wrapped CLI): recorded as the agent of a remembered memory. */
  agent: string;
  /** `forget` is offered only when the config allows it: the agent must not delete memories silently. */
  allowForget: boolean;
  version: string;
}

// The schemas describe the arguments to the model; the tools check them
// again themselves, so a bad value is a tool error with a clear message.
const loose = {
  text: z.string().optional(),
  int: z.number().optional(),
  date: z.union([z.string(), z.number()]).optional(),
};

// What the tools return holds memories' and passages' words (a teammate's among them): controls shown as what they
// are, tags a model reads as structure made look-alikes, as in the block (text/inert.ts). Our own rows have neither.
const asContent = (r: ToolResult): { content: Array<{ type: 'text'; text: string }>; isError?: boolean } => ({
  content: [{ type: 'text', text: neutraliseTags(escapeInvisible(r.text)) }],
  ...(r.isError ? { isError: true } : {}),
});

/** The memory, opened on first use (or by the prefetch after connecting), then kept. */
export type MemorySource = () => Promise<DirectoryMemory>;

export function buildMcpServer(memory: MemorySource, o: McpOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: o.version });
  server.registerTool(
    'search',
    {
      description:
        'Search what claude-mem remembers about this project and the user (hybrid full-text and vector search, Chinese and English). Returns compact index rows: id · type · date · agent · score · first line. Use get for the full text.',
      inputSchema: {
        query: z.string().describe('a few keywords, e.g. "test command" or 日志格式'),
        type: loose.text.describe('global, project or fact'),
        dir: loose.text.describe('only memories of this directory or below'),
        agent: loose.text.describe('only memories written by this CLI'),
        since: loose.date.describe('only memories created on or after this date (2026-11-30)'),
        until: loose.date.describe('only memories created on or before this date'),
        as_of: loose.date.describe('what was true on this date: values said by then and not yet replaced (default: now)'),
        limit: loose.int.describe(`rows to return, 1 to ${SEARCH_MAX_LIMIT} (default 10)`),
        offset: loose.int.describe('rows to skip, for the next page'),
      },
    },
    async (args) => asContent(await guarded(async () => searchTool(await memory(), args))),
  );
  server.registerTool(
    'timeline',
    {
      description: 'Memories and session summaries around one anchor, in time order, as index rows. Give exactly one of id, session or time.',
      inputSchema: {
        id: loose.text.describe('a memory id from search'),
        session: loose.text.describe('a session id'),
        time: loose.date.describe('a date or time'),
        as_of: loose.date.describe('only what was true on this date (also the anchor when no other is given)'),
        before: loose.int.describe('rows before the anchor (default 3)'),
        after: loose.int.describe('rows after the anchor (default 3)'),
      },
    },
    async (args) => asContent(await guarded(async () => timelineTool(await memory(), args))),
  );
  server.registerTool(
    'get',
    {
      description: `The full memories for ids from search or timeline: text, supplement, the subject it states the value of and since when, source session and moment, dates, heat, and the session summary. At most ${GET_MAX_IDS} ids.`,
      inputSchema: { ids: z.array(z.string()).describe('memory ids, e.g. ["12", "g3"]') },
    },
    async (args) => asContent(await guarded(async () => getTool(await memory(), args))),
  );
  server.registerTool(
    'remember',
    {
      description:
        'Remember a sentence about this project for later sessions: a command, a convention, a decision. It is kept as your (the agent\'s) words, for this project only, until the user reviews it, and goes through the same filters and redaction as everything claude-mem stores.',
      inputSchema: {
        text: z.string().describe('one or two sentences that make sense alone'),
        type: loose.text.describe('project (how to work here) or fact (a conclusion); default: classified. Only the user can write global memories.'),
      },
    },
    async (args) => asContent(await guarded(async () => rememberTool(await memory(), args, o.agent))),
  );
  if (o.allowForget) {
    server.registerTool(
      'forget',
      { description: 'Delete one memory by id (enabled by mcp.allow_forget).', inputSchema: { id: z.string() } },
      async (args) => asContent(await guarded(async () => forgetTool(await memory(), args))),
    );
  }
  return server;
}

/**
 * Serves on stdin/stdout until stdin closes. The protocol is answered
 * before the stores are open (a CLI connects its servers while it starts,
 * and lists their tools only once they answer); the stores open right after.
 */
export async function serveStdio(memory: MemorySource, o: McpOptions): Promise<void> {
  const server = buildMcpServer(memory, o);
  const transport = new LineTransport();
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
  await server.connect(transport);
  // Opened now, so the first call does not wait; a failure is the first call's tool error.
  memory().catch(() => undefined);
  await closed;
  // Input ended with calls still running (requests piped from a file): they are answered first.
  await Promise.race([transport.drained(), new Promise((r) => setTimeout(r, 30_000).unref())]);
  await transport.flushed();
  await server.close().catch(() => undefined);
}

/**
 * The MCP stdio transport, hardened: the SDK's closes the server on a line
 * over its buffer size (the server then exited 0 without a word), and
 * answers nothing to a request it cannot validate, so a client that sent
 * an id waits forever. Here every line is bounded, every bad line that
 * carries an id gets a JSON-RPC error with that id (an oversized one too:
 * its id is read from the line's start or end; one without an id, or
 * unreadable JSON, gets one with id null), and writes are queued on one
 * drain listener, so 1,000 pipelined calls add no listener each.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** A request line longer than this is answered with an error and dropped, never buffered whole. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

type Id = string | number | null;

/** Pure: the reply to a line that is not a valid message, if one is owed. */
export function rejectionOf(line: string): { id: Id; code: number; message: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { id: null, code: -32700, message: 'Parse error: the line is not JSON' };
  }
  if (Array.isArray(parsed)) return { id: null, code: -32600, message: 'Invalid Request: batches are not supported; send one request per line' };
  const o = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const id: Id = typeof o['id'] === 'string' || typeof o['id'] === 'number' ? o['id'] : null;
  // A notification (no id) that does not validate is dropped silently, as JSON-RPC says.
  if (id === null && 'method' in o && !('id' in o)) return undefined;
  return { id, code: -32600, message: 'Invalid Request: expected {"jsonrpc": "2.0", "method": string, "id"?, "params"?: object}' };
}

/** How much of an oversized line's start and end is kept to find its id. */
const ID_WINDOW = 64 * 1024;

/**
 * Pure: the id of a JSON-RPC object whose start is `head`, when its
 * top-level "id" key comes before the cut (the usual order): strings are
 * skipped, nesting is counted, so an "id" inside params is not taken.
 */
export function idInHead(head: string): Id | undefined {
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '"') {
      const end = stringEnd(head, i);
      if (end < 0) return undefined;
      if (depth === 1 && head.slice(i, end + 1) === '"id"') {
        const m = /^\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.){0,200}")/.exec(head.slice(end + 1));
        if (m?.[1]) return m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : Number(m[1]);
      }
      i = end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

/** The index of the quote closing the string opened at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j;
  }
  return -1;
}

/** Pure: the id of an object that ends with `tail`, when "id" is its last key ({"method": …, "params": …, "id": 7}). */
export function idAtTail(tail: string): Id | undefined {
  const m = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.){0,200}")\s*}\s*$/.exec(tail);
  if (!m?.[1]) return undefined;
  return m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : Number(m[1]);
}

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line over the limit: skip to its end. */
  private skipping = false;
  /** The last bytes of the line being skipped, where its id may be. */
  private tail: Buffer = Buffer.alloc(0);
  /** The error owed for the line being skipped, once its end shows the id. */
  private owed: { code: number; message: string } | undefined;
  private queue: string[] = [];
  private writing = false;
  /** Requests handed to the server and not yet answered: stdin closing must not cut them off. */
  private inFlight = new Set<string | number>();
  private onIdle: (() => void) | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.pending = [];
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.write(`${JSON.stringify(message)}\n`);
    if (('result' in message || 'error' in message) && 'id' in message && (typeof message.id === 'string' || typeof message.id === 'number')) {
      this.inFlight.delete(message.id);
      if (this.inFlight.size === 0) this.onIdle?.();
    }
  }

  /** Resolves once every request read so far has been answered (`requests.jsonl | claude-mem mcp` gets all its replies). */
  drained(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.onIdle = resolve;
    });
  }

  /** Resolves once everything queued has been written out. */
  flushed(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.output.once('drain', () => resolve()));
  }

  private readonly onInputError = (err: Error): void => this.onerror?.(err);

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let nl = buf.indexOf(0x0a); nl >= 0; nl = buf.indexOf(0x0a)) {
      const part = buf.subarray(0, nl);
      buf = buf.subarray(nl + 1);
      if (this.skipping) {
        this.skipping = false;
        // The id was not in the line's start: its end may hold it ("id" as the last key).
        if (this.owed) this.reply({ ...this.owed, id: idAtTail(Buffer.concat([this.tail, part]).subarray(-ID_WINDOW).toString('utf8').replace(/\r$/, '')) ?? null });
        this.owed = undefined;
        this.tail = Buffer.alloc(0);
        continue;
      }
      const line = Buffer.concat([...this.pending, part]).toString('utf8').replace(/\r$/, '');
      this.pending = [];
      this.pendingBytes = 0;
      this.handleLine(line);
    }
    if (buf.length === 0) return;
    if (this.skipping) {
      this.tail = Buffer.concat([this.tail, buf]).subarray(-ID_WINDOW);
      return;
    }
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    if (this.pendingBytes > MAX_LINE_BYTES) {
      const head = Buffer.concat(this.pending).subarray(0, ID_WINDOW).toString('utf8');
      this.tail = Buffer.concat(this.pending.slice(-2)).subarray(-ID_WINDOW);
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      // A client waits on its id: the error carries it when the line's start names it, else when its end does.
      const error = { code: -32600, message: `Invalid Request: a message over ${MAX_LINE_BYTES / 1024 / 1024} MB was dropped; send less in one call` };
      const id = idInHead(head);
      if (id !== undefined) this.reply({ ...error, id });
      else this.owed = error;
    }
  };

  private handleLine(line: string): void {
    if (!line.trim()) return;
    let message: JSONRPCMessage | undefined;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch {
      const r = rejectionOf(line);
      if (r) this.reply(r);
      return;
    }
    if ('method' in message && 'id' in message && (typeof message.id === 'string' || typeof message.id === 'number')) this.inFlight.add(message.id);
    this.onmessage?.(message);
  }

  private reply(r: { id: Id; code: number; message: string }): void {
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id: r.id, error: { code: r.code, message: r.message } })}\n`);
  }

  /** One write at a time, waiting on a single drain when the pipe is full. */
  private write(text: string): void {
    this.queue.push(text);
    if (!this.writing) this.flush();
  }

  private flush(): void {
    this.writing = true;
    while (this.queue.length) {
      const next = this.queue.shift() as string;
      if (!this.output.write(next)) {
        this.output.once('drain', () => this.flush());
        return;
      }
    }
    this.writing = false;
  }
}

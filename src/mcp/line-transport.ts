/**
 * The MCP stdio transport, hardened: the SDK's closes the server on a line
 * over its buffer size (the server then exited 0 without a word), and
 * answers nothing to a request it cannot validate, so a client that sent
 * an id waits forever. Here every line is bounded, every bad line that
 * carries an id gets a JSON-RPC error with that id (one without an id, or
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

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line over the limit: skip to its end. */
  private skipping = false;
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
        continue;
      }
      const line = Buffer.concat([...this.pending, part]).toString('utf8').replace(/\r$/, '');
      this.pending = [];
      this.pendingBytes = 0;
      this.handleLine(line);
    }
    if (this.skipping || buf.length === 0) return;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    if (this.pendingBytes > MAX_LINE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      this.reply({ id: null, code: -32600, message: `Invalid Request: a message over ${MAX_LINE_BYTES / 1024 / 1024} MB was dropped` });
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

/**
 * A transcript file read with every line bounded: one line of 50 MB (a
 * pasted dump, a tool's output, a hostile file) took 1.2 GB and 19 s to
 * parse whole. Lines over the cap are skipped without being held (counted,
 * so the caller can say so); the rest is read in fixed chunks.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** Longer lines are dropped: a message this long is a dump, not a conversation. */
export const MAX_TRANSCRIPT_LINE_BYTES = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;

export function readBoundedText(path: string, maxLine = MAX_TRANSCRIPT_LINE_BYTES): { text: string; oversized: number } {
  const fd = openSync(path, 'r');
  const kept: Buffer[] = [];
  let line: Buffer[] = [];
  let lineBytes = 0;
  let skipping = false;
  let oversized = 0;
  const buf = Buffer.allocUnsafe(CHUNK);
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      if (n === 0) break;
      let chunk = buf.subarray(0, n);
      for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a)) {
        if (!skipping) kept.push(...line, Buffer.from(chunk.subarray(0, nl + 1)));
        line = [];
        lineBytes = 0;
        skipping = false;
        chunk = chunk.subarray(nl + 1);
      }
      if (skipping || chunk.length === 0) continue;
      line.push(Buffer.from(chunk));
      lineBytes += chunk.length;
      if (lineBytes > maxLine) {
        line = [];
        lineBytes = 0;
        skipping = true;
        oversized++;
      }
    }
  } finally {
    closeSync(fd);
  }
  if (!skipping) kept.push(...line);
  return { text: Buffer.concat(kept).toString('utf8'), oversized };
}

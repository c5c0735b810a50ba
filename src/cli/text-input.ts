import { UsageError } from '../errors.js';

/** A memory is kept whole, so it has a hard size limit instead of being cut. */
export const MAX_MEMORY_BYTES = 64 * 1024;
/** Longer queries are cut here: only the first terms are used anyway. */
export const MAX_QUERY_CHARS = 2000;

/**
 * Node turns invalid UTF-8 in argv into U+FFFD; a real U+FFFD typed by a
 * person is vanishingly rare, so treat it as bad input with a clear message.
 */
export function checkText(text: string, what: string): string {
  if (text.includes('\uFFFD')) {
    throw new UsageError(`the ${what} is not valid UTF-8. Re-type it, or convert the file with iconv -t UTF-8.`);
  }
  // Control characters other than tab and newline are terminal noise.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

export function checkMemoryText(text: string): string {
  const clean = checkText(text, 'text').trim();
  if (!clean) throw new UsageError('nothing to remember: the text is empty. Example: claude-mem remember "tests run with pytest -q"');
  const bytes = Buffer.byteLength(clean);
  if (bytes > MAX_MEMORY_BYTES) {
    throw new UsageError(
      `the text is ${bytes.toLocaleString('en')} bytes; a memory holds at most ${MAX_MEMORY_BYTES.toLocaleString('en')}. Remember a short statement, or where the long text lives.`,
    );
  }
  return clean;
}

/** Reads all of stdin as strict UTF-8. */
export async function readStdinText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new UsageError('standard input is not valid UTF-8. Convert it first, e.g. iconv -f GBK -t UTF-8.');
  }
}

import { describe, expect, it } from 'vitest';
import { screenLinesOf } from './screen.js';

async function lines(chunks: string[], cols = 40, rows = 6): Promise<string[]> {
  const events = chunks.map((data, i) => ({ t: i, code: 'o', data }));
  return (await screenLinesOf(events, { cols, rows })).map((l) => l.text);
}

describe('screen model', () => {
  it('strips colours and keeps the text', async () => {
    expect(await lines(['he\x1b[1mllo\x1b[0m\r\n'])).toEqual(['hello']);
  });

  it('keeps only the final state of a \\r progress bar', async () => {
    expect(await lines(['downloading 10%\rdownloading 55%\rdownloading 100%\r\ndone\r\n'])).toEqual(['downloading 100%', 'done']);
  });

  it('resolves cursor moves and erased lines (a redrawn input box)', async () => {
    const out = await lines(['> typ', '\x1b[2K\r> typed text\r\n', 'answer\r\n']);
    expect(out).toEqual(['> typed text', 'answer']);
  });

  it('emits lines that scrolled away, in order, with their time', async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => `line ${i}\r\n`);
    const events = chunks.map((data, i) => ({ t: i, code: 'o', data }));
    const got = await screenLinesOf(events, { cols: 40, rows: 5 });
    expect(got.map((l) => l.text)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i}`));
    expect(got[3]?.t).toBeGreaterThanOrEqual(3);
  });

  it('joins a wrapped line into one logical line', async () => {
    const long = 'x'.repeat(50);
    expect(await lines([`${long}\r\nnext\r\n`], 20, 4)).toEqual([long, 'next']);
  });

  it('snapshots the alternate screen before a full-screen app leaves it', async () => {
    const out = await lines(['before\r\n', '\x1b[?1049h\x1b[H\x1b[2JTUI title\r\nmenu item\r\n', '\x1b[?1049lafter\r\n']);
    expect(out).toContain('TUI title');
    expect(out).toContain('menu item');
    expect(out.indexOf('TUI title')).toBeLessThan(out.indexOf('after'));
    expect(out).toContain('before');
  });

  it('keeps what a clear screen erased', async () => {
    expect(await lines(['first screen\r\n', '\x1b[2J\x1b[Hsecond\r\n'])).toEqual(['first screen', 'second']);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MarkerCatcher, columns } from './marker-catcher.js';

function run(c: MarkerCatcher, keys: string[]): { forward: string; echo: string } {
  let forward = '';
  let echo = '';
  for (const k of keys) {
    const r = c.feed(k);
    forward += r.untouched ? k : r.forward;
    echo += r.echo;
  }
  return { forward, echo };
}

/** A one-line terminal: writes over what is there, \b moves back a column, a wide character takes two. */
function screen(echo: string): string {
  const cells: string[] = [];
  let x = 0;
  for (const ch of echo) {
    if (ch === '\b') {
      x = Math.max(0, x - 1);
      continue;
    }
    const w = columns(ch);
    cells[x] = ch;
    if (w === 2) cells[x + 1] = '';
    x += w;
  }
  return cells.map((c) => c ?? ' ').join('').trimEnd();
}

describe('the marker catcher', () => {
  it('keeps a marker line from a shell: a bare Enter goes on, the line is echoed by us', () => {
    const r = run(new MarkerCatcher('!记得', 'shell'), [...'!记得 用 pnpm\r']);
    expect(r.forward).toBe('\r');
    expect(r.echo).toBe('!记得 用 pnpm');
  });

  it('gives a TUI nothing and erases the echo on Enter', () => {
    const r = run(new MarkerCatcher('!记得', 'tui'), ['!', '记得', ' a', '\r']);
    expect(r.forward).toBe('');
    const width = 1 + 4 + 2; // "!", two wide characters, " a"
    expect(r.echo).toBe(`!记得 a${'\b'.repeat(width)}${' '.repeat(width)}${'\b'.repeat(width)}`);
  });

  it('passes anything else on unchanged, a leading ! included, and only at the start of a line', () => {
    expect(run(new MarkerCatcher('!记得', 'shell'), [...'!!\r']).forward).toBe('!!\r');
    expect(run(new MarkerCatcher('!记得', 'shell'), ['!', 'ls', '\r']).forward).toBe('!ls\r');
    expect(run(new MarkerCatcher('!记得', 'shell'), [...'echo !记得\r']).forward).toBe('echo !记得\r');
    const c = new MarkerCatcher('!记得', 'shell');
    expect(c.feed('ls -la\r')).toEqual({ forward: 'ls -la\r', echo: '', untouched: true });
  });

  it('catches the marker on a line that is empty however it got so: Ctrl-L, a deleted character, Ctrl-A Ctrl-K, Ctrl-U, Ctrl-W', () => {
    for (const before of [['\x0c'], ['x', '\x7f'], ['echo hi', '\x01', '\x0b'], ['echo hi', '\x15'], ['hi', '\x17'], ['ab', '\x1b[D', '\x1b[D', '\x0b']]) {
      const r = run(new MarkerCatcher('!记得', 'shell'), [...before, ...'!记得 probe\r']);
      expect(r.echo, JSON.stringify(before)).toBe('!记得 probe');
      expect(r.forward.endsWith('\r') && !r.forward.includes('!'), JSON.stringify(before)).toBe(true);
    }
  });

  it('leaves a line it cannot know alone: a recalled history line, a completion', () => {
    expect(run(new MarkerCatcher('!记得', 'shell'), ['\x1b[A', '!记得 x\r']).forward).toBe('\x1b[A!记得 x\r');
    expect(run(new MarkerCatcher('!记得', 'shell'), ['ec', '\t', '\x15', '!记得 x\r']).forward).toBe('ec\t\x15!记得 x\r');
    // After Enter the next line is known again.
    expect(run(new MarkerCatcher('!记得', 'shell'), ['\x1b[A', '\r', ...'!记得 x\r']).echo).toBe('!记得 x');
  });

  it('edits the caught line with backspace and gives the line back when the marker is deleted', () => {
    const r = run(new MarkerCatcher('!记得', 'shell'), ['!记得', ' ab', '\x7f', '\x7f', '\x7f', '\x7f', 'ls\r']);
    expect(r.forward).toBe('ls\r');
  });

  it('cancels on ^C; inside the caught line the echo follows the cursor keys, as the line editor does', () => {
    expect(run(new MarkerCatcher('!记得', 'shell'), ['!记得 x', '\x03']).forward).toBe('\x03');
    const r = run(new MarkerCatcher('!记得', 'shell'), ['!记得 x', '\x1b[D', 'y\r']);
    expect(screen(r.echo)).toBe('!记得 yx');
    expect(r.forward).toBe('\r');
  });

  it('what the screen shows of a caught line is what the line holds, whatever keys edit it (property)', () => {
    const key = fc.constantFrom('a', 'b', '用', ' ', '\x1b[D', '\x1b[C', '\x1b[H', '\x1b[F', '\x7f', '\x1b[3~', '\x01', '\x05', '\x0b');
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 30 }), (keys) => {
        const c = new MarkerCatcher('!记得', 'shell');
        const typed = run(c, ['!记得 ', ...keys]);
        // A readline line after the same keys (what the recorder's line editor keeps).
        let line = [...' '];
        let at = 1;
        let gone = false;
        for (const k of keys) {
          if (gone) break;
          if (k === '\x1b[D') at = Math.max(0, at - 1);
          else if (k === '\x1b[C') at = Math.min(line.length, at + 1);
          else if (k === '\x1b[H' || k === '\x01') at = 0;
          else if (k === '\x1b[F' || k === '\x05') at = line.length;
          else if (k === '\x7f') {
            if (line.length === 0) gone = true;
            else if (at > 0) line.splice(--at, 1);
          } else if (k === '\x1b[3~') line.splice(at, 1);
          else if (k === '\x0b') line = line.slice(0, at);
          else line.splice(at++, 0, k);
        }
        if (gone) return;
        expect(screen(typed.echo)).toBe(`!记得${line.join('')}`.trimEnd());
        const end = run(c, ['\r']);
        expect(screen(typed.echo + end.echo)).toBe(`!记得${line.join('')}`.trimEnd());
      }),
      { numRuns: 150 },
    );
  });

  it('leaves a full-screen app alone unless it is an AI CLI', () => {
    const vim = new MarkerCatcher('!记得', 'tui');
    vim.noteOutput('\x1b[?1049h');
    expect(run(vim, ['!记得 x\r']).forward).toBe('!记得 x\r');
    vim.noteOutput('\x1b[?1049l');
    expect(run(vim, ['!记得 x\r']).forward).toBe('');
    const codex = new MarkerCatcher('!记得', 'tui', true);
    codex.noteOutput('\x1b[?1049h');
    expect(run(codex, ['!记得 x\r']).forward).toBe('');
  });

  it('catches the marker typed first after the terminal answered the CLI (Codex asks for the cursor and the device attributes as it starts)', () => {
    const r = run(new MarkerCatcher('!记得', 'tui', true), ['\x1b[?1;2c\x1b[4;1R', '!记得 first thing', '\r']);
    expect(r.forward).toBe('\x1b[?1;2c\x1b[4;1R');
    expect(r.echo.startsWith('!记得 first thing')).toBe(true);
    // Focus events and colour answers in between change nothing either.
    const s = run(new MarkerCatcher('!记得', 'shell'), ['\x1b[I', '\x1b]11;rgb:0000/0000/0000\x1b\\', ...'!记得 x\r']);
    expect(s.forward).toBe('\x1b[I\x1b]11;rgb:0000/0000/0000\x1b\\\r');
  });

  it('passes the terminal\'s answers on while a marker line is being typed', () => {
    const r = run(new MarkerCatcher('!记得', 'tui', true), ['!记得 a', '\x1b[12;3R', 'b\r']);
    expect(r.forward).toBe('\x1b[12;3R');
    expect(r.echo.startsWith('!记得 ab')).toBe(true);
  });

  it('catches a marker typed through the kitty keyboard protocol, and passes other such keys on as they came', () => {
    const kitty = ['\x1b[49:33;2u', '\x1b[49:33;2:3u', '记得 tags are signed', '\x1b[13u', '\x1b[13;1:3u'];
    const r = run(new MarkerCatcher('!记得', 'tui', true), kitty);
    expect(r.forward).toBe('\x1b[13;1:3u');
    expect(r.echo.startsWith('!记得 tags are signed')).toBe(true);
    const plain = ['\x1b[104u', '\x1b[105u', '\x1b[13u'];
    expect(run(new MarkerCatcher('!记得', 'tui', true), plain).forward).toBe(plain.join(''));
    // A typed-then-deleted key in the protocol's form leaves the line empty.
    const edited = run(new MarkerCatcher('!记得', 'shell'), ['\x1b[120u', '\x1b[127u', '\x1b[33u', ...'记得 y', '\x1b[13u']);
    expect(edited.echo).toBe('!记得 y');
  });

  it('passes on exactly what it was given when no marker is typed, however the input is cut', () => {
    const key = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 3 }).filter((s) => !s.includes('!')),
      fc.constantFrom('\x1b[?1;2c', '\x1b[4;1R', '\x1b[13u', '\x1b[A', '\x1b', '\x1b[200~', '\x1b[201~', '\r', '\x7f', '\x03', '\x1b[97;2u'),
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 20 }), fc.array(fc.nat(40), { maxLength: 4 }), (keys, cuts) => {
        const text = keys.join('');
        const at = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
        const reads = [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
        const c = new MarkerCatcher('!记得', 'tui', true);
        const out = reads.map((t) => {
          const r = c.feed(t);
          return r.untouched ? t : r.forward;
        });
        expect(out.join('')).toBe(text);
      }),
    );
  });

  it('counts wide characters as two columns', () => {
    expect(columns('a')).toBe(1);
    expect(columns('记')).toBe(2);
  });
});

describe('a pasted marker line', () => {
  it('is caught and echoed, and the program still sees the paste end, so the next line is its own', () => {
    const c = new MarkerCatcher('!记得', 'shell');
    const r = run(c, ['\x1b[200~!记得 pasted: the cache TTL is 60 s\x1b[201~', '\r', 'echo next\r']);
    expect(screen(r.echo)).toBe('!记得 pasted: the cache TTL is 60 s');
    expect(r.forward).toBe('\x1b[200~\x1b[201~\recho next\r');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyReader, type KeyEvent } from './input-keys.js';

const events = (...reads: string[]): KeyEvent[] => {
  const r = new KeyReader();
  return reads.flatMap((t) => r.read(t).map((k) => k.event));
};
const typed = (...reads: string[]): string =>
  events(...reads)
    .map((e) => (e.kind === 'char' ? e.ch : ''))
    .join('');

describe('reading keys from a terminal', () => {
  it('reads the answers a terminal gives to queries as reports, never as typing', () => {
    for (const answer of [
      '\x1b[?1;2c', // device attributes (what tmux answered Codex)
      '\x1b[>0;276;0c',
      '\x1b[4;1R', // cursor position
      '\x1b[0n',
      '\x1b[I', // focus in and out
      '\x1b[O',
      '\x1b[?0u', // kitty keyboard flags
      '\x1b[?2004;1$y', // DECRPM
      '\x1b]11;rgb:0000/0000/0000\x1b\\', // OSC colour, ST-terminated
      '\x1b]10;rgb:ffff/ffff/ffff\x07',
      '\x1bP>|tmux 3.3a\x1b\\', // XTVERSION
      '\x1b[<0;10;5M', // SGR mouse
      '\x1b[8;30;100t',
    ]) {
      expect(events(answer), JSON.stringify(answer)).toEqual([{ kind: 'report' }]);
    }
  });

  it('decodes keys sent through the kitty keyboard protocol and xterm modifyOtherKeys', () => {
    expect(typed('\x1b[13u')).toBe('\r');
    expect(typed('\x1b[49:33;2u')).toBe('!'); // with the shifted key given
    expect(typed('\x1b[49;2u')).toBe('!'); // without: the US layout
    expect(typed('\x1b[49;2;33u')).toBe('!'); // with the text it makes
    expect(typed('\x1b[33u')).toBe('!');
    expect(typed('\x1b[97;2u')).toBe('A');
    expect(typed('\x1b[99;5u')).toBe('\x03'); // Ctrl-C
    expect(typed('\x1b[127u', '\x1b[57414u')).toBe('\x7f\r');
    expect(typed('\x1b[27;2;33~')).toBe('!');
    expect(typed('\x1b[97;1;35760:24471u')).toBe('记得');
    // Releases and modifiers pressed alone type nothing.
    expect(events('\x1b[49:33;2:3u', '\x1b[13;1:3u', '\x1b[57441;2u')).toEqual([{ kind: 'none' }, { kind: 'none' }, { kind: 'none' }]);
    expect(events('\x1b[99;3u')).toEqual([{ kind: 'other' }]); // Alt-c
    // Shift+Enter adds a line to a multi-line prompt, Shift+Tab switches modes: neither is Enter or Tab.
    expect(events('\x1b[13;2u', '\x1b[27;2;13~', '\x1b[9;2u')).toEqual([{ kind: 'other' }, { kind: 'other' }, { kind: 'other' }]);
  });

  it('reads editing keys and paste marks', () => {
    expect(events('\x1b[D', '\x1bOC', '\x1b[1~', '\x1b[F', '\x1b[3~', '\x1b[A', '\x1b[200~', '\x1b[201~', '\x1b[1;1:3D')).toEqual([
      { kind: 'move', to: 'left' },
      { kind: 'move', to: 'right' },
      { kind: 'move', to: 'home' },
      { kind: 'move', to: 'end' },
      { kind: 'delete' },
      { kind: 'history' },
      { kind: 'paste', start: true },
      { kind: 'paste', start: false },
      { kind: 'none' },
    ]);
    expect(events('\x1b[1;5D')).toEqual([{ kind: 'other' }]); // Ctrl-Left: a word, by rules of its own
  });

  it('carries a sequence cut between reads, but a lone ESC at the end of a read is the Esc key', () => {
    expect(events('\x1b[4;', '1R')).toEqual([{ kind: 'report' }]);
    expect(events('\x1b]11;rgb:00', '00/0000/0000\x07')).toEqual([{ kind: 'report' }]);
    expect(events('\x1b', 'x')).toEqual([{ kind: 'escape' }, { kind: 'char', ch: 'x' }]);
    expect(events('\x1b\x1b')).toEqual([{ kind: 'escape' }, { kind: 'escape' }]);
    expect(events('\x1bx')).toEqual([{ kind: 'other' }]); // Alt-x
  });

  it('gives back every byte it read, in order, however the input is cut', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 4 }),
      fc.constantFrom('\x1b[?1;2c', '\x1b[4;1R', '\x1b[49:33;2u', '\x1b[13u', '\x1b]11;rgb:0/0/0\x07', '\x1b[A', '\x1b', '\x1b[200~', '\r', '\x7f'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.array(fc.nat(40), { maxLength: 5 }), (pieces, cuts) => {
        const text = pieces.join('');
        const at = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
        const reads = [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
        const r = new KeyReader();
        const raw = reads.map((t) => r.read(t).map((k) => k.raw).join('')).join('') + r.pending;
        expect(raw).toBe(text);
      }),
    );
  });
});

describe('a stray escape before typed text', () => {
  it('is no key and never throws (found by the session fuzzer: "ESC [" then "¡ű")', () => {
    expect(() => events('\x1b[', '¡ű')).not.toThrow();
    expect(() => events('\x1b[9999999999u', '\x1b[65;1;x1u')).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { LineEditor } from './line-editor.js';
import { markerText, withinScreenBudget, type TextLine } from './segment.js';
import { segmentSession } from './stream.js';
import { ownKey } from './own-key.js';
import { BLOCK_BEGIN, BLOCK_END } from '../memory-block.js';

function typed(data: string): string[] {
  return new LineEditor().feed(0, data).map((s) => s.text);
}

describe('line editor', () => {
  it('applies backspace, arrows, ^U and ^W', () => {
    expect(typed('helo\x7flo\r')).toEqual(['hello']);
    expect(typed('wrld\x1b[D\x1b[D\x1b[Do\r')).toEqual(['world']);
    expect(typed('junk\x15clean\r')).toEqual(['clean']);
    expect(typed('one two\x17three\r')).toEqual(['one three']);
    expect(typed('abc\x03def\r')).toEqual(['def']);
  });
  it('keeps bracketed paste whole, newlines included', () => {
    expect(typed('\x1b[200~line one\rline two\x1b[201~\r')).toEqual(['line one\nline two']);
  });
  it('marks history recall as uncertain', () => {
    const [s] = new LineEditor().feed(0, '\x1b[A\r');
    expect(s).toBeUndefined();
    const [t] = new LineEditor().feed(0, 'x\x1b[A\r');
    expect(t?.uncertain).toBe(true);
  });
  it('reads a line typed through the kitty keyboard protocol, and ignores what the terminal answered', () => {
    expect(typed('\x1b[?1;2c\x1b[4;1R\x1b[49:33;2u\x1b[49:33;2:3u记得 x\x1b[120u\x1b[127u\x1b[13u')).toEqual(['!记得 x']);
    expect(typed('a\x1b]11;rgb:0000/0000/0000\x1b\\b\x1b[I\r')).toEqual(['ab']);
  });
  it('handles Chinese input', () => {
    expect(typed('日志格式\x7f式\r')).toEqual(['日志格式']);
  });
});

describe('markers', () => {
  it('takes the text after the marker', () => {
    expect(markerText('!记得 用 pnpm 不用 npm', '!记得', true)).toBe('用 pnpm 不用 npm');
    expect(markerText('│ > !记得: 用 pnpm   │', '!记得', false)).toBe('用 pnpm');
    expect(markerText('bash: !记得: event not found', '!记得', false)).toBeUndefined();
    expect(markerText('say !记得 later', '!记得', true)).toBeUndefined();
  });
});

describe('segmentSession', () => {
  const ev = (t: number, code: string, data: string): { t: number; code: string; data: string } => ({ t, code, data });

  it('splits at idle gaps and rebuilds turns', () => {
    const events = [ev(1, 'i', 'first question\r'), ev(2, 'o', 'x'), ev(400, 'i', 'second question\r'), ev(401, 'o', 'y')];
    const lines = [
      { t: 1.1, text: '> first question' },
      { t: 2, text: 'first answer' },
      { t: 401, text: 'second answer' },
    ];
    const segs = segmentSession(events, lines, { idleSplitMinutes: 5, marker: '!记得' });
    expect(segs).toHaveLength(2);
    expect(segs[0]?.turns).toEqual([{ t: 1, user: 'first question', uncertain: false, reply: ['first answer'] }]);
    expect(segs[1]?.turns[0]?.reply).toEqual(['second answer']);
  });

  it('collapses a marker typed and shown to one', () => {
    const events = [ev(1, 'i', '!记得 数据库迁移先在 staging 跑\r')];
    const lines = [{ t: 1.2, text: '> !记得 数据库迁移先在 staging 跑' }];
    const [seg] = segmentSession(events, lines, { idleSplitMinutes: 5, marker: '!记得' });
    expect(seg?.markers).toEqual(['数据库迁移先在 staging 跑']);
  });

  it('drops the lines claude-mem itself printed in the session, however they were spaced or coloured', () => {
    const own = new Set(['[1] [project] the deploy script lives in ops/deploy.sh', 'claude-mem: 1 result in 3.2 ms'].map(ownKey));
    const lines = [
      { t: 1, text: '$ claude-mem list' },
      { t: 1.1, text: '\u001b[1m[1] [project]\u001b[0m  The deploy script lives in ops/deploy.sh' },
      { t: 1.2, text: 'claude-mem: 1 result in 3.2 ms' },
      { t: 2, text: 'The build now runs with make all' },
    ];
    const [seg] = segmentSession([ev(0, 'o', '')], lines, { idleSplitMinutes: 5, marker: '!记得', own });
    expect(seg?.lines.map((l) => l.text)).toEqual(['$ claude-mem list', 'The build now runs with make all']);
  });

  it('in a shell, takes nothing typed inside a full-screen program (vim keystrokes) as a request or a marker', () => {
    const events = [
      ev(1, 'i', 'vim src/cart.js\r'),
      ev(1.5, 'a', 'h'),
      ev(2, 'i', 'cc'),
      ev(2.5, 'i', 'return items.reduce((a, b) => a + b, 0)\r!记得 not a marker\r'),
      ev(3, 'i', '\u001b:wq\r'),
      ev(3.5, 'a', 'l'),
      ev(4, 'i', 'npm test\r'),
    ];
    const [seg] = segmentSession(events, [], { idleSplitMinutes: 5, marker: '!记得', shell: true });
    expect(seg?.inputs.map((i) => i.text)).toEqual(['vim src/cart.js', 'npm test']);
    expect(seg?.markers).toEqual([]);
    // A CLI that draws itself on the alternate screen (not a shell) keeps its inputs.
    const [cli] = segmentSession(events, [], { idleSplitMinutes: 5, marker: '!记得' });
    expect(cli?.inputs.length).toBeGreaterThan(2);
  });

  it("drops claude-mem's own block from lines and input", () => {
    const lines = [
      { t: 1, text: 'hello' },
      { t: 1, text: BLOCK_BEGIN },
      { t: 1, text: '1. [project] the test command is pytest -q' },
      { t: 1, text: BLOCK_END },
      { t: 2, text: 'bye' },
    ];
    const [seg] = segmentSession([ev(0, 'o', '')], lines, { idleSplitMinutes: 5, marker: '!记得' });
    expect(seg?.lines.map((l) => l.text)).toEqual(['hello', 'bye']);
  });
});

describe('private spans', () => {
  const opts = { idleSplitMinutes: 5, marker: '!记得' };
  it('drops <private> spans in any case and spacing, across lines, from screen lines and typed input', () => {
    const screen = [
      { t: 1, text: 'public before <Private >hidden one' },
      { t: 2, text: 'hidden two' },
      { t: 3, text: 'hidden three</ PRIVATE> public after' },
      { t: 4, text: 'plain line' },
    ];
    const events = [{ t: 0.5, code: 'i', data: 'say <PRIVATE>typed secret</private> done\r' }];
    const [seg] = segmentSession(events, screen, opts);
    const text = [...(seg?.lines.map((l) => l.text) ?? []), ...(seg?.inputs.map((i) => i.text) ?? [])].join('\n');
    expect(text).not.toMatch(/hidden|typed secret/);
    expect(text).toContain('public before');
    expect(text).toContain('public after');
    expect(text).toContain('plain line');
    expect(text).toContain('done');
  });

  it('hides everything to the end of the segment after a tag left open, and no further', () => {
    const screen = [
      { t: 1, text: 'visible' },
      { t: 2, text: 'start <private> secret' },
      { t: 3, text: 'still secret' },
      // Ten idle minutes later: a new segment, visible again.
      { t: 700, text: 'next segment is visible' },
    ];
    const segs = segmentSession([], screen, opts);
    expect(segs.map((s) => s.lines.map((l) => l.text))).toEqual([['visible', 'start '], ['next segment is visible']]);
  });
});

describe('terminal answers on the input side', () => {
  it('are never typed text: DA, XTVERSION, cursor reports, focus events, OSC colour answers', () => {
    const answers = '\x1b[?64;1;2;6;9;15;18;21;22c\x1bP>|tmux 3.3a\x1b\\\x1b[12;5R\x1b[I\x1b[O\x1b]11;rgb:0000/0000/0000\x07\x1b]10;rgb:ffff/ffff/ffff\x1b\\';
    expect(typed(`${answers}ls -la\r`)).toEqual(['ls -la']);
    expect(typed(`git st${answers}atus\r`)).toEqual(['git status']);
  });
});

describe('turns', () => {
  it('gives each reply line to the turn echoed last before it, even when every line was finished at exit', () => {
    const events = [
      { t: 1, code: 'i', data: 'where are the flags?\r' },
      { t: 5, code: 'i', data: 'ok\r' },
      { t: 8, code: 'i', data: 'exit\r' },
    ];
    // A screen that never scrolled: every line comes out at the end.
    const screen = ['Stand-in CLI v1', '> where are the flags?', 'Flags live in config/flags.yaml.', '> ok', 'Anything else?', '> exit', 'bye'].map((text) => ({ t: 9, text }));
    const [seg] = segmentSession(events, screen, { idleSplitMinutes: 20, marker: '!记得' });
    expect(seg?.turns.map((t) => [t.user, t.reply])).toEqual([
      ['where are the flags?', ['Flags live in config/flags.yaml.']],
      ['ok', ['Anything else?']],
      ['exit', ['bye']],
    ]);
  });

  it('falls back to time when the screen never shows what was typed', () => {
    const events = [
      { t: 1, code: 'i', data: 'a\r' },
      { t: 5, code: 'i', data: 'b\r' },
    ];
    const screen = [
      { t: 2, text: 'first answer' },
      { t: 6, text: 'second answer' },
    ];
    const [seg] = segmentSession(events, screen, { idleSplitMinutes: 20, marker: '!记得' });
    expect(seg?.turns.map((t) => t.reply)).toEqual([['first answer'], ['second answer']]);
  });
});

describe('partial redraws', () => {
  it('keeps only the finished state of a line a TUI redrew while streaming', async () => {
    const { dropPartialRedraws } = await import('./segment.js');
    expect(dropPartialRedraws(['Decided to use und', 'Decided to use undici for', 'Decided to use undici for HTTP.', 'We compared axios and got.', 'We compared axios and got.'])).toEqual([
      'Decided to use undici for HTTP.',
      'We compared axios and got.',
    ]);
    // Different lines that merely share a start both stay.
    expect(dropPartialRedraws(['- run make test', '- run make lint'])).toEqual(['- run make test', '- run make lint']);
  });
});

describe('screen budget', () => {
  const flood = (n: number): TextLine[] => Array.from({ length: n }, (_, i) => ({ t: i, text: `line ${String(i).padStart(4, '0')} of the build output` }));
  const input = (text: string, t: number) => ({ t, text, uncertain: false });

  it('leaves a segment within the budget as it is', () => {
    const lines = flood(10);
    expect(withinScreenBudget(lines, [], '!记得', 10_000)).toBe(lines);
  });

  it("keeps a flood's head and tail, and from its middle only markers and the echoes of what was submitted", () => {
    const lines = flood(1000);
    lines[500] = { t: 500, text: '!记得 the staging database is read-only' };
    lines[600] = { t: 600, text: '❯ npm run build --verbose' };
    const budget = 100 * (lines[0]?.text.length ?? 0);
    const kept = withinScreenBudget(lines, [input('npm run build --verbose', 599)], '!记得', budget);
    const texts = kept.map((l) => l.text);
    expect(texts.slice(0, 25)).toEqual(lines.slice(0, 25).map((l) => l.text));
    expect(texts.slice(-75)).toEqual(lines.slice(-75).map((l) => l.text));
    expect(texts).toContain('!记得 the staging database is read-only');
    expect(texts).toContain('❯ npm run build --verbose');
    expect(texts).not.toContain(lines[300]?.text);
    expect(kept.length).toBe(25 + 2 + 75);
    // Still in time order.
    expect(kept.map((l) => l.t)).toEqual([...kept.map((l) => l.t)].sort((a, b) => a - b));
  });

  it('gives a turn the tail of its flooded reply in a whole session', () => {
    const events = [{ t: 0, code: 'i', data: 'make test\r' }];
    const screen = [{ t: 0.1, text: '$ make test' }, ...Array.from({ length: 3000 }, (_, i) => ({ t: 1 + i / 1000, text: `ok ${i} `.repeat(200) })), { t: 5, text: 'Decided: the flaky test is quarantined.' }];
    const [seg] = segmentSession(events, screen, { idleSplitMinutes: 5, marker: '!记得' });
    const reply = seg?.turns[0]?.reply ?? [];
    expect(reply.at(-1)).toBe('Decided: the flaky test is quarantined.');
    const chars = (seg?.lines ?? []).reduce((n, l) => n + l.text.length, 0);
    expect(chars).toBeLessThanOrEqual(2_000_000);
    expect(chars).toBeGreaterThan(1_500_000);
    expect(seg?.turns[0]?.user).toBe('make test');
  });
});

/**
 * A pattern compiled when it is first used. The shapes' patterns hold
 * Unicode classes, and building them all cost a process ~15 ms when the
 * store was loaded, on a launch that only reads.
 */
export class LazyPattern {
  private compiled: RegExp | undefined;
  constructor(
    readonly source: string,
    private readonly flags: string,
  ) {}

  private get re(): RegExp {
    return (this.compiled ??= new RegExp(this.source, this.flags));
  }

  exec(s: string): RegExpExecArray | null {
    return this.re.exec(s);
  }

  test(s: string): boolean {
    return this.re.test(s);
  }
}

/** What a shape needs of a pattern (a RegExp or a LazyPattern). */
export interface Pattern {
  readonly source: string;
  exec(s: string): RegExpExecArray | null;
  test(s: string): boolean;
}

/** Words as the alternatives of a pattern, longest first (so "increased" is tried before "increase", 放在 before 在). */
export const longestFirst = (words: readonly string[]): string => [...words].sort((a, b) => b.length - a.length).join('|');

/** A word or phrase of a lexicon as a pattern: its metacharacters escaped, each space any run of spaces. */
export const phrasePattern = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

/** Phrases as the alternatives of a pattern, longest first. */
export const longestPhrasesFirst = (phrases: readonly string[]): string => [...phrases].sort((a, b) => b.length - a.length).map(phrasePattern).join('|');

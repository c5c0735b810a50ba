// How a subject's value is shaped, read by the writer (frame-match.ts,
// subject-decision.ts) and by the block's conflict judge (inject/select.ts):
// its own file, so the launch's reader does not load the statement rules.

/**
 * A value's shape, as the store holds it: one with a number in it (3000,
 * 250ms, Next.js 15) or one in words only ("pytest -q", snake_case). A
 * subject held in words is restated in words; a number said of it counts
 * something else ("I ran the test command 3 times", "test command: 3
 * failures today"). Both the learned frame (frame-match.ts) and the patterns' subject
 * decision (store/subject-decision.ts) go by it.
 */
export function holdsNumber(value: string): boolean {
  return /\d/.test(value);
}

/** A value that starts as a value token does: "3 failures", "$500", "3x faster". */
export function ledByNumber(value: string): boolean {
  return /^[$€£¥]?\d/u.test(value);
}

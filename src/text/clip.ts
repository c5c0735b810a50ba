/**
 * At most n code points: n - 1 and an ellipsis when cut. It walks only as
 * far as it keeps: one turn of a session with no idle gap can hold
 * megabytes, and spreading those into an array of characters was the
 * peak of a 1 GB log's distill (bench/biglog.mjs).
 */
export function clipChars(s: string, n: number): string {
  if (s.length <= n) return s;
  let at = 0;
  let cut = 0;
  for (let k = 0; k < n; k++) {
    if (at >= s.length) return s;
    if (k === n - 1) cut = at;
    at += (s.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  }
  return at >= s.length ? s : `${s.slice(0, cut)}…`;
}

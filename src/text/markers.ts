/**
 * The explicit "remember this" marker and its aliases. The configured
 * marker (watch.prompt_marker, "!记得" by default) is always one; with the
 * default, English speakers get "!remember" too, so nobody has to type in
 * another language to be remembered. A user who sets their own marker gets
 * exactly that one. Pure.
 */
import lexicon from './lexicon/markers.json' with { type: 'json' };

export const DEFAULT_MARKER = lexicon.default;

/** Every marker a line may start with, the configured one first. */
export function markersOf(configured: string): string[] {
  if (!configured) return [];
  return configured === DEFAULT_MARKER ? [configured, ...lexicon.aliases] : [configured];
}

/** Where the first marker in `line` is, and which; a marker that ends in a letter must end its word ("!remembered" is none). */
export function markerIn(line: string, configured: string): { at: number; marker: string } | undefined {
  let best: { at: number; marker: string } | undefined;
  for (const marker of markersOf(configured)) {
    let from = 0;
    for (;;) {
      const at = line.indexOf(marker, from);
      if (at < 0) break;
      const next = line[at + marker.length] ?? '';
      if (!(/\p{L}$/u.test(marker) && /^\p{L}/u.test(next))) {
        if (!best || at < best.at) best = { at, marker };
        break;
      }
      from = at + 1;
    }
  }
  return best;
}

export const hasMarker = (line: string, configured: string): boolean => markerIn(line, configured) !== undefined;

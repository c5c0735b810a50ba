/**
 * The kinds of value a sentence states, by their shape: two statements of one
 * thing state values of one kind (a host and a host, a time and a time), so
 * "11% of users are still on iOS 16" is no new value of "the deployment
 * target is iOS 16.4" however near in words. Shapes, not words: no list of
 * things or units beyond the few ways a quantity is written. Pure.
 */
export type ValueKind = 'host' | 'time' | 'percent' | 'duration' | 'rate' | 'version' | 'schedule' | 'identifier' | 'number';

const SHAPES: Array<[ValueKind, RegExp]> = [
  ['host', /[a-z][\w-]*:\/\/|\b[a-z0-9-]+(?:\.[a-z0-9-]+){2,}\b/i],
  ['schedule', /(?:^|\s)(?:[\d*][\d*/,-]*\s+){4}[\d*][\d*/,-]*(?=\s|$|[)）,，.。])/u],
  ['time', /\b\d{1,2}:\d{2}\b/],
  ['percent', /\d(?:[\d.]*)\s?%/],
  ['rate', /\d[\d,.]*\s?(?:req|requests?|rpm|rps|qps|calls?)\s*(?:\/|per\s)/i],
  ['duration', /\d[\d.]*\s?(?:ms|s|sec|secs|seconds?|mins?|minutes?|h|hrs?|hours?|d|days?|weeks?)\b|\d+\s?(?:毫秒|秒|分钟|小时|天|周)/i],
  ['version', /\b[vV]?\d+\.\d+(?:\.\d+)?\b/],
  ['identifier', /\b[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+\b|`[^`\n]+`/],
  ['number', /\d/],
];

/**
 * The value's kinds, most telling first: a quantity with its unit or shape,
 * else a bare number, else an identifier. A capitalised name was a kind too:
 * it moved nothing on evolve-2 and cost LoCoMo's conversation turns (people's
 * names are in every line), so it is not one. A
 * sentence that holds a quantity states that quantity; the names around it
 * are what it is about ("Android API level 26", "7% of users").
 */
const TIERS: ValueKind[][] = [['host', 'schedule', 'time', 'percent', 'rate', 'duration', 'version'], ['number'], ['identifier']];

export function valueKinds(sentence: string): Set<ValueKind> {
  const found = new Set<ValueKind>();
  for (const [kind, shape] of SHAPES) if (shape.test(sentence)) found.add(kind);
  for (const tier of TIERS) {
    const kinds = tier.filter((k) => found.has(k));
    if (kinds.length) return new Set(kinds);
  }
  return found;
}

export const shareKind = (a: ReadonlySet<ValueKind>, b: ReadonlySet<ValueKind>): boolean => [...a].some((k) => b.has(k));

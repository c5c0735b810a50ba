// Scoring for the truth-over-time bench (shared/eval/evolve/README.md), pure
// so the bench's arithmetic is tested on its own (tests/evolve-score.test.ts).

/** The turns the stand-in CLI plays: a "> " line is typed, the lines after it are its answer. */
export function turnsOf(transcript) {
  const turns = [];
  for (const line of transcript) {
    if (line.startsWith('> ')) turns.push({ user: line.slice(2), assistant: '' });
    else if (turns.length) turns.at(-1).assistant = turns.at(-1).assistant ? `${turns.at(-1).assistant}\n${line}` : line;
  }
  return turns;
}

/** `start` + `day` days, at the given minute of the day, as faketime takes it ("2026-03-03 09:20:00"). */
export function stampOf(start, day, minute) {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + day);
  d.setUTCMinutes(minute);
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * How the value a probe asks for came to be: the kind of the last session
 * about its slot up to the probe's day (intro when it never changed; a
 * refused proposal counts as reject, since that is what the probe tests).
 */
export function changeKindOf(probe, sessions) {
  const about = sessions.filter((s) => s.slot === probe.slot && s.day <= probe.day);
  return about.at(-1)?.kind ?? 'intro';
}

export const languageOf = (text) => (/[\u4e00-\u9fff]/.test(text) ? 'zh' : 'en');

/**
 * One probe's verdicts. `hits` are the query's results, best first, each
 * with its text; `block` is the injected block. A value counts when the
 * memory's own text holds it (a supplement is not what a reader is shown first).
 */
export function scoreProbe(probe, hits, block) {
  const holds = (text, v) => text.includes(v);
  const current = (text) => holds(text, probe.current);
  const staleOnly = (text) => !current(text) && probe.stale.some((v) => holds(text, v));
  const top = hits[0]?.text ?? '';
  const lines = block.split('\n');
  return {
    current_at_1: current(top),
    current_at_3: hits.slice(0, 3).some((h) => current(h.text)),
    stale_at_1: staleOnly(top),
    block_current: current(block),
    block_stale: lines.some(staleOnly),
  };
}

const VERDICTS = ['current_at_1', 'current_at_3', 'stale_at_1', 'block_current', 'block_stale'];

/** Counts of each verdict over the scored probes, grouped by a key of each. */
export function tally(scored, keyOf) {
  const groups = new Map();
  for (const s of scored) {
    const k = keyOf(s);
    const g = groups.get(k) ?? { group: k, probes: 0, ...Object.fromEntries(VERDICTS.map((v) => [v, 0])) };
    g.probes++;
    for (const v of VERDICTS) if (s.verdict[v]) g[v]++;
    groups.set(k, g);
  }
  return [...groups.values()];
}

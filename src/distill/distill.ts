import { dominantLanguage } from '../text/index.js';
import type { Candidate } from '../text/index.js';
import type { Segment } from '../segmenter/index.js';
import { classify } from './classify.js';
import { entitiesOf } from './entities.js';
import { hasSignal } from './signals.js';
import { cleanLine, sentencesOf } from './sentences.js';
import { condense, extractiveSummary, requestsOf } from './summary.js';

export interface DistillContext {
  agent: string;
  /** The project root: every project and fact memory is bound to it. */
  dir: string;
  sessionId: string;
  /** A reference back into the log for a moment of the session. */
  sourceAt: (t: number) => string;
  /** watch.prompt_marker: its lines are handled as markers, not as sentences. */
  marker: string;
}

export interface Distilled {
  candidates: Candidate[];
  summary: string;
  /** Input for an optional summarizer command, already condensed locally. */
  condensed: string;
  entities: string[];
}

const SHELLS = new Set(['bash', 'sh', 'zsh', 'fish', 'dash', 'ksh', 'tcsh', 'csh', 'nu', 'pwsh', 'xonsh']);

export function isShell(agent: string): boolean {
  return SHELLS.has(agent);
}

/** A question asks; it states nothing worth remembering by itself. */
export function isQuestion(s: string): boolean {
  const t = s.trim();
  return /[?？]$/.test(t) || /^(?:what|how|why|where|when|which|who|can|could|should|is|are|do|does)\b/i.test(t) || /(?:吗|呢|么)[。！]?$|^(?:怎么|为什么|如何|哪|是否)/.test(t);
}

function candidate(ctx: DistillContext, text: string, t: number, explicit = false): Candidate {
  const type = classify(text);
  return {
    type,
    text,
    dir: type === 'global' ? '' : ctx.dir,
    agent: ctx.agent,
    sessionId: ctx.sessionId,
    source: ctx.sourceAt(t),
    explicit,
  };
}

/** Explicit markers: remembered as they stand. Typed and shown copies collapse to one. */
export function markerCandidates(seg: Segment, ctx: DistillContext): Candidate[] {
  return seg.markers.map((m) => candidate(ctx, m, seg.end, true));
}

/**
 * Pure: one finished segment to memory candidates (markers, conclusion
 * sentences) and a summary. Filters beyond exact repeats are the store's.
 */
export function distillSegment(seg: Segment, ctx: DistillContext): Distilled {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const push = (c: Candidate): void => {
    const key = c.text.replace(/\s+/g, ' ').trim().toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push(c);
  };
  for (const c of markerCandidates(seg, ctx)) push(c);

  const conclusions: string[] = [];
  // The CLI's side, turn by turn, so each sentence keeps its moment.
  const replyGroups = seg.turns.length
    ? seg.turns.map((t) => ({ t: t.t, lines: t.reply }))
    : [{ t: seg.start, lines: seg.lines.map((l) => l.text) }];
  // The screen echoes what the user typed, and a line can be finished long
  // after it was typed; no echo of any input is the CLI's answer.
  const typed = seg.inputs.map((i) => i.text.trim()).filter((t) => t.length >= 4);
  const isEcho = (line: string): boolean => typed.some((t) => line.includes(t));
  for (const g of replyGroups) {
    for (const s of sentencesOf(g.lines.filter((l) => !l.includes(ctx.marker) && !isEcho(l)))) {
      if (!hasSignal(s)) continue;
      conclusions.push(s);
      push(candidate(ctx, s, g.t));
    }
  }
  // The user's own statements of decisions or preferences. In a shell what
  // the user types is a command, not a statement: its output speaks instead.
  for (const t of isShell(ctx.agent) ? [] : seg.turns) {
    const u = cleanLine(t.user);
    if (t.uncertain || isQuestion(u) || !hasSignal(u) || u.includes(ctx.marker)) continue;
    push(candidate(ctx, u, t.t));
  }

  const requests = requestsOf(seg, ctx.marker);
  const entities = entitiesOf(
    seg.lines.map((l) => l.text),
    seg.inputs.map((i) => i.text),
  );
  const lang = dominantLanguage([...requests, ...conclusions].join('\n') || 'en');
  const summary = extractiveSummary(ctx.agent, requests, entities, lang);
  if (summary && requests.length >= 2) push({ ...candidate(ctx, summary, seg.end), type: 'fact', dir: ctx.dir, summary: true });
  return { candidates: out, summary, condensed: condense(requests, conclusions, entities, lang), entities };
}

import { hasMarker } from '../text/markers.js';
import { echoHider, privateSpans } from '../text/private-echo.js';
import { dominantLanguage, isTrivia, weightedLength } from '../text/index.js';

/** "好的，记住了", "ok got it": an acknowledgement this short states nothing of its own. */
const ACK_MAX = 20;
import type { Candidate } from '../text/index.js';
import type { Segment } from '../segmenter/index.js';
import { classify, standingLine } from './classify.js';
import { entitiesOf } from './entities.js';
import { hasEventSignal, hasSignal } from './signals.js';
import { statesUserValue } from './user-statement.js';
import { codeWordsOf } from './code-words.js';
import { cleanLine, sentencesOf } from './sentences.js';
import { condense, extractiveSummary, requestsOf, transcriptReply, turnTranscript } from './summary.js';
import { isGeneralQuestion, userAsks } from './questions.js';
import { pickPassages } from './answers.js';
import { acceptedProposals, diffChanges } from './structures.js';
import { isAcknowledgement } from './worth.js';
import { statementOf } from '../text/statement.js';
import type { Speaker } from './classify.js';

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

import { isShell } from '../agents.js';

export { isShell };

export { isQuestion } from './questions.js';

function candidate(ctx: DistillContext, text: string, t: number, speaker: Speaker, explicit = false): Candidate {
  const type = classify(text, speaker);
  return {
    type,
    text,
    dir: type === 'global' ? '' : ctx.dir,
    agent: ctx.agent,
    sessionId: ctx.sessionId,
    source: ctx.sourceAt(t),
    explicit,
    // A marker is the user's own line, typed on purpose: reviewed at birth.
    ...(explicit ? { reviewed: true } : {}),
  };
}

const SLASH_COMMAND = /^\/[a-z][\w-]*(?:\s|$)/i;

/** A turn that asked or requested something: its answer is what the session established. */
function asks(user: string): boolean {
  return [...user].length >= 3 && !isTrivia(user);
}

/** Explicit markers: remembered as they stand. Typed and shown copies collapse to one. */
export function markerCandidates(seg: Segment, ctx: DistillContext): Candidate[] {
  return seg.markers.map((m) => candidate(ctx, m, seg.markerAt?.[m] ?? seg.end, 'explicit', true));
}

/**
 * Pure: one finished segment to memory candidates (markers, conclusion
 * sentences) and a summary. Filters beyond exact repeats are the store's.
 */
export function distillSegment(seg: Segment, ctx: DistillContext): Distilled {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const hide = privateEchoHider(seg);
  const push = (given: Candidate): void => {
    const c = hide === undefined ? given : { ...given, text: hide(given.text) };
    const key = c.text.replace(/\s+/g, ' ').trim().toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    // What it states is looked for here, in the distiller's thread, so the writing thread need not.
    out.push(c.statement === undefined ? { ...c, statement: statementOf(c.text) ?? null } : c);
  };
  for (const c of markerCandidates(seg, ctx)) push(c);

  const conclusions: string[] = [];
  // The CLI's side, turn by turn, so each sentence keeps its moment.
  const replyGroups = seg.turns.length
    ? seg.turns.map((t) => ({ t: t.t, lines: t.reply, user: cleanLine(t.user) }))
    : [{ t: seg.start, lines: seg.lines.map((l) => l.text), user: '' }];
  // The screen echoes what the user typed, and a line can be finished long
  // after it was typed; no echo of any input is the CLI's answer.
  const typed = seg.inputs.map((i) => i.text.trim()).filter((t) => t.length >= 4);
  const isEcho = (line: string): boolean => typed.some((t) => line.includes(t));
  const shell = isShell(ctx.agent);
  const transcript: Array<{ t: number; user: string; reply: string }> = [];
  for (const g of replyGroups) {
    // A slash command (/exit, /model) is the CLI's own business; what it shows is a menu.
    if (!shell && SLASH_COMMAND.test(g.user)) continue;
    const sentences = sentencesOf(g.lines.filter((l) => !hasMarker(l, ctx.marker) && !isEcho(l)));
    if (!hasMarker(g.user, ctx.marker)) transcript.push({ t: g.t, user: g.user, reply: transcriptReply(sentences) });
    // A shell prints command output, not answers, and output nobody asked
    // for (no turn) answers nothing: only stated conclusions count there.
    // A question about the world (what is a monad) is answered with what the model knows already.
    const kept = shell || !seg.turns.length ? sentences.filter(hasSignal) : isGeneralQuestion(g.user) ? [] : pickPassages(sentences, asks(g.user) ? g.user : undefined);
    for (const s of kept) {
      conclusions.push(s);
      push(candidate(ctx, s, g.t, 'assistant'));
    }
    // A diff shown on screen says a key's new value (structures.ts).
    for (const change of diffChanges(g.lines)) push(candidate(ctx, change, g.t, 'assistant'));
  }
  // A value the assistant proposed and the user accepted is the user's statement (structures.ts).
  if (!shell) for (const a of acceptedProposals(seg.turns.map((t) => ({ user: cleanLine(t.user), reply: t.reply })))) push(candidate(ctx, a.text, seg.turns[a.turn]?.t ?? seg.end, 'user'));
  // The user's own statements: standing instructions and preferences
  // (global unless they name the project), decisions. In a shell what the
  // user types is a command, not a statement: its output speaks instead.
  // Read from the whole segment once, and only when a user line states a plain word (user-statement.ts).
  let codeWords: Set<string> | undefined;
  const writtenAsCode = (word: string): boolean => (codeWords ??= codeWordsOf([...seg.lines.map((l) => l.text), ...seg.inputs.map((i) => i.text)])).has(word);
  for (const t of shell ? [] : seg.turns) {
    const u = cleanLine(t.user);
    if (t.uncertain || userAsks(u) || hasMarker(u, ctx.marker) || isTrivia(u) || (isAcknowledgement(u) && weightedLength(u) < ACK_MAX)) continue;
    const c = candidate(ctx, u, t.t, 'user');
    // What the user states of a thing is what they would otherwise paste again tomorrow (user-statement.ts). A subject's
    // name alone is as often a request ("look at the test command"), and a plain word a report ("the pipeline is red").
    if (c.type === 'global' || standingLine(u) || hasEventSignal(u) || statesUserValue(u, writtenAsCode)) push(c);
  }

  const requests = requestsOf(seg, ctx.marker);
  const entities = entitiesOf(
    seg.lines.map((l) => l.text),
    seg.inputs.map((i) => i.text),
  );
  const lang = dominantLanguage([...requests, ...conclusions].join('\n') || 'en');
  const summary = extractiveSummary(ctx.agent, requests, entities, lang);
  // The summary is the session's (its record, the next launch's query, the viewer), never a memory: stored as a fact, "bash
  // session: git status; touched git status" came up for "port" and "python version" and said nothing true of the project.
  const turns = turnTranscript(transcript);
  const condensed = [condense(requests, conclusions, entities, lang), turns && `${lang === 'zh' ? '对话' : 'Turns'}:\n${turns}`].filter(Boolean).join('\n');
  return hide === undefined ? { candidates: out, summary, condensed, entities } : { candidates: out, summary: summary && hide(summary), condensed: hide(condensed), entities };
}

/** A hider of what the session's `<private>` spans said, if it has any (private-echo.ts). */
function privateEchoHider(seg: Segment): ((text: string) => string) | undefined {
  const all = [...seg.inputs.map((i) => i.text), ...seg.turns.map((t) => t.user), ...seg.lines.map((l) => l.text)].join('\n');
  if (!/<\s*private/i.test(all)) return undefined;
  return echoHider(privateSpans(all));
}

export { distillSegment, markerCandidates, type DistillContext, type Distilled } from './distill.js';
export { classify } from './classify.js';
export { hasSignal, SIGNALS_EN, SIGNALS_ZH } from './signals.js';
export { sentencesOf, splitSentences, cleanLine, paragraphs } from './sentences.js';
export { entitiesOf } from './entities.js';
export { condense, extractiveSummary, clipWeighted, turnTranscript, CONDENSED_MAX_CHARS, SUMMARIZER_INPUT_MAX } from './summary.js';
export { extractive, cleanSummary, parseSummarizerReply, MAX_SUMMARIZER_MEMORIES, type Summarizer, type SummarizerReply, type SummarizerMemory } from './summarizer.js';
export { dropRepeats, RepeatFilter, REPEAT_CONTAINMENT } from './repeats.js';

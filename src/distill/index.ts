export { distillSegment, markerCandidates, type DistillContext, type Distilled } from './distill.js';
export { classify } from './classify.js';
export { hasSignal, SIGNALS_EN, SIGNALS_ZH } from './signals.js';
export { sentencesOf, splitSentences, cleanLine, paragraphs } from './sentences.js';
export { entitiesOf } from './entities.js';
export { condense, extractiveSummary, CONDENSED_MAX_CHARS } from './summary.js';
export { extractive, cleanSummary, type Summarizer } from './summarizer.js';
export { dropRepeats, REPEAT_CONTAINMENT } from './repeats.js';

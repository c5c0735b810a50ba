export { MEMORY_TYPES, type MemoryType, type Candidate } from './candidate.js';
export { redact, onlyRedacted, entropy, looksRandom } from './redact.js';
export { isTrivia, isTooShort, isLowValue, isCorrection, overlapWith, weightedLength, MIN_MEMORY_CHARS, MAX_OVERLAP } from './filters.js';
export {
  ftsMatchQuery,
  ftsQueryTerms,
  quoteTerm,
  indexTerms,
  likeTerms,
  queryWords,
  tokenSet,
  overlapRatio,
  dominantLanguage,
  bigrams,
  cjkRuns,
  latinWords,
  STOPWORDS,
  MAX_QUERY_TERMS,
} from './terms.js';
export { cosine, dot, dotSparse, sparseOf, unitOf, type SparseVector } from './cosine.js';
export { TEAM_AGENT_PREFIX, teamAgent, teamAuthorOf } from './team-agent.js';
export { clipChars } from './clip.js';
export { editDistance, closest } from './edit-distance.js';

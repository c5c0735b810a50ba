export {
  selectMemories,
  orderSelected,
  findConflicts,
  conflictThreshold,
  ancestorsOf,
  type Selected,
  type SelectOptions,
  type BlockMemory,
  type BlockCandidates,
  type FactHit,
  type ConflictMemo,
} from './select.js';
export { fitBudget, type Ranked } from './budget.js';
export { formatBlock, formatLine, type BlockItem, type BlockLanguage } from './format.js';
export { loadTokenCounter, type TokenCounter } from './tokens.js';
export { piecewiseCounter, tokenPieces, type CountMemo } from './token-pieces.js';
export { buildLaunchQuery, promptFromArgs, type LaunchFacts } from './launch-query.js';
export { BUILTIN_ADAPTERS, chooseAdapter, planAdapter, tomlString, CONTEXT_ENV, CONTEXT_FILE_ENV, type AdapterPlan } from './adapters/builtin.js';
export { buildBlock, EMPTY_BLOCK, type BuiltBlock, type BlockOptions } from './build.js';

import type { Config, Paths } from '../config/index.js';
import type { Summarizer } from '../distill/index.js';
import type { Stores, WriteResult } from '../store/index.js';
import type { SkipReason } from './skip-reasons.js';

export type ProcessMode = 'full' | 'markers' | 'live';

export interface ProcessReport {
  sessionId: string;
  /** Whether the CLI's own transcript was read (and if not, why: the screen was used instead). */
  transcript?: { used: boolean; detail: string; skipped?: { malformed: number; unknown: number } };
  skipped?: SkipReason;
  written: number;
  results: WriteResult[];
}

/** What processing one session is given. */
export interface SessionJob {
  stores: Stores;
  paths: Paths;
  config: Config;
  sessionId: string;
  mode: ProcessMode;
  summarizer: Summarizer;
}

/** What the distilled segments leave for the end of the session's processing. */
export interface Distillate {
  summary: string | undefined;
  condensed: string;
  /** When the last distilled segment ended (none: undefined). */
  lastEnd: number | undefined;
}

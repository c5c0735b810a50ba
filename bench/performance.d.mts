// Types for bench/performance.mjs, imported by tests/performance-table.test.ts.
export interface ResultFiles {
  bench?: unknown;
  locomo?: unknown;
  recall?: unknown;
  evolve?: unknown;
  beam?: unknown;
}
export const RESULTS: string;
export const START: string;
export const END: string;
export function renderPerformance(results: ResultFiles): string;
export function readResults(dir?: string): ResultFiles;
export function splicePerformance(readme: string, section: string): string;
export function writeReadme(path?: string): boolean;

/**
 * Entities: the paths, identifiers and commands a session touched. They
 * are what the periodic fallback folds into the running summary.
 */
const BACKTICK = /`([^`\n]{2,120})`/g;
const PATH = /(?:^|[\s('"])((?:\.{0,2}\/)?(?:[\w@.-]+\/)+[\w@.-]+|[\w-]+\.(?:ts|tsx|js|mjs|cjs|py|go|rs|java|rb|json|ya?ml|toml|sql|md|sh|css|html))(?=$|[\s)'",.:;])/g;
const COMMAND = /^(?:npm|pnpm|yarn|npx|bun|pytest|make|cargo|go|python3?|node|tsc|vitest|jest|docker|kubectl|git|pip|uv|poetry|ruff|eslint|prettier|gradle|mvn)\b[^\n]{0,100}/;

export function entitiesOf(lines: string[], typed: string[]): string[] {
  const out = new Set<string>();
  for (const l of lines) {
    for (const m of l.matchAll(BACKTICK)) out.add((m[1] ?? '').trim());
    for (const m of l.matchAll(PATH)) {
      const p = (m[1] ?? '').replace(/[.:]+$/, '');
      // URLs and version numbers look like paths; leave them out.
      if (p && !/^\d+(?:\.\d+)+$/.test(p) && !/^(?:https?|ftp):/.test(p)) out.add(p);
    }
  }
  for (const t of typed) {
    const m = COMMAND.exec(t.trim());
    if (m) out.add(m[0].trim());
  }
  return [...out].filter((e) => e.length >= 2).slice(0, 40);
}

import type { MemoryType } from '../text/index.js';

/**
 * Classification rules, in order (documented in docs/distill.md):
 * 1. global — the user's own habits and preferences, true in any repository:
 *    "I prefer…", "我习惯…", "always answer in Chinese", "commit messages in…".
 * 2. project — this repository's commands, paths, layout and conventions:
 *    a build/test/run command, a file path, "this repo", naming rules, tables.
 * 3. fact — every other conclusion; facts are ranked by similarity and decay.
 */
const GLOBAL_PATTERNS: RegExp[] = [
  // "I", not "we": what a team uses is a decision about the code, a project memory.
  /\bi\s+(?:always\s+|usually\s+|generally\s+)?(?:prefer|like|love|hate|dislike|use|write|want)\b/i,
  /\bmy\s+(?:preference|habit|style|editor|shell)\b/i,
  /\b(?:always|please)\s+(?:answer|reply|respond|write|explain|talk)\b/i,
  /\b(?:answer|reply|respond)\s+(?:to me\s+)?in\s+(?:chinese|english|japanese)\b/i,
  /\bcommit messages?\s+(?:in|should|must)\b/i,
  /(?:我|本人)(?:一般|通常|总是|平时|习惯|喜欢|偏好|倾向|更喜欢|不喜欢|讨厌|常用)/,
  /(?:请|要)?(?:总是|始终|一律)?用(?:中文|英文|简体中文)(?:回复|回答|交流|写)/,
  /(?:提交信息|commit\s*message)(?:用|使用|写成)/i,
  /我的(?:习惯|偏好|风格)/,
];

const PROJECT_PATTERNS: RegExp[] = [
  // A team's decision about the code ("from now on we use bun", "我们统一用 pnpm"): the project's, not the person's.
  /\b(?:we|we'll|we will|let's|let us)\s+(?:now\s+|always\s+)?(?:use|switch|move|adopt|keep|pin|stick)\b/i,
  /\b(?:from now on|going forward)\b/i,
  /(?:我们|以后|今后|从现在起|统一)(?:都|就)?(?:用|使用|改用|采用|换成)/,
  /`[^`]+`/,
  /\b(?:npm|pnpm|yarn|npx|bun|pytest|make|cargo|go|python3?|node|tsc|vitest|jest|docker|kubectl|gradle|mvn|pip|uv|poetry|ruff|eslint|prettier)\s+[\w-]/,
  /\b(?:test|build|lint|start|deploy|run|dev|format)\s+(?:command|script|target)s?\b/i,
  /(?:测试|构建|编译|启动|部署|运行|格式化|检查)(?:命令|脚本)/,
  /(?:^|[\s(])(?:\.{0,2}\/)?(?:[\w.-]+\/)+[\w.-]+/,
  /\b[\w-]+\.(?:ts|tsx|js|mjs|py|go|rs|java|rb|json|ya?ml|toml|sql|md|sh)\b/,
  /\b(?:this|the)\s+(?:repo|repository|project|codebase|table|schema|service|module)\b/i,
  /(?:本|这个|该)?(?:项目|仓库|目录|代码库|模块|服务)(?:里|中|的|下)/,
  /\b(?:naming|convention|camelCase|snake_case|kebab-case|PascalCase)\b/,
  /(?:命名|约定|规范|表结构|数据表|字段)/,
  /\b(?:table|column|index|migration)\b/i,
];

export function classify(text: string): MemoryType {
  if (GLOBAL_PATTERNS.some((r) => r.test(text))) {
    // "I use pytest -q here" is about the project, not the person.
    if (!/\b(?:here|in this (?:repo|project))\b|(?:这个|本)(?:项目|仓库)/i.test(text)) return 'global';
  }
  if (PROJECT_PATTERNS.some((r) => r.test(text))) return 'project';
  return 'fact';
}

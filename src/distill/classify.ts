import type { MemoryType } from '../text/index.js';
import { featuresOf } from './features.js';
import { statementOf } from '../text/statement.js';
import { STANDING_LEAD } from '../text/standing-lead.js';

/**
 * Typing rules (documented in docs/design-notes.md, Distillation), by who said it:
 *
 * - global: the user's own habits and standing instructions, true in any
 *   repository ("I prefer…", "always answer in Chinese", "以后回答都用中文",
 *   "from now on, write the failing test first"), unless they name this
 *   project ("we", "this repo", a path or a command).
 * - project: how to work in this directory: commands, where things live,
 *   routes, rules that must hold, naming conventions, team decisions.
 * - fact: a conclusion of a session: what was fixed, found, changed,
 *   decided, its cause, a status (done, blocked, deprecated, pinned), a
 *   value in force. Facts are ranked by similarity and decay.
 *
 * A project marker (a command, a route, a place, a hard rule) outweighs the
 * words of change around it; where neither is strong, change words make a
 * fact. What the user marks explicitly is kept for the directory (project)
 * unless it is a conclusion.
 */
export type Speaker = 'user' | 'assistant' | 'explicit';

const PERSONAL: RegExp[] = [
  // "I", not "we": what a team uses is a decision about the code, a project memory.
  /\bi\s+(?:always\s+|usually\s+|generally\s+)?(?:prefer|like|love|hate|dislike|use|write|want)\b/i,
  /\bmy\s+(?:preference|habit|style|editor|shell)\b/i,
  /\b(?:always|please)\s+(?:answer|reply|respond|write|explain|talk)\b/i,
  /\b(?:answer|reply|respond)\s+(?:to me\s+)?in\s+(?:chinese|english|japanese)\b/i,
  /\bcommit messages?\s+(?:in|should|must)\b/i,
  /(?:我|本人)(?:一般|通常|总是|平时|习惯|喜欢|偏好|倾向|更喜欢|不喜欢|讨厌|常用)/,
  /(?:请|要)?(?:总是|始终|一律)?用(?:中文|英文|简体中文)(?:回复|回答|交流|写)/,
  /(?:回答|回复)(?:我)?(?:都|一律)?(?:用|使用)(?:中文|英文)/,
  /(?:提交信息|commit\s*message)(?:用|使用|写成)/i,
  /我的(?:习惯|偏好|风格)/,
];

/** A standing instruction from the user to the assistant: it holds beyond this turn. */
const STANDING = /\b(?:always|never|from now on|going forward|in future|whenever|every time|please (?:always|never|don't|do not|use|keep|avoid))\b|^(?:please\s+)?(?:use|write|keep|avoid|prefer|don't|do not)\b|以后|今后|从现在起|之后都|每次|一律|总是|始终|不要|别再/i;

/**
 * An instruction is said to the assistant: it opens with a lead or a verb, or
 * names "you" or "please". "线上的导出接口总是超时" says how a thing behaves:
 * its 总是 is no standing instruction, and nothing about it is the user's habit.
 */
const ADDRESSED = /\b(?:you|your|please)\b|^(?:always|never|don't|do not|use|write|keep|avoid|prefer|make sure)\b|请|你|您|给我|帮我|^(?:不要|别|一律|总是|始终|每次|都用|统一)/i;
const addressed = (text: string): boolean => STANDING_LEAD.test(text.trim()) || ADDRESSED.test(text.trim());

/** Naming "we", "this repo" or the team makes a habit the project's. */
const ABOUT_PROJECT = /\b(?:we|we'll|we will|let's|let us|our|here|this (?:repo|repository|project|codebase|service))\b|我们|(?:这个|本|该)(?:项目|仓库|服务)/i;
const TEAM_DECISION = /\b(?:we|we'll|we will|let's|let us)\s+(?:now\s+|always\s+)?(?:use|switch|move|adopt|keep|pin|stick)\b|(?:我们|以后|今后|从现在起)(?:都|就|统一)?(?:用|使用|改用|采用|换成)/i;
/** Hard rules (a soft "统一" or "only" alone is not one). */
const HARD_RULE = /\b(?:must(?:n't| not)?|never|don't|do not|forbid(?:s|den)?|not allowed)\b|必须|不可以|不能|不要|禁止|不允许|务必|只能|一律|规范|约定|命名|\b(?:naming|convention)\b/i;
const PROJECT_WORDS =
  /\b(?:test|build|lint|start|deploy|run|dev|format)\s+(?:command|script|target)s?\b|(?:测试|构建|编译|启动|部署|运行|格式化|检查)(?:命令)|\b(?:this|the)\s+(?:repo|repository|project|codebase)\b|(?:本|这个|该)(?:项目|仓库|代码库)|\b(?:table|column|schema|migrations?)\b|(?:表结构|数据表|字段)|统一(?:用|使用)?/i;

/**
 * A habit is said in a sentence or two. A long message that says "I use" or
 * "I want" on its way to a question ("I'm trying to …, I want to make sure …,
 * can you help me?") is a request about the work at hand, not a preference
 * for every repository: taken as global, it went into every project's block
 * (31 "preferences" from one imported BEAM conversation).
 */
const HABIT_MAX_CHARS = 240;
const ASKS = /\?|？|(?:can|could|would) you|help me|能不能|可以帮|帮我/i;

const longOrAsking = (text: string): boolean => text.length > HABIT_MAX_CHARS || ASKS.test(text);

function personal(text: string): boolean {
  if (longOrAsking(text)) return false;
  return PERSONAL.some((r) => r.test(text)) && !/\b(?:here|in this (?:repo|project))\b|(?:这个|本)(?:项目|仓库)/i.test(text);
}

/** A user's line that says what holds from now on or every time: a rule of the user's or of a thing. */
export function standingLine(text: string): boolean {
  return STANDING.test(text) && !longOrAsking(text);
}

export function classify(text: string, speaker: Speaker = 'explicit'): MemoryType {
  if (speaker !== 'assistant' && personal(text)) return 'global';
  const f = featuresOf(text);
  // A standing instruction said as one ("from now on…", 以后…) is the user's habit however it arrives, typed, marked or
  // remembered. Only the lead counts for a marker or `remember`, where "always"/"never" alone usually state a project's
  // rule ("never migrate staging on Fridays").
  // "线上的导出接口总是超时", "the staging DB is always reset on Mondays": how a thing behaves, a standing fact of the project.
  if (speaker === 'user' && standingLine(text) && !addressed(text)) return 'project';
  if ((speaker === 'user' && standingLine(text)) || (speaker === 'explicit' && STANDING_LEAD.test(text.trim()))) {
    // A standing instruction that sets the value of a thing ("以后发版时间是周三", "from now on the port is 8443") is about
    // that thing, a project's: the user's own habits are said of what the assistant does (PERSONAL, above).
    return ABOUT_PROJECT.test(text) || f.command || f.path || PROJECT_WORDS.test(text) || statementOf(text) !== undefined ? 'project' : 'global';
  }
  const strongProject = f.command || f.route || (f.location && (f.path || f.url || f.properNoun || f.identifier)) || HARD_RULE.test(text) || TEAM_DECISION.test(text);
  if (strongProject) return 'project';
  if (f.change || f.status || f.person) return 'fact';
  if (speaker === 'explicit') return 'project';
  if (f.path || f.envVar || f.location || f.url || PROJECT_WORDS.test(text)) return 'project';
  return 'fact';
}

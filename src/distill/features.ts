/**
 * What a sentence carries: the concrete project entities it names and the
 * words that mark a status, a rule, a change or a cause. Pure; the scoring
 * (worth.ts) and the typing (classify.ts) both read these.
 */

/** A command as typed: a known tool and an argument, or a script run by path. */
const TOOLS =
  'npm|pnpm|yarn|npx|bun|deno|pytest|make|cargo|go|python3?|pip3?|uv|poetry|node|tsc|vitest|jest|docker|docker-compose|kubectl|helm|terraform|git|gh|ruff|eslint|prettier|black|mypy|gradle|mvn|alembic|rails|rake|bundle|composer|php|dotnet|flask|django-admin|manage\\.py|psql|mysql|redis-cli|curl|wget|ssh|scp|rsync|systemctl|brew|apt|apt-get|sudo|bash|sh|zsh';
const COMMAND_AT = `(?:^|[\\s\`'"(：:，,])(?:${TOOLS})\\s+[\\w./:@=<>{}-]`;
const COMMAND = new RegExp(COMMAND_AT, 'i');
/** Every place a command starts in a text (code-words.ts reads each to its end). */
export const COMMANDS = new RegExp(COMMAND_AT, 'gi');
const SCRIPT_RUN = /(?:^|[\s`(])\.{0,2}\/[\w./-]+\.(?:sh|py|js|mjs|rb|pl)\b|(?:^|[\s`(])\.\/[\w.-]+/;
/** `…` spans: a command when it has an argument, otherwise a name. */
export const BACKTICK = /`([^`\n]{1,160})`/g;
const PATH = /(?:^|[\s(`'"：:，,])(?:~?\.{0,2}\/)?(?:[\w@.-]+\/)+[\w@.{}<>-]*|(?:^|[\s(`'"：:，,])[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|json|ya?ml|toml|ini|cfg|conf|env|sql|md|sh|css|scss|html|vue|svelte|txt|lock|proto|tf)\b|(?:^|[\s(`'"])\.(?:env|[\w-]+rc)(?:\.[\w-]+)?\b/;
const ROUTE = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/[\w/{}:.-]*|(?:^|[\s(`'"])\/(?:api|v\d+)\/[\w/{}:.-]+/;
const URL = /\b(?:https?|wss?|postgres(?:ql)?|mysql|redis|amqp|s3|gs|file):\/\/[^\s)'"，。]+|\blocalhost:\d+|\b\d{1,3}(?:\.\d{1,3}){3}:\d+/;
const PORT = /\bport\s+\d{2,5}\b|\b\d{2,5}\s*端口|端口\s*(?:号\s*)?(?:是|为)?\s*\d{2,5}|:\d{4,5}\b/i;
const ENV_VAR = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\$[A-Z_][A-Z0-9_]*/;
const VERSION = /\bv\d+(?:\.\d+)*\b|\b\d+\.\d+(?:\.\d+)?(?:-[\w.]+)?\b|(?:版本|version)\s*[\d.]+/i;
/** snake_case, camelCase, dotted calls, ALL-CAPS acronyms and dashed codes (DB-CHANGE, PLAT-412). */
const IDENTIFIER = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z]{2,}[0-9]*(?:-[A-Z0-9]+)*\b|\b\w+\(\)|\b[a-z]+:[a-z]+:[{\w}]+/;
/** A proper noun in the middle of an English sentence: a product, a tool, a person. */
const PROPER_NOUN = /(?<=[a-z,;:]\s)[A-Z][a-z]+(?:[A-Z][a-z]+)*\b|\b[A-Z][a-z]+[A-Z][A-Za-z]+\b/;
/**
 * Latin words inside Chinese text are names: Redis, JWT, Zustand. A text
 * with both has one next to a Han character with no other Han between
 * them, so two plain tests say it (one regex with both orders backtracked
 * over every sentence: 6 % of distilling a long log).
 */
export const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /\b[A-Za-z][\w.+-]{1,}\b/u;
export const latinInHan = (s: string): boolean => HAN.test(s) && LATIN_WORD.test(s);
const LIMIT =
  /\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?|minutes?|mins?|hours?|h|days?|weeks?|[KMGT]i?B|[kmg]b|bytes?|%|rps|qps|req(?:uest)?s?(?:\s+(?:per|\/)\s*\w+)|rows?|lines?|times?|runs?|retries|连接|毫秒|秒|分钟|小时|天|周|个月|行|条|次|倍|万|MB|GB|KB)\b|\d+(?:\.\d+)?\s*(?:毫秒|秒|分钟|小时|天|周|个月|行|条|次|倍|万)/iu;
const NUMBER = /\d/;
const PERSON = /(?:找|需要|由|请|问|联系|交给)\s*\p{Script=Han}{2,3}(?=审批|负责|确认|处理|review|批准)|\b(?:owner|owned by|ask|maintained by|reviewed by|assigned to)\s+@?[A-Z][a-z]+|\b(?:[Oo]wner|[Mm]aintainer|[Rr]eviewer)\b[^.;]{0,40}\bis\s+@?[A-Z][a-z]+|\b[A-Z][a-z]+\s+(?:owns|approves|maintains|reviews)\b|(?:负责人|维护人|审批人)(?:是|为)\s*\p{Script=Han}{2,3}/u;

/** Status and rules: something done, blocked, deprecated, required or forbidden. */
const RULE_EN = /\b(?:must(?:n't| not)?|never|don't|do not|forbid(?:s|den)?|not allowed|only|required?|always|should(?:n't| not)?|please)\b/i;
const RULE_ZH = /必须|不可以|不能|不要|禁止|不允许|务必|只能|只接受|一律|统一|规范|约定|命名/;
const STATUS_EN = /\b(?:done|finished|deployed|shipped|merged|released|blocked|stuck|waiting|deprecated|obsolete|removed|pinned|frozen|tracked in|in progress)\b/i;
const STATUS_ZH = /已完成|完成了|做完|写完|已上线|上线|下线|卡住|阻塞|等待|废弃|弃用|不建议|锁定|固定在|进行中/;
/** A change made, a thing found, a cause: the conclusions of a session. */
const CHANGE_EN = /\b(?:fixed|found|added|changed|replaced|removed|switched|moved|renamed|froze|made|set|raised|lowered|reduced|increased|dropped|upgraded|downgraded|refactored|rewrote|turned out|caused?|because|root cause|the (?:issue|problem|bug) (?:was|is)|now|no longer|decided|chose|better fit|instead)\b/i;
const CHANGE_ZH = /修复|找到|改成|改为|改用|换成|加了|增加了|去掉|删掉|设置为|调整为|降到|升到|提高到|原因|导致|因为|已经|现在|目前|决定|选择|结论/;
/** Where things live and how to work here: the project's layout and conventions. */
const LOCATION = /\b(?:lives?|live|go(?:es)?|sits?|stored|kept|located|runs?|writes?|reads?|configured|defined|managed)\s+(?:in|under|at|to|from|with|by)\b|(?:放在|位于|存放在|写到|写入|在\s*\S+\s*(?:里|下|中)(?:配置|定义))/i;
const PROJECT_DEIXIS = /\b(?:this|the|our)\s+(?:repo|repository|project|codebase|app|service|frontend|backend|team|monorepo)\b|\bhere\b|\bwe\b|\bour\b|(?:本|这个|该)?(?:项目|仓库|代码库)|我们|本地|线上|生产环境|测试环境/i;

export interface Features {
  command: boolean;
  path: boolean;
  route: boolean;
  url: boolean;
  port: boolean;
  envVar: boolean;
  version: boolean;
  identifier: boolean;
  properNoun: boolean;
  limit: boolean;
  number: boolean;
  person: boolean;
  rule: boolean;
  status: boolean;
  change: boolean;
  location: boolean;
  deixis: boolean;
}

function backtickCommand(s: string): boolean {
  for (const m of s.matchAll(BACKTICK)) if (/\s/.test((m[1] ?? '').trim())) return true;
  return false;
}

function backtickName(s: string): boolean {
  for (const m of s.matchAll(BACKTICK)) if (!/\s/.test((m[1] ?? '').trim())) return true;
  return false;
}

export function featuresOf(s: string): Features {
  return {
    command: COMMAND.test(s) || SCRIPT_RUN.test(s) || backtickCommand(s),
    path: PATH.test(s.replace(URL, ' ')),
    route: ROUTE.test(s),
    url: URL.test(s),
    port: PORT.test(s),
    envVar: ENV_VAR.test(s),
    version: VERSION.test(s),
    identifier: IDENTIFIER.test(s) || backtickName(s),
    properNoun: PROPER_NOUN.test(s) || latinInHan(s),
    limit: LIMIT.test(s),
    number: NUMBER.test(s),
    person: PERSON.test(s),
    rule: RULE_EN.test(s) || RULE_ZH.test(s),
    status: STATUS_EN.test(s) || STATUS_ZH.test(s),
    change: CHANGE_EN.test(s) || CHANGE_ZH.test(s),
    location: LOCATION.test(s),
    deixis: PROJECT_DEIXIS.test(s),
  };
}

/** Concrete things of this project: what general knowledge does not name. */
export function entityCount(f: Features): number {
  return [f.command, f.path, f.route || f.url || f.port, f.envVar, f.version, f.identifier, f.limit, f.person].filter(Boolean).length;
}

/** Anything at all that ties a sentence to this project rather than to the world. */
export function anchored(f: Features): boolean {
  return entityCount(f) > 0 || f.properNoun || f.deixis || f.number;
}

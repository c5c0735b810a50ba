/**
 * A subject's key: the words that name the thing, whatever the wording and
 * the language. "the preview server port", "Preview-Server port" and
 * "预览服务器端口" are one subject; "the API server port" is another.
 * Articles, possessives and qualifiers that point at this project ("for
 * this repo", "here") go; plurals fold; Chinese words take their English
 * name from the glossary. Pure.
 */
import { canonicalOf, splitByGlossary } from './glossary.js';

/** Words that name no part of the thing. */
const FILLER = new Set(
  (
    'a an the our this that these those its their my your his her we us of for in on at to by from with here there now currently still ' +
    'current new old actual latest present same repo repository project codebase team value setting one ' +
    '的 了 我们 咱们 这个 那个 项目 仓库 当前 现在 目前 新 老 旧'
  ).split(/\s+/),
);

/** One spelling per word: what teams abbreviate, and plurals. */
const ALIASES: Record<string, string> = {
  e2e: 'e2e', 'end-to-end': 'e2e', endtoend: 'e2e',
  cmd: 'command', commands: 'command', ver: 'version', versions: 'version', k8s: 'kubernetes',
  db: 'database', env: 'environment', envs: 'environment', cfg: 'config', configuration: 'config',
  dir: 'directory', folder: 'directory', pwd: 'password', passwd: 'password', field: 'column', fields: 'column',
  maintainer: 'owner', maintainers: 'owner', owners: 'owner', lead: 'owner', responsible: 'owner', contact: 'owner',
  prs: 'pr', mrs: 'mr', apis: 'api', urls: 'url', vms: 'vm', ids: 'id', jobs: 'job',
  retries: 'retry', kubernetes: 'kubernetes', postgres: 'postgres', redis: 'redis', aws: 'aws',  attempts: 'retry', attempt: 'retry', times: 'count', number: 'count',
};

const HAN = /\p{Script=Han}/u;

/** A plural's singular (commits → commit, categories → category); names with dots or digits stay. Shared with the episode ranker's stems. */
export function singular(w: string): string {
  // Names with dots or digits (next.js, k3s) are not plurals.
  if (/[^a-z]/.test(w)) return w;
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

/** One word in its canonical spelling, or undefined when it names nothing. */
function canonical(word: string): string | undefined {
  const w = word.toLowerCase();
  if (!w || FILLER.has(w)) return undefined;
  if (HAN.test(w)) return canonicalOf(w) ?? w;
  return ALIASES[w] ?? (ALIASES[singular(w)] ? ALIASES[singular(w)] : singular(w));
}

/** The words of a subject phrase: Latin words whole (joined "end to end" → e2e), Chinese split into words. */
function wordsOf(phrase: string): string[] {
  const flat = phrase
    .toLowerCase()
    .replace(/end[\s-]+to[\s-]+end/g, 'e2e')
    .replace(/[`'"“”‘’()[\]{}]/g, ' ')
    // 这个项目的测试命令 is the test command: "this project's" names no part of it.
    .replace(/(?:这个|那个|我们|咱们)(?:项目|仓库|服务)?的?|(?:本|该)(?:项目|仓库|服务)的?|(?:项目|仓库)的/gu, ' ');
  const out: string[] = [];
  // Chinese and Latin are apart first ("JDK版本" is two words), then each Chinese run is split by the glossary.
  for (const part of flat.replace(/(\p{Script=Han}+)/gu, ' $1 ').split(/[\s,，、:：/]+/)) {
    if (!part) continue;
    if (HAN.test(part)) out.push(...splitByGlossary(part));
    // A dotted or dashed name stays one word (next.js, tf-state); trailing dots go.
    else out.push(part.replace(/^[.\-_]+|[.\-_]+$/g, ''));
  }
  return out;
}

/** Pure: the sorted canonical words of a subject phrase, space-joined ('' when none is left). */
export function subjectKey(phrase: string): string {
  const words = new Set<string>();
  for (const w of wordsOf(phrase)) {
    // A Chinese word the glossary does not know may still hold known ones (回调重试 → retry).
    // A glossary name may be two words (包管理器 → package manager).
    for (const c of canonical(w)?.split(' ') ?? []) words.add(c);
  }
  return [...words].sort().join(' ');
}

export type SubjectMatch = 'same' | 'maybe' | 'different';

/**
 * The word a subject phrase is about: an English compound's last word
 * ("preview server port" → port), the one before "of" ("port of the dev
 * server" → port), a Chinese phrase's last word (发布窗口 → window).
 */
export function headOf(phrase: string): string | undefined {
  const named = (phrase.split(/\s+of\s+/i)[0] ?? phrase).trim();
  const words = wordsOf(named).flatMap((w) => canonical(w)?.split(' ') ?? []);
  return words.at(-1);
}

/**
 * Whether two keys name one subject. The same words: the same. One inside
 * the other, the smaller naming two things or more ("preview port" in
 * "preview server port"): the same, unless their heads (headOf, when
 * known) differ: "nightly batch window retries" are not the window. A single word inside a longer subject
 * ("port" and "preview server port"): maybe, for a project with two ports
 * would be wrong to merge. Anything else, even with most words shared
 * ("preview server port", "api server port"): different.
 */
export function matchSubjects(a: string, b: string, heads?: [string | undefined, string | undefined]): SubjectMatch {
  if (!a || !b) return 'different';
  if (a === b) return 'same';
  if (heads?.[0] && heads[1] && heads[0] !== heads[1]) return 'different';
  return matchSubjectWords(a, a.split(' '), b, b.split(' '));
}

/**
 * matchSubjects for keys whose words (split on spaces) the caller keeps:
 * the block's conflict judge asks about every pair of its memories.
 */
export function matchSubjectWords(a: string, wa: string[], b: string, wb: string[]): SubjectMatch {
  if (!a || !b) return 'different';
  if (a === b) return 'same';
  // Keys are a few words: a scan of the longer one costs less than a Set.
  const [small, big] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (!small.every((w) => big.includes(w))) return 'different';
  return small.length >= 2 ? 'same' : 'maybe';
}

/** Words of a value, for comparing two values ("Next.js 15.1" and "15.1" agree; "3000" and "3001" do not). */
function valueWords(v: string): string[] {
  return v
    .toLowerCase()
    .replace(/[`'"“”‘’()（）]/g, ' ')
    .split(/[\s,，、;；]+/)
    .map((w) => w.replace(/^[.\-_:]+|[.\-_:。]+$/g, ''))
    .filter(Boolean);
}

/** Whether two values are one value word for word ("pnpm" is not "pnpm test:unit"). */
export function equalValue(a: string, b: string): boolean {
  const wa = new Set(valueWords(a));
  const wb = new Set(valueWords(b));
  return wa.size > 0 && wa.size === wb.size && [...wa].every((w) => wb.has(w));
}

/** Whether two values say the same: equal words, or every word of one among the other's. */
export function sameValue(a: string, b: string): boolean {
  const wa = valueWords(a);
  const wb = valueWords(b);
  if (!wa.length || !wb.length) return false;
  const [small, big] = wa.length <= wb.length ? [wa, new Set(wb)] : [wb, new Set(wa)];
  return small.every((w) => big.has(w));
}

/**
 * A value whose subject goes unsaid: "We're on Node 22 now", "我们切到 pnpm
 * 了", "moved CI over to GitHub Actions" name no "X is Y", yet the tool says
 * which thing changed: pnpm can only be the package manager, Node 22 the
 * Node version. Read only when no sentence shape matched (statement.ts),
 * only after a verb of using or switching, never in a clause that negates
 * it or names a purpose ("use Redis for rate limiting" says nothing about
 * the cache). Pure.
 */
import type { Found } from './statement.js';

/** Tools by the one role each fills in a project; the first spelling is the one kept. */
const ROLES: Array<[role: string, names: string[][]]> = [
  ['package manager', [['npm'], ['yarn'], ['pnpm'], ['bun']]],
  ['CI', [['Jenkins'], ['GitHub Actions'], ['GitLab CI'], ['CircleCI'], ['Travis CI'], ['Buildkite'], ['TeamCity'], ['Azure Pipelines'], ['Drone CI']]],
  ['database', [['PostgreSQL', 'Postgres'], ['MySQL'], ['MariaDB'], ['SQLite'], ['MongoDB'], ['SQL Server'], ['CockroachDB'], ['TiDB']]],
  ['cache', [['Redis'], ['Memcached'], ['Dragonfly'], ['Valkey'], ['KeyDB']]],
  ['message queue', [['Kafka'], ['RabbitMQ'], ['NATS'], ['SQS'], ['Pulsar'], ['RocketMQ'], ['ActiveMQ']]],
  ['bundler', [['webpack'], ['Vite'], ['Rollup'], ['esbuild'], ['Parcel'], ['Turbopack'], ['rolldown']]],
  ['linter', [['ESLint'], ['Biome'], ['ruff'], ['flake8'], ['pylint'], ['golangci-lint']]],
  ['unit test runner', [['Jest'], ['Vitest'], ['Mocha'], ['pytest'], ['JUnit']]],
  ['e2e test tool', [['Playwright'], ['Cypress'], ['Selenium'], ['Puppeteer']]],
];
/** Runtimes and frameworks a project is on at some version: "Node 22" is the Node version. */
const VERSIONED: string[][] = [['Node', 'Node.js', 'NodeJS'], ['Python'], ['Java', 'JDK'], ['Go', 'Golang'], ['Ruby'], ['PHP'], ['Rust'], ['Deno'], ['Kotlin'], ['TypeScript'], ['React'], ['Next.js'], ['Vue'], ['Angular'], ['Django'], ['Rails'], ['Spring Boot'], ['.NET']];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const VERSION = String.raw`v?\d+(?:\.\d+){0,2}`;

interface Tool {
  subject: string;
  name: string;
  needsVersion: boolean;
}

interface Tools {
  /** Every spelling of every tool in one pattern (one scan of a clause, not one per tool), with its version if any. */
  pattern: RegExp;
  /** By spelling, lowercased. */
  bySpelling: Map<string, Tool>;
}

let tools: Tools | undefined;

/** Built on first use: most processes never read a sentence that needs them. */
function allTools(): Tools {
  if (tools) return tools;
  const bySpelling = new Map<string, Tool>();
  const add = (spellings: string[], tool: Tool): void => {
    for (const sp of spellings) bySpelling.set(sp.toLowerCase(), tool);
  };
  for (const [role, names] of ROLES) for (const spellings of names) add(spellings, { subject: role, name: spellings[0] ?? '', needsVersion: false });
  for (const spellings of VERSIONED) add(spellings, { subject: `${spellings[0] ?? ''} version`, name: spellings[0] ?? '', needsVersion: true });
  // Longest first, so "GitLab CI" wins over a shorter spelling inside it.
  const names = [...bySpelling.keys()].sort((x, y) => y.length - x.length).map(escape).join('|');
  tools = { pattern: new RegExp(String.raw`(?<![\p{L}\p{N}.-])(${names})(?:\s*(${VERSION}))?(?![\p{L}\p{N}]|\.\p{L})`, 'giu'), bySpelling };
  return tools;
}

/** The first tool named in `text` (a versioned one only with its version). */
function firstTool(text: string): { at: number; end: number; tool: Tool; version: string } | undefined {
  const { pattern, bySpelling } = allTools();
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const tool = bySpelling.get((m[1] ?? '').toLowerCase());
    if (tool && (!tool.needsVersion || m[2])) return { at: m.index, end: m.index + m[0].length, tool, version: m[2] ?? '' };
  }
  return undefined;
}

/** The verbs of using or having switched: present state or done, never proposed ("should we switch", "plan to move"). */
const USING = /\b(?:we(?:'re|\s+are)\s+(?:now\s+)?(?:on|using)|(?:switched|moved|migrated|upgraded|downgraded|changed|went|ported)\s+(?:\w+\s+){0,3}?(?:over\s+)?to|(?:now\s+)?(?:use|uses|using)|runs?\s+(?:now\s+)?on|targets?|standardi[sz]ed on|settled on|went with|adopted|consumes?\s+from|reads?\s+from|publish(?:es)?\s+to|writes?\s+to|stores?\s+(?:\w+\s+){0,2}?in|connects?\s+to|talks?\s+to|backed\s+by|built\s+with|written\s+in|deploys?\s+to)\b|(?:连到|连接到|写到|写入|存到|存进|存在|基于|部署到|跑在|运行在|切到|切换到|换成|换到|改用|迁移到|升级到|降级到|用上了|改成|统一用|用的是|采用|使用|用)/iu;
/** Negated, conditional or proposed: "don't use yarn", "if you use Node 16", "should we switch to pnpm", 要是用 … */
const NEGATED = /\b(?:not|don't|doesn't|didn't|no longer|never|stopped|stop|avoid|instead|if|unless|when|whether|should|could|would|might|maybe|try|trying|suggest|suggested|propose|proposed|plan|planning|want|let's|let us)\b|[不没别勿]|如果|要是|是否|可以|试试|建议|打算|计划|想/iu;
/** A purpose after the tool: the tool fills that purpose, not its usual role. */
const PURPOSE = /^\s*(?:\S+\s+){0,2}?(?:for|as)\b|^\s*(?:来|用来|来做|作为|当作|做)/iu;

/** Any product by a capitalised name and a version, after an upgrade: "upgraded to Tailwind CSS 4", "升级到 Spring Boot 3.2 了". */
const UPGRADED = /\b(?:upgraded|downgraded|bumped|moved|migrated|switched)\s+(?:\w+\s+){0,3}?to|we(?:'re|\s+are)\s+(?:now\s+)?on|升级到|降级到|升到|切到|换成|迁移到|用上了/iu;
const PRODUCT = /^\s*([A-Z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*){0,2}?)\s*(v?\d+(?:\.\d+){0,2})(?![\w.])/u;

/** A clause that negates, conditions or only proposes what it names ("if we moved to 9090", "不用 8080"): it states no value. */
export function isTentative(clause: string): boolean {
  return NEGATED.test(clause);
}

/** Words of aim and attempt: they govern a verb ("trying to move it to 9090"), not what a noun already is. */
const ATTEMPT = /\b(?:try|trying|tried|plan|planning|want|wanted|wanting|when)\b|打算|计划|想/giu;

/**
 * A clause with its aims and attempts taken out, for a value named as
 * already new: "I'm trying to meet the new April 5 deadline" says the
 * deadline is new; an aim makes a verb of change tentative, not a noun.
 */
export function withoutAttempts(clause: string): string {
  return clause.replace(ATTEMPT, ' ');
}

/**
 * A value that names a product at a version ("Python 3.10 inside the
 * airflow image", "Tailwind CSS 3"): the product, lowercased, and the
 * version. Two such values of one product are two values of one thing,
 * whatever subject each sentence gave it (subject-index.ts).
 */
export function productVersion(value: string): { product: string; version: string } | undefined {
  // A tool the lists know, by its one spelling ("Node.js v22" and "node 22" are one product); else a capitalised name.
  const known = firstTool(value);
  if (known && known.version && !value.slice(0, known.at).trim()) return { product: known.tool.name.toLowerCase(), version: known.version.replace(/^v/, '') };
  const m = PRODUCT.exec(value);
  return m ? { product: (m[1] ?? '').toLowerCase(), version: (m[2] ?? '').replace(/^v/, '') } : undefined;
}

/**
 * The subject a bare version belongs to: "Bumped node to 22.3.0" says the
 * Node version, as "The Node version is 20.11.1" and "we're on Node 22" do.
 * A runtime the lists know takes any version; another capitalised name
 * only a dotted one ("Bumped Tailwind to 4.1.0"), since "Replicas to 3" is
 * a count. Undefined when the subject already says version, or the value
 * is not a bare version.
 */
export function versionSubject(subject: string, value: string): string | undefined {
  const bare = value.trim().replace(/^(?:version|版本)\s*/iu, '');
  if (!BARE_VERSION.test(bare)) return undefined;
  const name = subject.trim().replace(/^(?:the|our|its)\s+/i, '');
  // "The Node.js version is v22" is the Node version too: the runtime by its one spelling.
  const product = name.replace(/\s*(?:\bversions?\b|版本)$/iu, '');
  const said = product !== name;
  const named = `${product} ${bare}`;
  const known = firstTool(named);
  if (known) return known.tool.needsVersion && known.at === 0 && known.end === named.length ? known.tool.subject : undefined;
  if (said) return undefined;
  const m = PRODUCT.exec(named);
  return m && m[0].trim() === named && bare.includes('.') ? `${name} version` : undefined;
}

const BARE_VERSION = new RegExp(String.raw`^${VERSION}$`);

/** Pure: the tool a clause says is in use, as the value of its role. */
export function toolStatement(sentence: string): Found | undefined {
  // Most sentences name no tool and no upgrade: one scan each says so.
  const named = firstTool(sentence) !== undefined;
  if (!named && !UPGRADED.test(sentence)) return undefined;
  for (const clause of sentence.split(/[;；,，]\s*/u)) {
    const verb = USING.exec(clause);
    if (!verb) continue;
    const before = clause.slice(0, verb.index);
    const after = clause.slice(verb.index + verb[0].length);
    const best = named ? firstTool(after) : undefined;
    if (!best || best.at > 40) {
      const generic = genericProduct(clause);
      if (generic) return generic;
      continue;
    }
    if (NEGATED.test(before) || NEGATED.test(after.slice(0, best.at)) || PURPOSE.test(after.slice(best.end))) continue;
    const value = best.version ? `${best.tool.name} ${best.version}` : best.tool.name;
    return { subject: best.tool.subject, value, stance: 'assert' };
  }
  return undefined;
}

/** A product no list knows, named with its version after a verb of upgrading: its version is the value. */
function genericProduct(clause: string): Found | undefined {
  const verb = UPGRADED.exec(clause);
  if (!verb || NEGATED.test(clause.slice(0, verb.index))) return undefined;
  const m = PRODUCT.exec(clause.slice(verb.index + verb[0].length));
  if (!m) return undefined;
  const name = m[1] ?? '';
  return { subject: `${name} version`, value: `${name} ${m[2] ?? ''}`, stance: 'assert' };
}

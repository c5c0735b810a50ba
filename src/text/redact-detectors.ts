/**
 * Provider formats from a maintained detector set: secretlint's recommended
 * preset (AWS, GCP, GitHub, GitLab, Slack, npm, OpenAI, Anthropic, Stripe,
 * private keys, basic-auth URLs, …; 15 rules in 11.7.1), kept up to date by its maintainers, so a
 * new provider's key shape arrives with an upgrade instead of a rule of ours.
 * Our own rules (redact.ts, redact-context.ts) stay for prose and commands in
 * both languages, which a scanner for files does not read.
 *
 * The preset's rules are plain synchronous scanners: each is given the text as
 * a file and reports the ranges it found. They are run here with a context
 * that only collects those ranges (the messages and the ignore comments of the
 * secretlint CLI are not used). Pure.
 */
import { createRequire } from 'node:module';

/** What a rule reports: where the secret is. */
interface Report {
  range: readonly [number, number];
}

/** The part of a secretlint rule context the preset's rules call. */
interface RuleContext {
  createTranslator: () => (id: string) => string;
  report: (r: Report) => void;
  ignore: (r: Report) => void;
  registerRule: () => void;
}

interface RuleSource {
  content: string;
  ext: string;
  filePath: string;
  contentType: 'text';
}

interface Rule {
  meta: { id: string };
  create: (context: RuleContext, options: Record<string, never>) => { file?: (source: RuleSource) => unknown };
}

const PRESET = '@secretlint/secretlint-rule-preset-recommend';
let loaded: Rule[] | undefined;

/**
 * The preset, loaded the first time a text may hold a key: importing it costs
 * a process ~20 ms, which a `query` (it never redacts) should not pay. Node
 * 20.19+ loads an ES module synchronously with require, and redaction is
 * synchronous.
 */
function presetRules(): Rule[] {
  if (loaded) return loaded;
  try {
    // require.resolve, not import.meta.resolve: the bundle is CommonJS, which has no import.meta.
    const req = createRequire(import.meta.url);
    loaded = (req(req.resolve(PRESET)) as { rules: Rule[] }).rules;
  } catch (err) {
    throw new Error(`the secret detector set (${PRESET}) does not load (${(err as Error).message}): it needs Node 20.19 or newer (this is ${process.version}) and claude-mem's own install (npm ci in a checkout); nothing was written`);
  }
  return loaded;
}

/** The placeholder's name: the rule's provider ("@secretlint/secretlint-rule-slack" → slack). */
const labelOf = (id: string): string => id.replace(/^.*secretlint-rule-/, '').replace(/[^a-z-]/g, '') || 'secret';

export interface Detected {
  start: number;
  end: number;
  label: string;
}

/**
 * Whether any rule could find something: a key is a long run of key
 * characters with a digit in it, a private key has its armour, a credential
 * in a URL sits between "://" and "@". Most passages have none, and are not
 * scanned 28 times (the scan is ~65 ms a MB; this test, ~2).
 */
const KEY_RUN = /[A-Za-z0-9_+/=.-]{16,}/g;
const ARMOUR_OR_URL_CREDENTIAL = /PRIVATE KEY|:\/\/[^\s/@]+:[^\s/@]+@/;

function mayHold(text: string): boolean {
  if (ARMOUR_OR_URL_CREDENTIAL.test(text)) return true;
  for (const m of text.matchAll(KEY_RUN)) if (/\d/.test(m[0])) return true;
  return false;
}

/** Every range the preset's rules report in `text`, sorted, overlaps merged. A rule that throws is skipped. */
export function detectSecrets(text: string): Detected[] {
  if (!mayHold(text)) return [];
  const found: Detected[] = [];
  const source: RuleSource = { content: text, ext: '.txt', filePath: 'said.txt', contentType: 'text' };
  for (const rule of presetRules()) {
    const label = labelOf(rule.meta.id);
    const context: RuleContext = {
      createTranslator: () => (id) => id,
      report: (r) => {
        const [start, end] = r.range;
        if (end > start) found.push({ start, end, label });
      },
      ignore: () => undefined,
      registerRule: () => undefined,
    };
    try {
      void rule.create(context, {}).file?.(source);
    } catch {
      // One rule's failure must not stop the others, nor the write.
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Detected[] = [];
  for (const d of found) {
    const last = merged.at(-1);
    if (last && d.start < last.end) last.end = Math.max(last.end, d.end);
    else merged.push({ ...d });
  }
  return merged;
}

/** A URL keeps its scheme, user, host and path (where a thing is): only the password in it goes. */
const URL_CREDENTIAL = /^([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s@/]+)(@.*)$/isu;

function hide(found: string, label: string): string {
  const url = URL_CREDENTIAL.exec(found);
  if (url) return `${url[1] ?? ''}[redacted:password]${url[3] ?? ''}`;
  return `[redacted:${label}]`;
}

/** `text` with what the preset found replaced by `[redacted:<provider>]`. */
export function redactDetected(text: string): string {
  const found = detectSecrets(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const d of found) {
    out += `${text.slice(at, d.start)}${hide(text.slice(d.start, d.end), d.label)}`;
    at = d.end;
  }
  return out + text.slice(at);
}

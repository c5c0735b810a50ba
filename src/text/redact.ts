import { PRIVATE_BEGIN, PRIVATE_END } from '../memory-block.js';
import { redactByContext } from './redact-context.js';
import { isReference } from './redact-values.js';
import { shelvePublic } from './redact-public.js';
import { redactDetected } from './redact-detectors.js';

/**
 * Redaction runs before anything reaches the store: on every write path
 * (remember, markers, distilled sentences, supplements, session summaries,
 * the text that is embedded). Each rule names what it hides, so a redacted
 * memory still says what kind of thing was there.
 *
 * The rules follow the gitleaks families: provider formats first (exact
 * prefixes, few false positives), then the shapes (PEM, JWT, Bearer, URL
 * credentials, secret-named assignments), then high-entropy strings.
 */
interface Rule {
  label: string;
  pattern: RegExp;
  /** Replace only this capture group (keeps e.g. "password=" visible). */
  group?: number;
}

/** What a key name is made of. */
const KEY_CHAR = '[A-Za-z0-9_.-]';
/**
 * A key name that says its value is secret (SCREAMING_SNAKE, camelCase,
 * dotted, Chinese). A Latin name is matched from the start of its run of
 * name characters only: unanchored, the engine tried each position inside
 * every word and read the rest of the word from there (a third of the time
 * redaction took over a session's screen text). Wherever a match starts
 * inside a run, one starts at the run's start too, and that one came first,
 * so the matches are the same (redact-key.test.ts).
 */
const SECRET_KEY = String.raw`(?<!${KEY_CHAR})${KEY_CHAR}*_pass|(?<!${KEY_CHAR})${KEY_CHAR}*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|private[_-]?key|credential|access[_-]?key|auth[_-]?key|client[_-]?secret)${KEY_CHAR}*|密码|口令|密钥|令牌`;
/** KEY=value, key: value, "key": "value", export KEY='value' (group 1 the key and its sign, group 2 the value). */
export const SECRET_ASSIGNMENT = new RegExp(String.raw`((?:${SECRET_KEY})["']?\s*(?:[:=：]|=>)\s*["']?)([^\s"',;<>\u0000]{4,})`, 'gi');

const RULES: Rule[] = [
  { label: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*(?:PRIVATE KEY|PGP PRIVATE KEY BLOCK)[A-Z ]*-----[\s\S]*?(?:-----END [A-Z0-9 ]*-----|$)/g },
  { label: 'pem', pattern: /-----BEGIN [A-Z0-9 ]+-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g },
  { label: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { label: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { label: 'stripe-key', pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { label: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g },
  { label: 'gitlab-token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { label: 'huggingface-token', pattern: /\bhf_[A-Za-z0-9]{30,}/g },
  { label: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { label: 'sendgrid-key', pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { label: 'slack-token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { label: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]+/g },
  { label: 'google-key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { label: 'aws-key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b/g },
  { label: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { label: 'bearer-token', pattern: /(\b(?:Bearer|Basic|Token)\s+)([A-Za-z0-9._~+/-]{16,}=*)/g, group: 2 },
  // scheme://user:password@host, the user possibly empty (redis://:pw@host).
  { label: 'password', pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s@/]+)(@)/gi, group: 2 },
  // KEY=value, key: value, "key": "value", export KEY='value'.
  { label: 'secret', pattern: SECRET_ASSIGNMENT, group: 2 },
];

/** The 40-character AWS secret key shape; redacted anywhere once an AWS key id or "aws" is near. */
const AWS_SECRET = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
const AWS_CONTEXT = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\baws\b|aws_secret|secret_access_key/i;

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Git object ids are everywhere in a coding session and are not secrets:
 * hex of a short (7–12) or full SHA-1 (40) or SHA-256 (64) length. Hex
 * strings of other lengths (32-hex API keys) are judged like any other.
 * UUIDs are ids (sessions, requests), not credentials.
 */
function isIdentifierShape(s: string): boolean {
  if (/^[0-9a-f]+$/i.test(s) && ((s.length >= 7 && s.length <= 12) || s.length === 40 || s.length === 64)) return true;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

/** Token-like runs long enough to be a credential. */
const CANDIDATE_TOKEN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/=_-]{20,}(?![A-Za-z0-9+/=_-])/g;

/**
 * High entropy: random-looking, with letters and digits mixed. Words,
 * snake_case identifiers and paths fall well under these bounds (English
 * text runs ~3–3.5 bits per character; a random base64 key of 24+
 * characters runs 4.2+).
 */
export function looksRandom(s: string): boolean {
  if (isIdentifierShape(s)) return false;
  const letters = /[A-Za-z]/.test(s);
  const digits = /[0-9]/.test(s);
  if (!letters || !digits) return false;
  // Identifiers joined by separators (my_long_variable_name_2) are not keys.
  const parts = s.split(/[_/-]+/).filter(Boolean);
  if (parts.length >= 3 && parts.every((p) => p.length <= 12 && /^[A-Za-z]*[0-9]*$/.test(p))) return false;
  const h = entropy(s);
  return (s.length >= 20 && h >= 4.0) || (s.length >= 32 && h >= 3.7);
}

/**
 * Names that contain a secret word but count things (token_budget,
 * max_tokens, password_min_length): their values are settings, not secrets.
 */
const COUNTING_KEY = /(?:tokens?|password|secret)[_.-]?(?:budget|count|limit|length|len|size|usage|min|max|ttl|expiry|expires|rotation)|max[_.-]?tokens?|tokens\b/i;

/** Names whose value says where a secret is, not what it is (token_uri, secret_file, password_env). */
const LOCATION_KEY = /(?:_|-|\.)(?:uri|url|endpoint|file|path|dir|env|name|type|header|id)["']?\s*(?:[:=：]|=>)/i;

function replaceRule(text: string, rule: Rule): string {
  return text.replace(rule.pattern, (...m: unknown[]) => {
    const whole = String(m[0]);
    // A key's id is where it is found (client_id), except a private key's own id, which names the key in a service account file.
    const location = LOCATION_KEY.test(String(m[1])) && !/(?:private|secret)[_-]?key[_-]?id/i.test(String(m[1]));
    if (rule.label === 'secret' && (COUNTING_KEY.test(String(m[1])) || location || isReference(String(m[2])))) return whole;
    const index = rule.group;
    if (index === undefined) return `[redacted:${rule.label}]`;
    // Every grouped rule's groups cover its whole match, so joining them rebuilds it.
    const parts = m.slice(1, -2).map((g) => (typeof g === 'string' ? g : ''));
    if ((parts[index - 1] ?? '').startsWith('[redacted')) return whole;
    return parts.map((g, i) => (i === index - 1 ? `[redacted:${rule.label}]` : g)).join('');
  });
}

/** `<private>…</private>` (any case, spaces, across lines); one left open hides the rest. */
function stripPrivate(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const open = PRIVATE_BEGIN.exec(rest);
    if (!open) return out + rest;
    out += `${rest.slice(0, open.index)}[redacted:private]`;
    rest = rest.slice(open.index + open[0].length);
    const close = PRIVATE_END.exec(rest);
    if (!close) return out;
    rest = rest.slice(close.index + close[0].length);
  }
}

export function redact(text: string): string {
  const shelved = shelvePublic(stripPrivate(text));
  // Provider formats first, by the maintained detector set, on the text as written; then our rules for prose and commands.
  let out = redactDetected(shelved.text);
  for (const rule of RULES) {
    // The words around a value come before the generic key=value rule, which would take a quoted passphrase's first word only.
    if (rule.label === 'secret') out = redactByContext(out);
    out = replaceRule(out, rule);
  }
  if (AWS_CONTEXT.test(text)) out = out.replace(AWS_SECRET, (s) => (/[0-9]/.test(s) && /[A-Za-z]/.test(s) ? '[redacted:aws-secret]' : s));
  out = out.replace(CANDIDATE_TOKEN, (s) => (looksRandom(s) ? '[redacted:high-entropy]' : s));
  return shelved.restore(out);
}

/** True when redaction left nothing of the text but placeholders and punctuation. */
export function onlyRedacted(text: string): boolean {
  return text.includes('[redacted:') && !/[\p{L}\p{N}]/u.test(text.replace(/\[redacted:[a-z-]+\]/g, ''));
}

/**
 * Secrets recognised by what surrounds them rather than by their format: a
 * password has no prefix, and a 40-hex API key looks exactly like a git
 * SHA. The words around a value (password, token, 密码, 令牌…) in key/value,
 * prose and command-flag form, the flags of the commands that take
 * credentials on the command line, and the credential file formats say it
 * is one. Each rule hides only the value and keeps the words that named it.
 */
import { redactCommands } from './redact-commands.js';
import { BARE, QUOTED, hideValues, isReference, unquote } from './redact-values.js';

/** Words that say the value after them is a credential. "key" alone is too common (a map key, a GPG key id). */
const WORD_EN = String.raw`pass(?:word|phrase|wd|code)?s?|pwd|pw|secrets?|tokens?|(?:totp|otp|2fa|mfa|authenticator)[ _-]?(?:seeds?|secrets?|keys?)|api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?keys?|private[ _-]?keys?|license[ _-]?keys?|master[ _-]?keys?|encryption[ _-]?keys?|app[ _-]?keys?|auth[ _-]?keys?|(?:pre[ _-]?)?shared[ _-]?keys?|psk|signing[ _-]?keys?|basic[ _-]?auth|credentials?|pin`;
const WORD_ZH = '密码|口令|密钥|秘钥|令牌|私钥|凭证|凭据|授权码|访问码';

/**
 * Nouns that, between the secret word and the value, say the value is
 * about the secret, not the secret: "the token budget is 1500", "the
 * password field is required", "the API key header is X-Api-Key".
 */
const ABOUT = /^(?:budget|limit|count|length|len|size|expiry|expires|ttl|lifetime|usage|format|type|name|names|field|fields|header|endpoint|url|uri|file|files|path|env|variable|var|policy|rules?|rotation|reset|manager|store|vault|hash|hashing|id|prefix|scope|scopes|flow|page|form|prompt|strength|hint|length|complexity|requirement|requirements|validation|check|refresh|exchange|provider|service|server|generator)$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KUBE_TOKEN = /^[a-z0-9]{6}\.[a-z0-9]{16}$/;

/** Strong shapes: redacted even with no "is" or ":" between word and value. */
export function strongCredential(v: string): boolean {
  if (v.length < 16 && !KUBE_TOKEN.test(v)) return false;
  if (UUID.test(v) || KUBE_TOKEN.test(v)) return true;
  if (/^[0-9a-f]{16,}$/i.test(v) && /[0-9]/.test(v) && /[a-f]/i.test(v)) return true;
  if (/[/\\]/.test(v) || /^[a-z]+(?:[_.-][a-z]+)*\d*$/i.test(v)) return false;
  return /[A-Za-z]/.test(v) && /[0-9]/.test(v) && !/^[a-z_]+[0-9]{1,3}$/i.test(v);
}

/**
 * After a word and "is"/":"/"是": anything but a plain word, a reference or
 * a number that counts something. A quoted value is taken whole (a
 * passphrase with spaces).
 */
function linkedCredential(raw: string, word: string): boolean {
  const { inner, open } = unquote(raw);
  const v = inner.trim();
  if (!v || v.includes('\u0000') || v.includes('[redacted') || isReference(v)) return false;
  // "--from-literal=password='…'": the word named a key, and this is the key, not its value.
  if (!open && /^[\w.-]+=$/.test(v)) return false;
  if (open) return v.length >= 4;
  if (v.length < 4) return false;
  if (/^\d+$/.test(v)) return v.length >= 4 && /pass|pwd|pin|密码|口令/i.test(word);
  // A PIN is digits: "a spiderman pin on your purse. Is Spider-Man…" names none.
  if (/^pins?$/i.test(word)) return false;
  if (/^[a-z]+$/.test(v)) return false;
  if (/^[A-Z]?[a-z]+$/.test(v)) return false;
  return /[0-9]/.test(v) || /[^A-Za-z0-9]/.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v)) || v.length >= 16;
}

/** Grouped like an app password or an authenticator seed: four or more groups of four ("abcd efgh ijkl mnop", "JBSW Y3DP EHPK 3PXP"). */
const GROUPED = String.raw`[A-Za-z0-9]{4}(?:[ \t][A-Za-z0-9]{4}){3,7}(?![A-Za-z0-9])`;

const LINK_EN = String.raw`(?:\b(?:is|was|are|were|becomes|became)\b(?:[ \t]+(?:now|still|currently|just))?(?:[ \t]+(?:set[ \t]+to|changed[ \t]+to))?|\b(?:set|changed|rotated|reset|updated)[ \t]+to\b|=>|[:=：])`;

/** "the root password is hunter22", "password for grafana: 'a b c'", "API key = …". */
const PROSE_EN = new RegExp(
  String.raw`(?<pre>\b(?<word>${WORD_EN})\b["']?(?<fill>(?:[ \t]+(?!(?:is|was|are|were|to)\b)(?:[\p{L}\p{N}_.@-]+|\([^)\n]{1,30}\))){0,6}?)[ \t]*${LINK_EN}[ \t]*)(?<val>${QUOTED}|${GROUPED}|${BARE})`,
  'giu',
);

/** "数据库密码是 abc123", "staging 的口令：Hello_2026!", "令牌为 …". */
const PROSE_ZH = new RegExp(
  String.raw`(?<pre>(?<word>${WORD_ZH})(?<fill>[^\s。；，,;:：=]{0,8}?)\s*(?:是|为|都是|(?:改|换|设置?|更新|变)(?:成|为)了?|[:=：＝])\s*)(?<val>${QUOTED}|${BARE})`,
  'gu',
);

/**
 * A name that holds a secret, as code and shells spell it: PGPASSWORD,
 * DB_PASSWORD, db_password, dbPassword, GITHUB_TOKEN. Case-sensitive, so
 * "compass" or "bypass" are not read as one.
 */
const IDENT = String.raw`[A-Z][A-Z0-9]*_?(?:PASSWORD|PASSWD|PASSPHRASE|PASS|PWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|SECRET_?KEY|PRIVATE_?KEY|AUTH_?KEY|CREDENTIALS?)|[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:password|passwd|passphrase|pass|pwd|secret|token|api_?key|access_?key|secret_?key|private_?key)|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*(?:Password|Passwd|Passphrase|Secret|Token|ApiKey|AccessKey|SecretKey|PrivateKey)`;

/** "the DB_PASSWORD is …", "set PGPASSWORD to …": a secret's name, then its value. */
const IDENT_PROSE = new RegExp(String.raw`(?<pre>(?<![\w$])(?<word>${IDENT})(?![\w(])["']?[ \t]*(?:${LINK_EN}|\bto\b|\bas\b)[ \t]*)(?<val>${QUOTED}|${BARE})`, 'gu');

/** "change the root password to …", "rotate the API token to …": a verb of change before the word, "to" after it. */
const CHANGED_TO = new RegExp(
  String.raw`(?<pre>\b(?:set|sets|setting|change|changes|changed|changing|rotate|rotated|reset|update|updated|switch|switched)\b(?:[ \t]+[\p{L}\p{N}_.@-]+){0,5}?[ \t]+(?<word>${WORD_EN})\b(?<fill>(?:[ \t]+(?!to\b)[\p{L}_-]+){0,2}?)[ \t]+to[ \t]+)(?<val>${QUOTED}|${BARE})`,
  'giu',
);

/** "use 'a b c' as the passphrase", "用 Xk9#mP2 作为密码": the value first, the word after it. */
const USE_AS_EN = new RegExp(
  String.raw`(?<pre>\b(?:use|used|using|with)[ \t]+)(?<val>${QUOTED}|${BARE})(?=[ \t]+as[ \t]+(?:(?:the|your|our|my|a|an|its)[ \t]+)?(?:[\p{L}-]+[ \t]+){0,2}(?:${WORD_EN})\b)`,
  'giu',
);
const USE_AS_ZH = new RegExp(String.raw`(?<pre>(?:用|以|拿)[ \t]*)(?<val>${QUOTED}|${BARE})(?=[ \t]*(?:作为|当作|当成|做)[^。；，,\n]{0,12}?(?:${WORD_ZH}))`, 'gu');

/**
 * "password hunter2hunter2", "keystore password changeit123", "密码 abc@12345":
 * a password word and the value right after it, with no "is" between. Only
 * a value shaped like a password (letters with digits or symbols) counts,
 * so "password reset", "password-less" or "密码至少 12 位" stay.
 */
const PASSWORD_NEAR = new RegExp(String.raw`(?<pre>(?:\b(?<word>pass(?:word|wd|phrase)?|pwd|pw)\b|(?<zh>密码|口令))[ \t]+)(?<val>${BARE})`, 'giu');

/** "login is admin/Qw3rty!2024", "账号 test01 / Qw3rty": a user and a password joined by a slash. */
const LOGIN_PAIR = new RegExp(
  String.raw`(?<pre>(?:\b(?:login|logins|log[ \t]+in|sign[ \t]+in|credentials?|account|user(?:name)?|basic[ \t]+auth)\b|账号|帐号|用户名|登录)[^\n/]{0,40}?[ \t:：][\w.@-]+[ \t]*/[ \t]*)(?<val>[^\s/]+)`,
  'giu',
);

/** A password a person would choose: letters with digits or symbols, not a path, a flag, a version or a reference. */
function passwordLike(v: string): boolean {
  if (v.length < 6 || v.length > 128 || /^[-/.~]/.test(v) || v.includes('[redacted') || isReference(v)) return false;
  if (!/[A-Za-z]/.test(v) || !/[0-9!@#$%^&*+=?~_]/.test(v)) return false;
  // v1.2.3, 12px, x86_64, utf-8: shapes of things that are not secrets.
  return !/^v?\d+(?:\.\d+)+$|^\d+[a-z]{1,3}$|^[a-z]+[_-]?\d{1,2}$|^[a-z]+(?:[_-][a-z]+)+$/i.test(v);
}

/** "webhook signing secret 9a8b…", "API key 3f6c… for metrics", "令牌 ab12…": a strong shape right after the word. */
const NEAR = new RegExp(
  String.raw`(?<pre>(?:\b(?<word>${WORD_EN})\b|(?<zh>${WORD_ZH}))(?<fill>(?:[ \t]+[\p{L}_-]+){0,3}?)[ \t:：=(（]*)(?<val>[A-Za-z0-9._+/=-]{6,})`,
  'giu',
);

/** 'use the passphrase "a b c" to unlock': a quoted value right after the word. */
const QUOTED_NEAR = new RegExp(String.raw`(?<pre>(?:\b(?<word>${WORD_EN})\b|(?<zh>${WORD_ZH}))[ \t]*)(?<val>${QUOTED})`, 'giu');

function aboutFiller(groups: Record<string, string | undefined>): boolean {
  return (groups['fill'] ?? '').trim().split(/\s+/).some((w) => ABOUT.test(w));
}

/** A cheap test that skips the word rules: most text names no secret (redaction runs on every write). */
const HAS_LOGIN = /log[ \t]?in|sign[ \t]?in|credential|account|user|basic[ \t]+auth|账号|帐号|用户名|登录/i;

/**
 * "GitHub recovery codes: 4f8k2-j9d7q …", "backup codes are 12345678, …",
 * "恢复码：…": every code of the list after the words.
 */
const CODES = new RegExp(
  String.raw`(?<pre>(?:\b(?:recovery|backup|one[- ]?time|emergency|scratch)[ \t]+codes?\b|恢复码|备用码|救援码)[^\n:：]{0,30}?(?:[:：]|\b(?:are|is)\b|是)[ \t]*)(?<val>[A-Za-z0-9]{4,}(?:-[A-Za-z0-9]{4,})*(?:[ \t]*[,;，]?[ \t]*[A-Za-z0-9]{4,}(?:-[A-Za-z0-9]{4,})*){0,15})`,
  'giu',
);
const HAS_WORD = new RegExp(String.raw`pass|pwd|\bpw\b|secret|token|key|\bpsk\b|auth|credential|\bpin\b|${WORD_ZH}`, 'i');

export function redactByContext(text: string): string {
  let out = redactCommands(text);
  if (out.includes('/') && HAS_LOGIN.test(out)) out = hideValues(out, LOGIN_PAIR, 'password', (v) => passwordLike(v));
  if (/codes?\b|恢复码|备用码|救援码/i.test(out)) out = hideValues(out, CODES, 'secret', (v) => /[0-9]/.test(v));
  if (!HAS_WORD.test(out)) return out;
  out = hideValues(out, IDENT_PROSE, 'secret', (v, g) => linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, CHANGED_TO, 'secret', (v, g) => !aboutFiller(g) && linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, USE_AS_EN, 'secret', (v) => linkedCredential(v, 'password'));
  out = hideValues(out, USE_AS_ZH, 'secret', (v) => linkedCredential(v, 'password'));
  out = hideValues(out, PROSE_EN, 'secret', (v, g) => !aboutFiller(g) && linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, PROSE_ZH, 'secret', (v, g) => !aboutFiller(g) && linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, QUOTED_NEAR, 'secret', (v, g) => linkedCredential(v, g['word'] ?? g['zh'] ?? ''));
  out = hideValues(out, PASSWORD_NEAR, 'password', (v) => passwordLike(trimmed(v)));
  out = hideValues(out, NEAR, 'secret', (v, g) => !aboutFiller(g) && !v.includes('[redacted') && strongCredential(v));
  return out;
}

/** The value without the sentence punctuation after it, as hideValues passes it. */
function trimmed(v: string): string {
  return v.replace(/[.,;:)\]}>]+$/, '');
}

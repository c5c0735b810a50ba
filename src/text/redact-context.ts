/**
 * Secrets recognised by what surrounds them rather than by their format: a
 * password has no prefix, and a 40-hex API key looks exactly like a git
 * SHA. The words around a value (password, token, 密码, 令牌…) in key/value,
 * prose and command-flag form, the flags of the commands that take
 * credentials on the command line, and the credential file formats say it
 * is one. Each rule hides only the value and keeps the words that named it.
 */

/** Words that say the value after them is a credential. "key" alone is too common (a map key, a GPG key id). */
const WORD_EN = String.raw`pass(?:word|phrase|wd|code)?s?|pwd|secrets?|tokens?|api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?keys?|private[ _-]?keys?|license[ _-]?keys?|master[ _-]?keys?|encryption[ _-]?keys?|app[ _-]?keys?|auth[ _-]?keys?|credentials?|pin`;
const WORD_ZH = '密码|口令|密钥|秘钥|令牌|私钥|凭证|凭据|授权码|访问码';

/**
 * Nouns that, between the secret word and the value, say the value is
 * about the secret, not the secret: "the token budget is 1500", "the
 * password field is required", "the API key header is X-Api-Key".
 */
const ABOUT = /^(?:budget|limit|count|length|len|size|expiry|expires|ttl|lifetime|usage|format|type|name|names|field|fields|header|endpoint|url|uri|file|files|path|env|variable|var|policy|rules?|rotation|reset|manager|store|vault|hash|hashing|id|prefix|scope|scopes|flow|page|form|prompt|strength|hint|length|complexity|requirement|requirements|validation|check|refresh|exchange|provider|service|server|generator)$/i;

const QUOTED = String.raw`"[^"\n]{1,200}"|'[^'\n]{1,200}'|“[^”\n]{1,200}”|「[^」\n]{1,200}」|\x60[^\x60\n]{1,200}\x60`;
/** Printable ASCII without quotes: credentials are ASCII, and CJK text may follow with no space. */
const BARE = String.raw`[\x21\x23-\x26\x28-\x5f\x61-\x7e]+`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KUBE_TOKEN = /^[a-z0-9]{6}\.[a-z0-9]{16}$/;

function unquote(v: string): { inner: string; open: string; close: string } {
  const first = v[0] ?? '';
  if (/["'“「`]/.test(first) && v.length >= 2) return { inner: v.slice(1, -1), open: first, close: v[v.length - 1] ?? '' };
  return { inner: v, open: '', close: '' };
}

/** A value that points at a secret, or stands for one, rather than being one. */
export function isReference(v: string): boolean {
  if (/^\$|^%\w+%$|^<[^>]*>$|^\{\{.*\}\}$|^\*+$|^x{4,}$|^\.\.\.$|^…$/i.test(v)) return true;
  // A URL without credentials is a location (token_uri: https://oauth2.googleapis.com/token).
  if (/^[a-z][a-z0-9+.-]*:\/\/[^\s@]*$/i.test(v)) return true;
  // A path: where a key file lives, not the key.
  if (/^(?:~|\.{1,2})?\/[\w.@~/-]*$/.test(v) || /^[\w.-]+\/[\w./-]+\.(?:pem|key|json|txt|env|p12|pfx|crt|asc|gpg)$/i.test(v)) return true;
  if (/^(?:true|false|null|none|nil|yes|no|on|off|required|optional|empty|unset|undefined|stdin|prompt)$/i.test(v)) return true;
  return false;
}

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
  if (open) return v.length >= 4;
  if (v.length < 4) return false;
  if (/^\d+$/.test(v)) return v.length >= 4 && /pass|pwd|pin|密码|口令/i.test(word);
  if (/^[a-z]+$/.test(v)) return false;
  if (/^[A-Z]?[a-z]+$/.test(v)) return false;
  return /[0-9]/.test(v) || /[^A-Za-z0-9]/.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v)) || v.length >= 16;
}

/** Strips sentence punctuation a bare value picked up at its end ("…is hunter22." ). */
function trimTail(v: string): { value: string; tail: string } {
  if (/^["'“「`]/.test(v)) return { value: v, tail: '' };
  const m = /[.,;:)\]}>]+$/.exec(v);
  if (!m || m[0].length === v.length) return { value: v, tail: '' };
  return { value: v.slice(0, -m[0].length), tail: m[0] };
}

type Accept = (value: string, groups: Record<string, string | undefined>) => boolean;

/** Replaces the `val` group of each match that `accept` takes; `pre` and the rest stay. */
function hideValues(text: string, pattern: RegExp, label: string, accept: Accept): string {
  return text.replace(pattern, (...args: unknown[]) => {
    const whole = String(args[0]);
    const groups = args[args.length - 1] as Record<string, string | undefined>;
    const pre = groups['pre'] ?? '';
    const rawVal = groups['val'];
    if (rawVal === undefined) return whole;
    const { value, tail } = trimTail(rawVal);
    if (!accept(value, groups)) return whole;
    const { open, close } = unquote(value);
    return `${pre}${open}[redacted:${label}]${close}${tail}${whole.slice(pre.length + rawVal.length)}`;
  });
}

const LINK_EN = String.raw`(?:\b(?:is|was|are|were|becomes|became)\b(?:[ \t]+(?:now|still|currently|just))?(?:[ \t]+(?:set[ \t]+to|changed[ \t]+to))?|\b(?:set|changed|rotated|reset|updated)[ \t]+to\b|=>|[:=：])`;

/** "the root password is hunter22", "password for grafana: 'a b c'", "API key = …". */
const PROSE_EN = new RegExp(
  String.raw`(?<pre>\b(?<word>${WORD_EN})\b["']?(?<fill>(?:[ \t]+(?!(?:is|was|are|were|to)\b)[\p{L}\p{N}_.@-]+){0,6}?)[ \t]*${LINK_EN}[ \t]*)(?<val>${QUOTED}|${BARE})`,
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

/** Commands that take a password in a flag: mysql -pX, curl -u user:pass, sshpass -p X, docker login -p X, redis-cli -a X. */
const FLAG_RULES: RegExp[] = [
  new RegExp(String.raw`(?<pre>\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb(?:-dump|-admin)?)\b[^\n|;&]*?[ \t]-p)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bcurl\b[^\n|;&]*?[ \t](?:-u|--user|--proxy-user|-U)[ \t]*["']?[^\s:"']*:)(?<val>[^\s"']+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bsshpass\b[^\n|;&]*?[ \t]-p[ \t]*)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\b(?:docker|podman|nerdctl|helm)[ \t]+(?:registry[ \t]+)?login\b[^\n|;&]*?[ \t]-p[ \t]+)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bredis-cli\b[^\n|;&]*?[ \t]-a[ \t]+)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bhtpasswd\b[^\n|;&]*?[ \t]-\w*b\w*[ \t]+\S+[ \t]+\S+[ \t]+)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  // Long flags of any command: --password X, --token=X, --client-secret X (never --password-stdin or --token-file).
  new RegExp(
    String.raw`(?<pre>(?:^|[ \t])--?(?:[a-z]+-)*(?:password|passwd|pass|passphrase|token|api-?key|secret|client-secret|access-key|secret-key|auth-key|storepass|keypass)(?:=|[ \t]+))(?<val>${QUOTED}|[^\s'"-][^\s'"]*)`,
    'gim',
  ),
];

/** .netrc (`machine h login u password p`) and .pgpass (`host:port:db:user:password`). */
const NETRC = /(?<pre>\b(?:machine|default)\b[^\n]*?\bpassword[ \t]+)(?<val>\S+)/g;
// A .pgpass entry is five fields in one word, wherever it is quoted ("remember this: host:5432:db:user:pw").
const PGPASS = /(?<pre>(?<![^\s"'`(\[{=：])(?:[\w.-]*[A-Za-z*][\w.-]*|\*):(?:\d+|\*):[^\s:/]+:[^\s:/]+:)(?<val>[^\s"'`]+)/g;

/**
 * The tail of a PEM block whose BEGIN line came in an earlier message or
 * was cut: base64 lines followed by an END line of a private key.
 */
const PEM_TAIL = /(?:[A-Za-z0-9+/=]{16,}[ \t]*\r?\n)*[A-Za-z0-9+/=]*\r?\n?[ \t]*-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/g;

/** Cheap tests that skip the rules a text cannot match: most text names no secret (redaction runs on every write). */
const HAS_WORD = new RegExp(String.raw`pass|pwd|secret|token|key|credential|\bpin\b|${WORD_ZH}`, 'i');
const HAS_FLAG = /[ \t]-/;
const HAS_PGPASS = /:(?:\d+|\*):/;

export function redactByContext(text: string): string {
  let out = text.includes('-----END') ? text.replace(PEM_TAIL, '[redacted:private-key]') : text;
  if (HAS_PGPASS.test(out)) out = hideValues(out, PGPASS, 'password', (v) => !isReference(v) && !v.includes('[redacted'));
  if (!HAS_WORD.test(out) && !HAS_FLAG.test(out)) return out;
  if (HAS_FLAG.test(out)) for (const rule of FLAG_RULES) out = hideValues(out, rule, 'password', (v) => !isReference(unquote(v).inner) && !v.includes('[redacted') && unquote(v).inner.length >= 1);
  out = hideValues(out, NETRC, 'password', (v) => !isReference(v) && !v.includes('[redacted'));
  if (!HAS_WORD.test(out)) return out;
  out = hideValues(out, IDENT_PROSE, 'secret', (v, g) => linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, CHANGED_TO, 'secret', (v, g) => !aboutFiller(g) && linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, USE_AS_EN, 'secret', (v) => linkedCredential(v, 'password'));
  out = hideValues(out, USE_AS_ZH, 'secret', (v) => linkedCredential(v, 'password'));
  out = hideValues(out, PROSE_EN, 'secret', (v, g) => !aboutFiller(g) && linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, PROSE_ZH, 'secret', (v, g) => !aboutFiller(g) && linkedCredential(v, g['word'] ?? ''));
  out = hideValues(out, QUOTED_NEAR, 'secret', (v, g) => linkedCredential(v, g['word'] ?? g['zh'] ?? ''));
  out = hideValues(out, NEAR, 'secret', (v, g) => !aboutFiller(g) && !v.includes('[redacted') && strongCredential(v));
  return out;
}

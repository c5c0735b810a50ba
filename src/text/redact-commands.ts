/**
 * Credentials in command lines and credential files: the flags of commands
 * that take a password on the command line, .netrc and .pgpass lines, and
 * the tail of a PEM block cut from its BEGIN line. Pure.
 */
import { QUOTED, hideValues, isReference, unquote } from './redact-values.js';

/** Commands that take a password in a flag: mysql -pX, curl -u user:pass, sshpass -p X, docker login -p X, redis-cli -a X. */
const FLAG_RULES: RegExp[] = [
  new RegExp(String.raw`(?<pre>\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb(?:-dump|-admin)?)\b[^\n|;&]*?[ \t]-p)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bcurl\b[^\n|;&]*?[ \t](?:-u|--user|--proxy-user|-U)[ \t]*["']?[^\s:"']*:)(?<val>[^\s"']+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bsshpass\b[^\n|;&]*?[ \t]-p[ \t]*)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\b(?:docker|podman|nerdctl|helm)[ \t]+(?:registry[ \t]+)?login\b[^\n|;&]*?[ \t]-p[ \t]+)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bredis-cli\b[^\n|;&]*?[ \t]-a[ \t]+)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\b(?:zip|unzip)\b[^\n|;&]*?[ \t]-P[ \t]*)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\b7za?\b[^\n|;&]*?[ \t]-p)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bopenssl\b[^\n|;&]*?[ \t](?:-k[ \t]+|-(?:pass|passin|passout)[ \t]+pass:))(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n|;&]*?[ \t]-w[ \t]+)(?<val>${QUOTED}|[^\s'"]+)`, 'g'),
  new RegExp(String.raw`(?<pre>\b(?:smbclient|rpcclient|smbmap|net)\b[^\n|;&]*?[ \t](?:-U|--user(?:name)?=?)[ \t]*[^\s%'"]+%)(?<val>[^\s'"]+)`, 'g'),
  // A password piped into a command that reads it: echo X | sudo -S, | passwd --stdin, | chpasswd, | docker login --password-stdin.
  new RegExp(
    String.raw`(?<pre>\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?)(?<val>${QUOTED}|[^\s'"|$][^\s'"|]*)(?=[ \t]*\|[ \t]*(?:sudo\b[^\n|;&]*?[ \t]-\w*S|passwd[ \t]+--stdin|chpasswd|[^\n|;&]*--password-stdin))`,
    'g',
  ),
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

/** Cheap tests that skip the rules a text cannot match. */
const HAS_FLAG = /[ \t]-/;
const HAS_PGPASS = /:(?:\d+|\*):/;

export function redactCommands(text: string): string {
  let out = text.includes('-----END') ? text.replace(PEM_TAIL, '[redacted:private-key]') : text;
  if (HAS_PGPASS.test(out)) out = hideValues(out, PGPASS, 'password', (v) => !isReference(v) && !v.includes('[redacted'));
  if (HAS_FLAG.test(out)) for (const rule of FLAG_RULES) out = hideValues(out, rule, 'password', (v) => !isReference(unquote(v).inner) && !v.includes('[redacted') && unquote(v).inner.length >= 1);
  if (out.includes('password')) out = hideValues(out, NETRC, 'password', (v) => !isReference(v) && !v.includes('[redacted'));
  return out;
}

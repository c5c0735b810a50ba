/**
 * The pieces every contextual redaction rule shares: what a value looks like
 * (quoted whole, or a bare run of printable ASCII), what only points at a
 * secret, and the replacement that hides the value and keeps the words that
 * named it. Pure.
 */
export const QUOTED = String.raw`"[^"\n]{1,200}"|'[^'\n]{1,200}'|“[^”\n]{1,200}”|「[^」\n]{1,200}」|\x60[^\x60\n]{1,200}\x60`;
/** Printable ASCII without quotes: credentials are ASCII, and CJK text may follow with no space. */
export const BARE = String.raw`[\x21\x23-\x26\x28-\x5f\x61-\x7e]+`;

export function unquote(v: string): { inner: string; open: string; close: string } {
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
  // A placeholder: cut off with an ellipsis (sk-...), or one that says it stands for yours (your-api-key-here, changeme).
  if (/(?:\.\.\.|…)$/.test(v) || /^(?:your|my)[-_]|[-_](?:here|goes-here)$/i.test(v) || /^(?:changeme|change-me|example|placeholder|dummy|redacted|secret|password)$/i.test(v)) return true;
  // A colour (#1e90ff), as design tokens have them.
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v)) return true;
  return false;
}

/** Strips sentence punctuation a bare value picked up at its end ("…is hunter22." ). */
function trimTail(v: string): { value: string; tail: string } {
  if (/^["'“「`]/.test(v)) return { value: v, tail: '' };
  const m = /[.,;:)\]}>]+$/.exec(v);
  if (!m || m[0].length === v.length) return { value: v, tail: '' };
  return { value: v.slice(0, -m[0].length), tail: m[0] };
}

export type Accept = (value: string, groups: Record<string, string | undefined>) => boolean;

/** Replaces the `val` group of each match that `accept` takes; `pre` and the rest stay. */
export function hideValues(text: string, pattern: RegExp, label: string, accept: Accept): string {
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


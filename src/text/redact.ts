/**
 * Redaction runs before anything reaches the store. Each rule names what it
 * hides, so a redacted memory still says what kind of thing was there.
 */
interface Rule {
  label: string;
  pattern: RegExp;
  /** Replace only this capture group (keeps e.g. "password=" visible). */
  group?: number;
}

const RULES: Rule[] = [
  { label: 'private', pattern: /<private>[\s\S]*?<\/private>/gi },
  { label: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g },
  { label: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { label: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { label: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g },
  { label: 'aws-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { label: 'aws-secret', pattern: /(aws_secret_access_key\s*[=:]\s*["']?)([A-Za-z0-9/+=]{40})/gi, group: 2 },
  { label: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { label: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g },
  { label: 'google-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { label: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { label: 'password', pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(@)/gi, group: 2 },
  {
    label: 'password',
    pattern: /\b((?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|token|密码)\s*[=:：]\s*["']?)([^\s"',;]+)/gi,
    group: 2,
  },
];

export function redact(text: string): string {
  let out = text;
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (...m: unknown[]) => {
      const whole = String(m[0]);
      const index = rule.group;
      if (index === undefined) return `[redacted:${rule.label}]`;
      // Every grouped rule's groups cover its whole match, so joining them rebuilds it.
      const groups = m.slice(1, -2).map((g) => (typeof g === 'string' ? g : ''));
      if ((groups[index - 1] ?? '').startsWith('[redacted')) return whole;
      return groups.map((g, i) => (i === index - 1 ? `[redacted:${rule.label}]` : g)).join('');
    });
  }
  return out;
}

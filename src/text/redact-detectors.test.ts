import { describe, expect, it } from 'vitest';
import { detectSecrets, redactDetected } from './redact-detectors.js';
import { redact } from './redact.js';

/** A fake key of `n` characters from `alphabet`, the same on every run. */
const fake = (n: number, alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'): string => Array.from({ length: n }, (_, i) => alphabet[(i * 7919 + n * 31) % alphabet.length]).join('');

describe('provider formats by the maintained detector set (secretlint recommend preset)', () => {
  it('finds provider keys our own rules never named, and redaction hides them', () => {
    for (const [text, label] of [
      [`the Shopify admin token is shpat_${fake(32, 'abcdef0123456789')}`, 'shopify'],
      [`Linear API key lin_api_${fake(40)} for the sync job`, 'linear'],
      [`SendGrid: SG.${fake(22)}.${fake(43)}`, 'sendgrid'],
      [`incoming webhook https://hooks.slack.com/services/T${fake(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/B${fake(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/${fake(24)}`, 'slack'],
    ] as const) {
      expect(detectSecrets(text).map((d) => d.label), text).toContain(label);
      expect(redact(text)).toContain(`[redacted:${label}]`);
    }
  });

  it('keeps where a URL points: only the password in it goes', () => {
    expect(redactDetected(`DATABASE_URL=postgres://admin:${fake(12)}@db.internal:5432/app`)).toBe('DATABASE_URL=postgres://admin:[redacted:password]@db.internal:5432/app');
  });

  it('leaves prose, ids and hashes alone, and never throws (a text with no long run is not scanned)', () => {
    for (const text of [
      'The deploy runs from the release branch; set PORT=3000 and run pytest -q.',
      '日志统一使用 JSON 格式，字段名用 snake_case。',
      'request_id 3f2a9c0d-1e2b-4c3d-8e4f-5a6b7c8d9e0f failed at 10:42',
      'go.sum: golang.org/x/net v0.17.0 h1:pVaXccu2ozPjCXewfr1S7xoNnHQkMqwXQxTpiXXO8GM=',
    ]) {
      expect(detectSecrets(text), text).toEqual([]);
    }
  });
});

/**
 * The third corpus: the kinds a security round found in clear (one-time
 * password seeds, recovery codes, a service account's key id, grouped app
 * passwords, a user and password said apart, a literal in a kubectl flag)
 * and the public values that were hidden wrongly (ids, placeholders,
 * lockfile hashes, colours, trace ids). Seeded values, several phrasings of
 * each kind, both languages where people use them.
 */
import { rng, type FakeSecret } from './secrets.js';
import type { LookAlike } from './secrets-context.js';

const HEX = '0123456789abcdef';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${ALNUM}+/`;

export function round3Secrets(seed = 41): { secrets: FakeSecret[]; lookAlikes: LookAlike[] } {
  const r = rng(seed);
  const pick = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
  const groups = (alphabet: string, n: number, size = 4): string => Array.from({ length: n }, () => pick(alphabet, size)).join(' ');
  const pw = (): string => `${['Quartz', 'Harbor', 'Lumen', 'Vx'][Math.floor(r() * 4)]}${pick('0123456789', 2)}${'!#%&'[Math.floor(r() * 4)]}${pick(ALNUM, 4)}`;
  const uuid = (): string => `${pick(HEX, 8)}-${pick(HEX, 4)}-4${pick(HEX, 3)}-8${pick(HEX, 3)}-${pick(HEX, 12)}`;
  const secrets: FakeSecret[] = [];
  const add = (family: string, secret: string, say: (s: string) => string): void => {
    secrets.push({ family, secret, say: say(secret) });
  };

  add('totp seed', pick(B32, 32), (s) => `the TOTP seed for the ops account is ${s}`);
  add('2fa seed grouped', groups(B32, 4), (s) => `2FA secret key (authenticator): ${s}`);
  add('mfa seed zh', pick(B32, 16), (s) => `两步验证的种子密钥是 ${s}`);
  add('recovery codes', `${pick(LOWER + '0123456789', 5)}-${pick(LOWER + '0123456789', 5)} ${pick(LOWER + '0123456789', 5)}-${pick(LOWER + '0123456789', 5)}`, (s) => `GitHub recovery codes: ${s}`);
  add('backup codes list', `${pick('0123456789', 8)}, ${pick('0123456789', 8)}, ${pick('0123456789', 8)}`, (s) => `backup codes for the admin login are ${s}`);
  add('private_key_id', pick(HEX, 40), (s) => `"private_key_id": "${s}",`);
  add('app password grouped', groups(LOWER, 4), (s) => `the Gmail app password is ${s}`);
  add('app password colon', groups(LOWER, 4), (s) => `SMTP app password: ${s}`);
  add('basic auth pair', pw(), (s) => `staging is behind basic auth, ops / ${s}`);
  add('user pass prose', pw(), (s) => `for the FTP box use user deploy, pass ${s}`);
  add('kubectl literal', pw(), (s) => `kubectl create secret generic db --from-literal=password='${s}'`);
  add('kubectl literal bare', pw(), (s) => `kubectl create secret generic api --from-literal=token=${s}`);

  const lookAlikes: LookAlike[] = [
    { family: 'request_id uuid', text: `request_id: ${uuid()} (the token refresh that failed)` },
    { family: 'token request uuid prose', text: `the token endpoint returned 500 for request ${uuid()}` },
    { family: 'placeholder sk-', text: 'set OPENAI_API_KEY=sk-... in your shell before running it' },
    { family: 'placeholder your key', text: 'api_key: your-api-key-here' },
    { family: 'go.sum h1', text: `golang.org/x/text v0.14.0 h1:${pick(B64, 43)}=` },
    { family: 'yarn checksum', text: `  checksum: 10c0/${pick(HEX, 128)}` },
    { family: 'colour', text: 'the design token for the primary colour is #1e90ff' },
    { family: 'colour short', text: 'secondary token colour: #f0a' },
    { family: 'trace id', text: `trace_id=${pick(HEX, 32)} span_id=${pick(HEX, 16)}` },
    { family: 'traceparent', text: `traceparent: 00-${pick(HEX, 32)}-${pick(HEX, 16)}-01` },
    { family: 'x-request-id', text: `X-Request-Id: ${pick(HEX, 32)} came back with the auth token error` },
  ];
  return { secrets, lookAlikes };
}

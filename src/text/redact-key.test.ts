import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SECRET_ASSIGNMENT } from './redact.js';

/** The key=value rule as it was written before its Latin key names were anchored at the start of their run. */
const UNANCHORED = new RegExp(
  String.raw`((?:[A-Za-z0-9_.-]*_pass|[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|private[_-]?key|credential|access[_-]?key|auth[_-]?key|client[_-]?secret)[A-Za-z0-9_.-]*|密码|口令|密钥|令牌)["']?\s*(?:[:=：]|=>)\s*["']?)([^\s"',;<>\u0000]{4,})`,
  'gi',
);

const matches = (re: RegExp, text: string): Array<[number, string, string | undefined, string | undefined]> =>
  [...text.matchAll(re)].map((m) => [m.index, m[0], m[1], m[2]]);

/** Pieces that make keys, signs and values, and break them up. */
const PIECE = fc.constantFrom(
  'db', 'DB_', 'my', '.', '-', '_', 'x9', 'pass', 'PASS', '_pass', 'password', 'Passwd', 'pwd', 'secret', 'Secret', 'token', 'TOKEN',
  'api_key', 'apiKey', 'api-key', 'private_key', 'credential', 'access-key', 'auth_key', 'client_secret', 'clientSecret',
  '密码', '口令', '密钥', '令牌', '数据库', '=', ': ', '：', '=>', ' = ', '"', "'", ' ', '\n', ',', ';', 'hunter22', 'Xk9#mP2q', 'abcd', 'a',
);

describe('the key=value rule, anchored at the start of a key name', () => {
  it('finds the same matches as the unanchored rule, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(PIECE, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(matches(SECRET_ASSIGNMENT, text)).toEqual(matches(UNANCHORED, text));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds them in a prose sentence and a config line alike', () => {
    const text = 'set DB_PASSWORD=hunter22 and the db.secret: "s3cr3t-value"; 数据库密码：Xk9#mP2q, then mytoken => abcd1234';
    const found = matches(SECRET_ASSIGNMENT, text).map((m) => m[3]);
    expect(found).toEqual(['hunter22', 's3cr3t-value', 'Xk9#mP2q', 'abcd1234']);
    expect(matches(SECRET_ASSIGNMENT, text)).toEqual(matches(UNANCHORED, text));
  });
});

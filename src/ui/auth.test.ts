import { describe, expect, it } from 'vitest';
import { authorize, hostAllowed, newToken, sameToken } from './auth.js';

const token = newToken();
const req = (o: Partial<Parameters<typeof authorize>[0]> = {}) => ({ method: 'GET', host: '127.0.0.1:4000', headerToken: undefined, queryToken: undefined, fetchSite: undefined, ...o });

describe('viewer access (pure)', () => {
  it('makes a fresh 48-hex token each time and compares in constant time', () => {
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(newToken()).not.toBe(token);
    expect(sameToken(token, token)).toBe(true);
    expect(sameToken(`${token}x`, token)).toBe(false);
    expect(sameToken(undefined, token)).toBe(false);
    expect(sameToken('', token)).toBe(false);
  });

  it('answers only as 127.0.0.1 or localhost on its own port (no DNS rebinding)', () => {
    expect(hostAllowed('127.0.0.1:4000', 4000)).toBe(true);
    expect(hostAllowed('localhost:4000', 4000)).toBe(true);
    expect(hostAllowed('evil.example:4000', 4000)).toBe(false);
    expect(hostAllowed('127.0.0.1:4001', 4000)).toBe(false);
    expect(hostAllowed(undefined, 4000)).toBe(false);
    expect(authorize(req({ host: 'evil.example:4000', headerToken: token }), 4000, token)).toMatchObject({ ok: false, status: 421 });
  });

  it('reads take the token from the header or the URL; writes only from the header, and never from another site', () => {
    expect(authorize(req(), 4000, token)).toMatchObject({ ok: false, status: 403 });
    expect(authorize(req({ queryToken: token }), 4000, token)).toEqual({ ok: true });
    expect(authorize(req({ headerToken: token }), 4000, token)).toEqual({ ok: true });
    expect(authorize(req({ method: 'POST', queryToken: token }), 4000, token)).toMatchObject({ ok: false, status: 403 });
    expect(authorize(req({ method: 'POST', headerToken: token }), 4000, token)).toEqual({ ok: true });
    expect(authorize(req({ method: 'POST', headerToken: token, fetchSite: 'cross-site' }), 4000, token)).toMatchObject({ ok: false, status: 403 });
    expect(authorize(req({ method: 'POST', headerToken: token, fetchSite: 'same-origin' }), 4000, token)).toEqual({ ok: true });
  });
});

/**
 * Who may talk to the viewer: pure checks on one request. The server
 * listens on 127.0.0.1 only; a random token, printed in the URL, is asked
 * of every data request and carried in a header by every write, which a
 * page from another origin cannot set without CORS (we send none). The
 * Host header must name this server, so a DNS-rebinding page gets nothing.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_HEADER = 'x-claude-mem-token';

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

export function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export interface RequestFacts {
  method: string;
  host: string | undefined;
  /** The token in the header, if any. */
  headerToken: string | undefined;
  /** The token in the URL (?token=), if any. */
  queryToken: string | undefined;
  /** Sec-Fetch-Site, sent by browsers: a write from another site is refused whatever it carries. */
  fetchSite: string | undefined;
}

export type Verdict = { ok: true } | { ok: false; status: 403 | 421; why: string };

/** Reads take the token from the header or the URL (the player fetches by URL); writes only from the header. */
export function authorize(r: RequestFacts, port: number, token: string): Verdict {
  if (!hostAllowed(r.host, port)) return { ok: false, status: 421, why: 'this server answers only as 127.0.0.1 or localhost' };
  const write = r.method !== 'GET' && r.method !== 'HEAD';
  if (write) {
    if (r.fetchSite && r.fetchSite !== 'same-origin' && r.fetchSite !== 'none') return { ok: false, status: 403, why: 'writes come only from the viewer itself' };
    if (!sameToken(r.headerToken, token)) return { ok: false, status: 403, why: 'missing or wrong token: open the URL "claude-mem ui" printed' };
    return { ok: true };
  }
  if (!sameToken(r.headerToken ?? r.queryToken, token)) return { ok: false, status: 403, why: 'missing or wrong token: open the URL "claude-mem ui" printed' };
  return { ok: true };
}

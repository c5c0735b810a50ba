/**
 * Ids and string hashes, without loading node:crypto or Web Crypto on the
 * way to the prompt (~5 and ~3 ms of a launch). The ids here are names
 * (a session log, a handover file, a store's version token, a CLI's
 * session id), never secrets: Math.random, which V8 seeds per process from
 * the system's entropy, makes them unique across concurrent runs. Secrets
 * (the viewer's token, the owner key) use node:crypto, which is required
 * only on first use: a sha256 by a process that writes, or an HMAC that
 * repo-owned.ts has not seen before.
 */
import { lazyBuiltin } from './lazy-builtins.js';

/** node:crypto, loaded on first use: ~5–10 ms a launch that needs none of it is spared. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

/** The sha256 of a string, as hex: for what is stored (content hashes). */
export function sha256Hex(s: string): string {
  return crypto().createHash('sha256').update(s).digest('hex');
}

/** HMAC-SHA256 of `s` under `key`, as hex. */
export function hmacSha256Hex(key: string, s: string): string {
  return crypto().createHmac('sha256', key).update(s).digest('hex');
}

/** `bytes` bytes from the system's secure random source, as hex: for keys. */
export function secretHex(bytes: number): string {
  return crypto().randomBytes(bytes).toString('hex');
}

/** `bytes` random bytes as lowercase hex (a name, not a secret). */
export function randomHex(bytes: number): string {
  let s = '';
  for (let i = 0; i < bytes; i++) s += Math.floor(Math.random() * 256).toString(16).padStart(2, '0');
  return s;
}

/** A random version 4 UUID, as the CLIs' --session-id flags take (a name, not a secret). */
export function randomUuid(): string {
  const h = randomHex(16);
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A 53-bit hash of a string (cyrb53: two 32-bit multiply-xorshift lanes),
 * as 11 base-36 characters. For cache keys, where a collision costs a
 * stale or missed entry and never a wrong memory: among 8,192 keys the
 * chance of one is ~4e-9. Never for anything stored as content identity.
 */
export function quickHash(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return n.toString(36).padStart(11, '0');
}

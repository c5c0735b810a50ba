import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimProcessing, markDone, unprocessedLogs, writeLock, removeLock, newSessionId, setAside, clearSetAside } from './session-files.js';

describe('session files', () => {
  it('lets one process at a time claim a log, and takes over from a dead one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-sf-'));
    const release = claimProcessing(dir, 's1');
    expect(release).toBeDefined();
    // Another live process holds it (pid 1 always runs).
    writeFileSync(join(dir, 's1.processing'), '1');
    expect(claimProcessing(dir, 's1')).toBeUndefined();
    writeFileSync(join(dir, 's1.processing'), '999999999'); // no such process
    const again = claimProcessing(dir, 's1');
    expect(again).toBeDefined();
    again?.();
    expect(claimProcessing(dir, 's1')).toBeDefined();
  });

  it('names a session by its UTC second, as the ISO form without separators, then a random suffix', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }), (d) => {
        const id = newSessionId(d);
        expect(id.slice(0, -7)).toBe(d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'));
        expect(id).toMatch(/-[0-9a-f]{6}$/);
      }),
    );
  });

  it('lists logs that are not live and changed since marked done', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-sf-'));
    const id = newSessionId();
    writeFileSync(join(dir, `${id}.cast`), '{"version":2}\n');
    writeLock(dir, id, process.pid);
    expect(unprocessedLogs(dir)).toEqual([]);
    removeLock(dir, id);
    expect(unprocessedLogs(dir)).toEqual([id]);
    markDone(dir, id);
    expect(unprocessedLogs(dir)).toEqual([]);
    // A log grows only while its recorder holds the lock (run resumed the session).
    const grow = (text: string): void => {
      writeLock(dir, id, process.pid);
      writeFileSync(join(dir, `${id}.cast`), text);
      removeLock(dir, id);
    };
    grow('{"version":2}\n[0.1,"o","more"]\n');
    expect(unprocessedLogs(dir)).toEqual([id]);
    // Set aside: left out while unchanged, back once it grows or the marker goes.
    setAside(dir, id, 'bad format');
    expect(unprocessedLogs(dir)).toEqual([]);
    grow('{"version":2}\n[0.1,"o","more"]\n[0.2,"o","again"]\n');
    expect(unprocessedLogs(dir)).toEqual([id]);
    setAside(dir, id, 'bad format');
    clearSetAside(dir, id);
    expect(unprocessedLogs(dir)).toEqual([id]);
    // Among many: only the ones not done, in order; a folder that is not there has none.
    const others = Array.from({ length: 30 }, (_, i) => `2026${String(i).padStart(4, '0')}-x`);
    for (const o of others) {
      writeFileSync(join(dir, `${o}.cast`), '{"version":2}\n');
      if (Number(o.slice(4, 8)) % 3 !== 0) markDone(dir, o);
    }
    expect(unprocessedLogs(dir)).toEqual([...others.filter((o) => Number(o.slice(4, 8)) % 3 === 0), id].sort());
    expect(unprocessedLogs(join(dir, 'missing'))).toEqual([]);
  });

  it('remembers a folder where every log was processed until a file in it comes or goes', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cm-sf-')), 'sessions');
    mkdirSync(dir);
    const quiet = `${dir}.quiet`;
    const ids = Array.from({ length: 5 }, (_, i) => `20260101-00000${i}-q`);
    for (const id of ids) {
      writeFileSync(join(dir, `${id}.cast`), '{"version":2}\n');
      markDone(dir, id);
    }
    expect(existsSync(quiet)).toBe(false);
    expect(unprocessedLogs(dir)).toEqual([]);
    expect(existsSync(quiet)).toBe(true);
    // The marker answers now: a done file rewritten in place (no entry added
    // or removed) is not read. Nothing in claude-mem does this to a finished log.
    writeFileSync(join(dir, `${ids[0]}.done`), '1');
    expect(unprocessedLogs(dir)).toEqual([]);
    // A new log changes the folder: it is read again (a log whose size has not
    // moved since its marker was read keeps that answer, unread).
    writeFileSync(join(dir, '20260102-000000-n.cast'), '{"version":2}\n');
    expect(unprocessedLogs(dir)).toEqual(['20260102-000000-n']);
    markDone(dir, ids[0] ?? '');
    markDone(dir, '20260102-000000-n');
    // While a session runs (a lock), its log may end without the folder changing: no marker.
    rmSync(quiet);
    writeLock(dir, 'live', process.pid);
    writeFileSync(join(dir, 'live.cast'), '{"version":2}\n');
    expect(unprocessedLogs(dir)).toEqual([]);
    expect(readFileSync(quiet, 'utf8').split('\n')[0]).toBe('-');
    // Its lock removed (the session ended, or a crashed one's was swept) changes the folder.
    removeLock(dir, 'live');
    expect(unprocessedLogs(dir)).toEqual(['live']);
  });

  it('after a new session, neither opens the markers nor reads the sizes of logs it found done before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-sf-'));
    const ids = ['20260101T000000Z-a', '20260101T000000Z-b', '20260101T000000Z-c'];
    for (const id of ids) {
      writeFileSync(join(dir, `${id}.cast`), '{"version":2}\n');
      markDone(dir, id);
    }
    expect(unprocessedLogs(dir)).toEqual([]);
    // A marker that cannot be read now (a folder in its place): its log is still known done.
    const [a] = ids as [string];
    rmSync(join(dir, `${a}.done`));
    mkdirSync(join(dir, `${a}.done`));
    writeFileSync(join(dir, '20260102T000000Z-new.cast'), '{"version":2}\n');
    expect(unprocessedLogs(dir)).toEqual(['20260102T000000Z-new']);
    // A log that grows after it was read is not looked at (nothing in claude-mem writes a finished log
    // without its lock): only a recorder writes a log, and it takes the marker away first.
    const [, b] = ids as [string, string];
    writeFileSync(join(dir, `${b}.cast`), '{"version":2}\n[0.1,"o","unseen"]\n');
    expect(unprocessedLogs(dir)).toEqual(['20260102T000000Z-new']);
    writeLock(dir, b, process.pid);
    expect(existsSync(join(dir, `${b}.done`))).toBe(false);
    writeFileSync(join(dir, `${b}.cast`), '{"version":2}\n[0.1,"o","more"]\n');
    removeLock(dir, b);
    expect(unprocessedLogs(dir)).toEqual(['20260102T000000Z-new', b].sort());
    rmSync(dir, { recursive: true, force: true });
  });
});

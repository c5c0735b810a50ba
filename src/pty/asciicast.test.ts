import { describe, expect, it } from 'vitest';
import { encodeEvent, encodeHeader, parseCast, CastFormatError } from './asciicast.js';
import { parseSttyG } from './echo-probe.js';
import { exitStatus } from './exit-status.js';

const header = { version: 2 as const, width: 80, height: 24, timestamp: 1, command: 'bash', env: { TERM: 'xterm', SHELL: '/bin/sh' } };

describe('asciicast v2', () => {
  it('round-trips a header and events', () => {
    const text = encodeHeader(header) + encodeEvent({ t: 0.5, code: 'o', data: 'hi\r\n' }) + encodeEvent({ t: 1.25, code: 'r', data: '100x30' });
    const cast = parseCast(text);
    expect(cast.header).toEqual(header);
    expect(cast.events).toEqual([
      { t: 0.5, code: 'o', data: 'hi\r\n' },
      { t: 1.25, code: 'r', data: '100x30' },
    ]);
    expect(cast.truncated).toBe(false);
    expect(cast.completeBytes).toBe(Buffer.byteLength(text));
  });

  it('tolerates a cut-off last line and reports the complete prefix', () => {
    const good = encodeHeader(header) + encodeEvent({ t: 0.1, code: 'o', data: '日志' });
    const cast = parseCast(`${good}[0.2, "o", "unfinis`);
    expect(cast.events).toHaveLength(1);
    expect(cast.truncated).toBe(true);
    expect(cast.completeBytes).toBe(Buffer.byteLength(good));
  });

  it('refuses a file that is not asciicast v2', () => {
    expect(() => parseCast('{"version":1}\n')).toThrow(CastFormatError);
    expect(() => parseCast('')).toThrow(CastFormatError);
  });

  it('refuses a header whose size or timestamp is not a number, and defaults a missing timestamp', () => {
    expect(() => parseCast('{"version":2,"width":"x","height":24}\n')).toThrow(/width and height/);
    expect(() => parseCast('{"version":2,"width":80,"height":0}\n')).toThrow(CastFormatError);
    expect(() => parseCast('{"version":2,"width":80,"height":24,"timestamp":"soon"}\n')).toThrow(/timestamp/);
    expect(parseCast('{"version":2,"width":80,"height":24}\n').header.timestamp).toBe(0);
  });
});

describe('echo state from stty -g', () => {
  it('reads ECHO from c_lflag', () => {
    expect(parseSttyG('500:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0')).toBe('on');
    // read -s / sudo: echo off, canonical on → hidden
    expect(parseSttyG('500:5:bf:8a33:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0')).toBe('off');
    // readline, vim, TUIs: echo and canonical off → raw, they echo themselves
    expect(parseSttyG('6c02:5:4bf:8a31:3:1c:7f:15:4:0:1:0:11:13:1a:ff:12:0:17:0:ff:0:0:0')).toBe('raw');
    expect(parseSttyG('unknown')).toBe('unknown');
  });
});

describe('exit status', () => {
  it('is the code, or 128 + signal', () => {
    expect(exitStatus(42, undefined)).toBe(42);
    expect(exitStatus(0, 15)).toBe(143);
    expect(exitStatus(0, 0)).toBe(0);
  });
});

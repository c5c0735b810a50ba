import { describe, expect, it } from 'vitest';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node-pty';
import { readHookInputSync } from './hook-capture.js';

describe('readHookInputSync', () => {
  it('reads the event a CLI pipes or redirects in, and gives a terminal or /dev/null nothing to wait for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-hook-in-'));
    const file = join(dir, 'event.json');
    writeFileSync(file, '{"hook_event_name":"PostToolUse","tool_name":"Bash"}');
    const inFile = openSync(file, 'r');
    expect(readHookInputSync(inFile)).toBe('{"hook_event_name":"PostToolUse","tool_name":"Bash"}');
    closeSync(inFile);
    const devNull = openSync('/dev/null', 'r');
    expect(readHookInputSync(devNull)).toBe('');
    closeSync(devNull);
    // A terminal: the slave side of a live PTY, where a read would wait for typing.
    const pty = spawn('sh', ['-c', 'sleep 5'], { cols: 80, rows: 24 });
    const ptsName = (pty as unknown as { ptsName?: unknown }).ptsName;
    expect(typeof ptsName).toBe('string');
    const terminal = openSync(String(ptsName), 'r');
    expect(readHookInputSync(terminal)).toBe('');
    closeSync(terminal);
    pty.kill();
    rmSync(dir, { recursive: true, force: true });
  });
});

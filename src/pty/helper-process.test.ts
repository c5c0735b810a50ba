import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { eachLine, unrefHelper } from './helper-process.js';

describe('eachLine', () => {
  it('hands over whole lines, however the output was cut, and keeps an unfinished last line back', async () => {
    const child = spawn('sh', ['-c', 'printf "one\\ntw"; sleep 0.05; printf "o\\nthr"; sleep 0.05; printf "ee\\nhalf"'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const lines: string[] = [];
    eachLine(child, (l) => lines.push(l));
    unrefHelper(child);
    await new Promise((r) => child.on('close', r));
    expect(lines).toEqual(['one', 'two', 'three']);
  });
});

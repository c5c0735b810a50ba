import { describe, expect, it } from 'vitest';
import { idAtTail, idInHead } from './line-transport.js';

describe('the id of a line too long to read whole', () => {
  it('is found at the start, skipping ids nested in params and strings', () => {
    expect(idInHead('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"text":"xxxx')).toBe(7);
    expect(idInHead('{"params":{"id":"inner","text":"say \\"id\\": 3'), ).toBeUndefined();
    expect(idInHead('{"method":"m","id":"a\\"b","params":{')).toBe('a"b');
  });

  it('is found at the end when it is the last key', () => {
    expect(idAtTail('xxxx"}},"id":"big-last"}')).toBe('big-last');
    expect(idAtTail('xxxx"}},"id":12}\r')).toBe(12);
    expect(idAtTail('xxxx"}}}')).toBeUndefined();
  });
});

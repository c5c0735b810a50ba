import { describe, expect, it } from 'vitest';
import { BLOCK_BEGIN, BLOCK_END, MemoryBlockFilter, stripMemoryBlocks } from './memory-block.js';

describe('memory block markers', () => {
  it('removes complete and unterminated blocks from text', () => {
    expect(stripMemoryBlocks(`a${BLOCK_BEGIN}secret memory${BLOCK_END}b`)).toBe('ab');
    expect(stripMemoryBlocks(`a${BLOCK_BEGIN}never closed`)).toBe('a');
    expect(stripMemoryBlocks('plain')).toBe('plain');
  });

  it('drops the lines of a block across a stream of lines', () => {
    const f = new MemoryBlockFilter();
    const kept = ['before', BLOCK_BEGIN, '1. [project] tests use pytest', BLOCK_END, 'after'].map((l) => f.keep(l));
    expect(kept).toEqual(['before', undefined, undefined, undefined, 'after']);
  });
});

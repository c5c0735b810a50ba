import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLI } from '../helpers/sandbox.js';
// @ts-expect-error: the bundle's config is plain JavaScript, read here for its module list.
import { STORE_READ } from '../../scripts/bundle.config.mjs';

const dir = dirname(CLI);
const chunk = (prefix: string): string => {
  const name = readdirSync(dir).find((f) => new RegExp(`^${prefix}-[\\w-]{8}\\.cjs$`).test(f));
  if (!name) throw new Error(`no ${prefix} chunk in ${dir}: run npm run build`);
  return name;
};
const text = (name: string): string => readFileSync(join(dir, name), 'utf8');
/** The chunks a chunk requires as it loads (not its lazy import()s, which rolldown writes as Promise…then(require)). */
const requiredAtLoad = (name: string): string[] => [...text(name).matchAll(/^(?:const|let) \w+ = require\("\.\/([^"]+)"\);$/gm)].map((m) => m[1] ?? '');
/** The modules rolldown put in a chunk, by the comment it heads each with. */
const modulesIn = (name: string): string[] => [...text(name).matchAll(/^\/\/ (dist\/\S+\.js)$/gm)].map((m) => m[1] ?? '');

describe('the bundle as a launch loads it (scripts/bundle.config.mjs)', () => {
  it('the reader of a rebuilt launch holds and requires none of the store’s write side', () => {
    const read = chunk('store-read');
    const write = chunk('store');
    expect(requiredAtLoad(chunk('inject'))).toContain(read);
    expect(requiredAtLoad(read)).not.toContain(write);
    // A module the list lacks is pulled in when a listed one imports it (redaction, once, by the sessions table's writer).
    const strays = modulesIn(read).filter((m) => !(STORE_READ as RegExp).test(m));
    expect(strays).toEqual([]);
    expect(modulesIn(read)).toContain('dist/store/read-stores.js');
    // The write side builds on the reader, not a copy of it.
    expect(requiredAtLoad(write)).toContain(read);
  });
});

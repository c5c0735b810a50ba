import { join, resolve } from 'node:path';

export { makeSandbox, type Sandbox } from './sandbox-env.mjs';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'bundle', 'main.cjs');

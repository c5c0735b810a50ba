/**
 * The packages loaded on first need, each by a dynamic import(). They sit
 * in one small module, which the bundle keeps as its own chunk
 * (scripts/bundle.config.mjs): on Node 20 a chunk run from V8's cached code
 * loses its import() callback, so a chunk holding one is compiled afresh
 * on every run (cli/compile-cache.ts). Here, only this one is.
 */
export const importTokenizer = () => import('gpt-tokenizer/encoding/cl100k_base');
export const importLruCache = () => import('lru-cache');
export const importTransformers = () => import('@huggingface/transformers');
export const importPg = () => import('pg');
export const importPgpass = () => import('pgpass');

// The `claude-mem` command as shipped: dist/cli/main.js (tsc's output)
// bundled into dist/bundle/, one chunk per lazily loaded part. Node 20's ESM
// loader pays ~0.3 ms a module (resolve, an async read, link); a `query`
// loads ~85 of ours and a launch ~60, so the bundle starts them ~20 ms and
// ~5 ms sooner. Packages stay external (native addons, lazy imports of
// gpt-tokenizer and @huggingface/transformers). The chunks sit two levels
// under the package root, like tsc's modules, so the paths they compute
// from import.meta.url (package.json, ui/, dist/cli/main.js for background
// processes and hooks) resolve the same.
export default {
  input: 'dist/cli/main.js',
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  output: { dir: 'dist/bundle', format: 'esm', chunkFileNames: '[name]-[hash].js', entryFileNames: 'main.js' },
};

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // The real AI CLIs have a suite of their own (npm run test:real-clients).
    exclude: ['tests/real-clients/**', 'node_modules/**'],
    // node-pty and better-sqlite3 are native: separate processes, not threads.
    pool: 'forks',
    // PTY and tmux tests wait on real programs; these are limits, not timings.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: the e2e files each start several processes.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';

// The real AI CLIs (scripts/install-real-clients.sh), driven through tmux
// against stand-in model APIs: npm run test:real-clients.
export default defineConfig({
  test: {
    include: ['tests/real-clients/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});

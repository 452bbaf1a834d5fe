import { defineConfig } from 'vitest/config';

// The attack suite (`npm run test:security`, part of `npm test`): real server
// processes on loopback ports, attacked over HTTP as an outsider would. Each
// attack prints one line with its counts (tests/faults/figures.ts).
export default defineConfig({
  test: {
    include: ['tests/security/**/*.attack.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});

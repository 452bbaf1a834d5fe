import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`, part of `npm test`): real server
// processes on loopback ports with temporary DATA_DIRs, killed, stopped, filled
// up and restored. Each check prints one line with its figures (tests/faults/figures.ts).
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.fault.ts'],
    environment: 'node',
    pool: 'forks',
    // two cores: two checks at a time, each with its own server
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});

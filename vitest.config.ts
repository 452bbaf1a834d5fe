/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so that tests can import modules that use astro:* (actions).
export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // vitest runs availableParallelism − 1 files at a time by default: one on CI's two cores, where the
    // suite then kept the CPU 54 % busy (its tests wait on servers and timers). Two: 249 → 148 s (decision 052).
    maxWorkers: 2,
  },
});

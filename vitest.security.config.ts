/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// The attack suite (`npm run test:security`, part of `npm test`): real server
// processes on loopback ports, attacked over HTTP (and from Chromium) as an
// outsider would. Each attack prints one line with its counts
// (tests/faults/figures.ts). Astro's Vite config, so that the permission
// matrix can walk the registered actions (astro:actions).
export default getViteConfig({
  test: {
    include: ['tests/security/**/*.attack.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});

import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_SHELL } from './tests/fixtures/browsers';

// the benchmark's spec folder, by its whole path: a pattern on 'bench' alone would also match a checkout
// that lies in a folder of that name, and the site project would then find no test
const BENCH_SPECS = path.join(import.meta.dirname, 'tests', 'e2e', 'bench');
const benchFolder = new RegExp(`^${BENCH_SPECS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/]`);

// Browser tests run in the system Chromium (apt: chromium) against the built
// production server; each spec starts its own server on a free port with a
// temporary DATA_DIR (tests/fixtures/site.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // the visual references (tests/e2e/public/visual.spec.ts), one folder, no platform suffix
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/e2e.json' }]],
  // The benchmark's smoke run keeps one core busy with stress-ng in its loaded pass: beside another spec, both
  // would run on a machine busier than either expects. `npm test` runs the two projects one after the other
  // (scripts/test.ts); `npm run test:e2e` runs them side by side, as before.
  projects: [
    { name: 'site', testIgnore: benchFolder },
    // its own output folder: Playwright empties a run's output folders first, and the bench runs after the
    // site's, whose screenshots (test-results/screens, decision 025) and failure contexts are to be kept
    { name: 'bench', testDir: BENCH_SPECS, outputDir: 'test-results/bench' },
  ],
  use: {
    browserName: 'chromium',
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    // Chromium's headless shell; a spec that needs the browser's own layer says so (tests/fixtures/browsers.ts)
    launchOptions: { executablePath: CHROMIUM_SHELL, args: CHROMIUM_ARGS },
    trace: 'off',
    // page.route cannot see requests of a page the service worker controls; the PWA specs allow it themselves
    serviceWorkers: 'block',
  },
});

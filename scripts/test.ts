// `npm test`: type checks and ESLint, a fresh production build, the unit and integration
// tests (vitest), the fault suite (tests/faults), the attack suite
// (tests/security), then the browser tests (Playwright in the system
// Chromium). `npm run test:faults` and `npm run test:security` run the build
// and their suite alone.
// Ends with one line 'N passed, N failed' over all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

function run(title: string, command: string, args: string[]): number {
  console.info(`\n── ${title} ──`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env });
  return result.status ?? 1;
}

let passed = 0;
let failed = 0;
let stepFailures = 0;

const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);

if (want('check')) {
  const status =
    run('astro check + tsc', bin('astro'), ['check']) ||
    run('tsc', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) ||
    run('eslint (React hooks rules)', bin('eslint'), ['src']);
  if (status !== 0) stepFailures++;
  status === 0 ? passed++ : failed++;
}

// the build comes before the unit tests: the permission test drives the built server
let built = false;
if (want('unit') || want('faults') || want('security') || want('e2e')) {
  // as `npm run build`: astro build, then the stamp that `npm start` and the scripts compare with the sources
  if (run('astro build', process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs'), '--force']) !== 0) stepFailures++;
  else built = true;
}

/** Runs vitest with a JSON report and adds its counts to the totals. */
function runVitest(title: string, name: string, args: string[]): void {
  const out = path.join(root, 'test-results', `${name}.json`);
  fs.rmSync(out, { force: true });
  const status = run(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (status !== 0 && report.numFailedTests === 0) stepFailures++;
  } catch {
    stepFailures++;
  }
}

if (want('unit') && built) runVitest('vitest', 'unit', []);
if (want('faults') && built) runVitest('fault suite', 'faults', ['--config', 'vitest.faults.config.ts']);
if (want('security') && built) runVitest('attack suite', 'security', ['--config', 'vitest.security.config.ts']);

// `npm run test:faults` alone also runs the fault checks that need the admin's browser
// (tests/e2e/faults); in the whole run they are part of the browser tests
const faultBrowserOnly = !want('e2e') && want('faults') && only.length > 0;
if ((want('e2e') || faultBrowserOnly) && built) {
  const out = path.join(root, 'test-results', 'e2e.json');
  fs.rmSync(out, { force: true });
  const status = run('playwright', bin('playwright'), faultBrowserOnly ? ['test', 'tests/e2e/faults'] : ['test']);
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    if (status !== 0 && report.stats.unexpected === 0) stepFailures++;
  } catch {
    stepFailures++;
  }
}

if (stepFailures > 0) console.error(`\n${stepFailures} step(s) failed to run`);
console.info(`\n${passed} passed, ${failed + stepFailures} failed`);
process.exit(failed + stepFailures > 0 ? 1 : 0);

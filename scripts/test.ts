// `npm test`: type checks and ESLint, a fresh production build, the unit and integration
// tests (vitest), the fault suite (tests/faults), the attack suite
// (tests/security), then the browser tests (Playwright in the system
// Chromium). `npm run test:faults` and `npm run test:security` run the build
// and their suite alone.
// Ends with the time each step took, the failed tests by name, and one line 'N passed, N failed' over all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

/** How long each step took, printed above the last line: CI allows 40 minutes in all (docs/decisions/052). */
const stepTimes: string[] = [];

function run(title: string, command: string, args: string[]): number {
  console.info(`\n── ${title} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env });
  stepTimes.push(`${title.split(' (')[0]} ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status ?? 1;
}

let passed = 0;
let failed = 0;
let stepFailures = 0;
/** The failed tests by name, repeated above the last line: CI's log may keep only its end. */
const failedNames: string[] = [];

const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);

if (want('check')) {
  // astro check type-checks every file tsc would (the .ts, .tsx and @ts-check .mjs of tsconfig.json) and
  // the .astro files besides: a separate tsc run only repeated it (docs/decisions/052)
  const status = run('astro check (types of .astro, .ts, .tsx)', bin('astro'), ['check']) || run('eslint (React hooks rules)', bin('eslint'), ['src']);
  if (status !== 0) {
    stepFailures++;
    failedNames.push('the checks (astro check, eslint): see their output above');
  }
  status === 0 ? passed++ : failed++;
}

// the build comes before the unit tests: the permission test drives the built server
let built = false;
if (want('unit') || want('faults') || want('security') || want('e2e')) {
  // as `npm run build`: astro build, then the stamp that `npm start` and the scripts compare with the sources
  if (run('astro build', process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs'), '--force']) !== 0) stepFailures++;
  else built = true;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; line: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** Names of the Playwright tests whose outcome was 'unexpected' (failed on every retry). */
function unexpectedTests(suites: PlaywrightSuite[], file = ''): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${suite.file ?? file}:${spec.line} › ${spec.title}`),
    ...unexpectedTests(suite.suites ?? [], suite.file ?? file),
  ]);
}

/**
 * What each failed browser test's page showed when it failed (the accessibility snapshot Playwright keeps in
 * error-context.md), shortened: CI keeps only the end of its log, where the cause of a failure seen only
 * there must be readable.
 */
function printPageSnapshots(results: string): void {
  const failedDirs = (fs.existsSync(results) ? fs.readdirSync(results) : []).filter((dir) => fs.existsSync(path.join(results, dir, 'error-context.md')));
  for (const dir of failedDirs.slice(0, 3)) {
    const file = path.join(results, dir, 'error-context.md');
    const snapshot = /```yaml\n([\s\S]*?)```/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '(no page snapshot)';
    const lines = snapshot.trimEnd().split('\n');
    const shown = lines.length > 25 ? [...lines.slice(0, 25), `… ${lines.length - 25} more lines`] : lines;
    console.error(`\nthe page of ${dir} when it failed:\n${shown.map((line) => `  ${line}`).join('\n')}`);
  }
}

/** Runs vitest with a JSON report and adds its counts to the totals. */
function runVitest(title: string, name: string, args: string[]): void {
  const out = path.join(root, 'test-results', `${name}.json`);
  fs.rmSync(out, { force: true });
  const status = run(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
        failedNames.push(`${path.relative(root, file.name)} › ${test.fullName}${why ? `\n      ${why}` : ''}`);
      }
    }
    if (status !== 0 && report.numFailedTests === 0) {
      stepFailures++;
      failedNames.push(`${title}: ended with status ${status} though no test failed (vitest's "Unhandled Errors" above say why)`);
    }
  } catch {
    stepFailures++;
  }
}

if (want('unit') && built) runVitest('vitest', 'unit', []);
if (want('faults') && built) runVitest('fault suite', 'faults', ['--config', 'vitest.faults.config.ts']);
if (want('security') && built) runVitest('attack suite', 'security', ['--config', 'vitest.security.config.ts']);

/**
 * Runs one Playwright project (or the files given) with its own JSON report and adds its counts to the totals.
 * `outputDir` is the project's (playwright.config.ts), where its failures' page snapshots are.
 */
function runPlaywright(title: string, name: string, args: string[], outputDir = 'test-results'): void {
  const out = path.join(root, 'test-results', `${name}.json`);
  fs.rmSync(out, { force: true });
  env.E2E_JSON_REPORT = out;
  const status = run(title, bin('playwright'), ['test', ...args]);
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
      suites?: PlaywrightSuite[];
    };
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    failedNames.push(...unexpectedTests(report.suites ?? []));
    if (report.stats.unexpected > 0) printPageSnapshots(path.join(root, outputDir));
    if (status !== 0 && report.stats.unexpected === 0) {
      stepFailures++;
      failedNames.push(`${title}: ended with status ${status} though no test failed (its output above says why)`);
    }
  } catch {
    stepFailures++;
  }
}

// `npm run test:faults` alone also runs the fault checks that need the admin's browser
// (tests/e2e/faults); in the whole run they are part of the browser tests
const faultBrowserOnly = !want('e2e') && want('faults') && only.length > 0;
if (faultBrowserOnly && built) runPlaywright('playwright (fault checks)', 'e2e-faults', ['--project=site', 'tests/e2e/faults']);
if (want('e2e') && built) {
  runPlaywright('playwright', 'e2e', ['--project=site']);
  // alone, after the others: its loaded pass keeps a core busy (playwright.config.ts)
  runPlaywright('playwright bench smoke run', 'e2e-bench', ['--project=bench'], 'test-results/bench');
}

console.info(`\nsteps: ${stepTimes.join(', ')}`);
if (failedNames.length > 0) console.error(`\nfailed:\n${failedNames.map((name) => `  ✘ ${name}`).join('\n')}`);
if (stepFailures > 0) console.error(`\n${stepFailures} step(s) failed to run`);
console.info(`\n${passed} passed, ${failed + stepFailures} failed`);
process.exit(failed + stepFailures > 0 ? 1 : 0);

// `npm test`: typecheck, lint, unit and integration tests (Vitest), production build, and the
// end-to-end suite (Playwright on Debian's Chromium). Ends with one line `N passed, M failed,
// K skipped` over all suites; exits non-zero on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bin, build, dependenciesStale, installDependencies, root, run } from './lib.mjs';

const REPORTS = path.join(root, '.test-reports');
const CHROMIUM = '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(`${name.padEnd(12)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

function step(name, command, args, env) {
  console.log(`\n▶ ${name}`);
  const ok = run(command, args, env ? { env } : {}) === 0;
  record(name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}; install Debian's package: sudo apt-get install -y chromium`);
    return false;
  }
  console.log('Installing Debian chromium for the browser tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) return false;
  return run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0 && existsSync(CHROMIUM);
}

function unitTests() {
  console.log('\n▶ vitest');
  const report = path.join(REPORTS, 'vitest.json');
  const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const json = readJson(report);
  if (!json) return record('vitest', 0, 1);
  const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  record('vitest', json.numPassedTests, failed, json.numPendingTests + json.numTodoTests);
}

function e2eTests() {
  console.log('\n▶ playwright');
  if (!ensureChromium()) return record('playwright', 0, 1);
  const report = path.join(REPORTS, 'playwright.json');
  const status = run(bin('playwright'), ['test'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
  const stats = readJson(report)?.stats;
  if (!stats) return record('playwright', 0, 1);
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('playwright', stats.expected + stats.flaky, failed, stats.skipped);
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
if (dependenciesStale()) installDependencies();

// Route types (PageProps, RouteContext) are generated, not committed.
run(bin('next'), ['typegen'], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
step('typecheck', bin('tsc'), ['--noEmit']);
step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
step('format', bin('prettier'), ['--check', '.']);
step('knip', bin('knip'), []);
unitTests();
console.log('\n▶ build');
let built = true;
try {
  build({ ...process.env, NODE_ENV: 'production' });
  record('build', 1, 0);
} catch {
  built = false;
  record('build', 0, 1);
}
if (built) e2eTests();
else record('playwright', 0, 1);

console.log(`\n${summary.join('\n')}`);
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(line);
process.exit(totals.failed === 0 ? 0 : 1);

// `npm test`: typecheck, lint, format, knip, unit and integration tests (Vitest), production build,
// and the end-to-end suite (Playwright on Debian's Chromium). Prints each phase's minutes and ends
// with one line `N passed, M failed, K skipped` over all suites; exits non-zero on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { bin, build, dependenciesStale, installDependencies, root, run, runStaticChecks } from './lib.mjs';

const REPORTS = path.join(root, '.test-reports');
// The browser playwright.config.ts launches (e2e/fixtures/browser.ts) and its Debian package.
const BROWSER = '/usr/bin/chromium-headless-shell';
const BROWSER_PACKAGE = 'chromium-headless-shell';
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
const started = performance.now();

const minutesSince = (since) => ((performance.now() - since) / 60_000).toFixed(1);

function record(name, passed, failed, skipped = 0, minutes = '') {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const counts = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  summary.push(`${name.padEnd(12)} ${(minutes ? `${minutes} min` : '').padStart(9)}  ${counts}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function ensureBrowser() {
  if (existsSync(BROWSER)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`The browser is missing at ${BROWSER}; install Debian's package: sudo apt-get install -y ${BROWSER_PACKAGE}`);
    return false;
  }
  console.log(`Installing Debian's ${BROWSER_PACKAGE} for the browser tests (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) return false;
  return run('apt-get', ['install', '-y', '-qq', BROWSER_PACKAGE], { env }) === 0 && existsSync(BROWSER);
}

async function staticChecks() {
  const results = await runStaticChecks();
  for (const { name, ok, minutes } of results) record(name, ok ? 1 : 0, ok ? 0 : 1, 0, minutes);
  return results.find((result) => result.name === 'typecheck').ok;
}

function unitTests() {
  console.log('\n▶ vitest');
  const since = performance.now();
  const report = path.join(REPORTS, 'vitest.json');
  const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const minutes = minutesSince(since);
  const json = readJson(report);
  if (!json) return record('vitest', 0, 1, 0, minutes);
  const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  record('vitest', json.numPassedTests, failed, json.numPendingTests + json.numTodoTests, minutes);
}

/** The production build; Next's own type check is skipped when tsc has just passed on the same sources. */
function productionBuild(typechecked) {
  console.log('\n▶ build');
  const since = performance.now();
  try {
    build({ ...process.env, NODE_ENV: 'production', ...(typechecked ? { MOTORPOOL_BUILD_TYPECHECKED: '1' } : {}) });
    record('build', 1, 0, 0, minutesSince(since));
    return true;
  } catch {
    record('build', 0, 1, 0, minutesSince(since));
    return false;
  }
}

function e2eTests() {
  console.log('\n▶ playwright');
  const since = performance.now();
  if (!ensureBrowser()) return record('playwright', 0, 1);
  const report = path.join(REPORTS, 'playwright.json');
  const status = run(bin('playwright'), ['test'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
  const minutes = minutesSince(since);
  const stats = readJson(report)?.stats;
  if (!stats) return record('playwright', 0, 1, 0, minutes);
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('playwright', stats.expected + stats.flaky, failed, stats.skipped, minutes);
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
if (dependenciesStale()) installDependencies();

const typechecked = await staticChecks();
unitTests();
if (productionBuild(typechecked)) e2eTests();
else record('playwright', 0, 1);

const load = loadavg()
  .map((figure) => figure.toFixed(2))
  .join(', ');
console.log(`\n${summary.join('\n')}`);
console.log(`${'total'.padEnd(12)} ${`${minutesSince(started)} min`.padStart(9)}  (${cpus().length} cores, load average ${load})`);
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(line);
process.exit(totals.failed === 0 ? 0 : 1);

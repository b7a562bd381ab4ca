import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SANDBOX_ADMIN_TOKEN } from './e2e/fixtures/sandbox-token';
import { E2E_BROWSER } from './e2e/fixtures/browser';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// The page states axe found clean in this run, shared by the workers (e2e/fixtures/axe.ts); the
// main process (no worker index) starts each run with none.
const AXE_CHECKED_DIR = path.resolve('.data/e2e-axe-checked');
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(AXE_CHECKED_DIR, { recursive: true, force: true });
process.env.E2E_AXE_CHECKED_DIR = AXE_CHECKED_DIR;
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 90_000,
  // A 2-core machine running both workers, the console and Chromium: a mutation or a client-side
  // navigation was seen taking over 10 s while the machine was loaded (never a wrong answer).
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.test-reports/playwright.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // Recording a trace for every test (kept only on failure) cost an eighth of the suite's CPU.
    // Run a failing spec again with `--trace on` to get one.
    trace: 'off',
    // Toasts stacked behind the front one fade their text out; mid-fade, axe measures a contrast
    // no person reads. Without motion the fade is instant, so a check never lands inside it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: E2E_BROWSER,
      // Without these, Chromium's background connections fail loudly on this closed network.
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', dependencies: ['setup'], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: baseURL,
      NEXTAUTH_URL: baseURL,
      DATA_DIR: '.data/e2e',
      SANDBOX_COMMAND_DELAY_MS: '1500',
      SANDBOX_ADMIN_TOKEN,
      // The outbound webhook specs deliver to a receiver the test runs on 127.0.0.1 (e2e/notifications).
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // Not the default 24: the rotate-secret dialog must say the operator's figure (deliver-webhook.spec.ts).
      WEBHOOK_SECRET_OVERLAP_HOURS: '6',
    },
  },
});

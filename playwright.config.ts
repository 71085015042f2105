import { defineConfig, devices } from '@playwright/test';
import { PREVIEW_PORT } from './e2e/test-ports';

/**
 * Browser tests run against the production build (`vite preview` of dist/) in a real Chromium.
 * Debian's Chromium is used by default; set PLAYWRIGHT_CHROMIUM_PATH to use another
 * (or set it to an empty string to use Playwright's own downloaded browser).
 */
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
/** GLASSBOX_TEST_PORT_BASE moves every test port together (see e2e/test-ports.ts). */
const previewPort = PREVIEW_PORT;
/** The build to serve (default dist/); lets parallel runs each test their own build. */
const distDir = process.env.GLASSBOX_DIST ?? 'dist';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${previewPort}/`,
    // Every test starts with the guided tour already dismissed, so its card never stands in the
    // way: `tourDismissedAt` of e2e/model-fixture.ts, whose `test` every spec uses (an init script,
    // not `storageState`, whose set-up page cost about a second per test).
    // A failed test keeps its trace (every action with its timing and log, network, console), a
    // screenshot and the page's accessibility snapshot (error-context.md). The trace's screencast and
    // DOM snapshots are off: recording them for every test (only to delete them when it passes) cost
    // about as much CPU as the tests on a 2-core machine (the screencast), and ~8% more (the snapshots).
    // GLASSBOX_TRACE_SNAPSHOTS=1 records the DOM snapshots when a failure needs them.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.GLASSBOX_TRACE_SNAPSHOTS === '1', sources: true },
    screenshot: 'only-on-failure',
    // No blinking caret or pulsing status dot: fewer frames to paint, nothing a test looks at.
    reducedMotion: 'reduce',
    ...devices['Desktop Chrome'],
    viewport: { width: 1600, height: 900 },
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --host 127.0.0.1 --port ${previewPort} --strictPort --outDir ${distDir}`,
    url: `http://127.0.0.1:${previewPort}/`,
    reuseExistingServer: false,
    timeout: 90_000,
  },
});

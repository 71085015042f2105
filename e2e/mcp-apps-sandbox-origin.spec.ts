/**
 * A deployment that names a separate sandbox origin for MCP App views (VITE_GLASSBOX_APP_SANDBOX_URL
 * at build time): the build is made here with it, served on one loopback origin, and the sandbox
 * page on another. The view then runs on the sandbox origin (`allow-same-origin` gives it that
 * origin, never Glassbox's): the page's own CSP lets that frame in, the bridge works across the two
 * origins, and the view still cannot read Glassbox's storage or page, nor navigate it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FrameLocator } from '@playwright/test';
import { serveStatic, type StaticServer } from '../bench/static-server.mjs';
import { start as startLab } from './servers/app-lab.mjs';
import { openWithConfig } from './helpers';
import { expect, test } from './model-fixture';
import { TEST_PORTS, TEST_URLS } from './test-ports';

const APP_PORT = TEST_PORTS.spare(10);
const SANDBOX_PORT = TEST_PORTS.spare(11);
const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;
const SANDBOX_ORIGIN = `http://127.0.0.1:${SANDBOX_PORT}`;

test.use({ monacoEditor: false, baseURL: `${APP_ORIGIN}/`, tourDismissedAt: [APP_ORIGIN] });

let outDir: string;
let servers: StaticServer[] = [];
let lab: Awaited<ReturnType<typeof startLab>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = await mkdtemp(path.join(tmpdir(), 'glassbox-sandbox-origin-'));
  await promisify(execFile)(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      env: { ...process.env, VITE_GLASSBOX_APP_SANDBOX_URL: `${SANDBOX_ORIGIN}/app-sandbox.html` },
    },
  );
  servers = await Promise.all([
    serveStatic({ root: outDir, host: '127.0.0.1', port: APP_PORT }),
    serveStatic({ root: outDir, host: '127.0.0.1', port: SANDBOX_PORT }),
  ]);
  lab = await startLab({ port: 0 });
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await lab?.close();
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

async function text(view: FrameLocator, selector: string): Promise<string> {
  return (await view.locator(selector).textContent()) ?? '';
}

test('views run on the named sandbox origin: the bridge works across origins, and Glassbox stays out of reach', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openWithConfig(page, { mcpServers: { lab: { url: lab.url }, hostile: { url: TEST_URLS.appHostile } } }, ['lab', 'hostile']);
  await expect(page.getByTestId('server-lab')).toHaveAttribute('data-status', 'connected');

  // The cooperative view: on the sandbox origin, connected, it gets its input and result.
  await page.getByTestId('tool-lab-probe_view').click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify({ note: 'across origins' }));
  await page.getByTestId('server-lab').getByTestId('tool-call-run').click();
  const frame = page.getByTestId('app-frame');
  await expect(frame).toHaveAttribute('data-origin', SANDBOX_ORIGIN);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
  await expect(frame).toHaveAttribute('src', `${SANDBOX_ORIGIN}/app-sandbox.html`);
  await expect(page.getByTestId('app-status')).toHaveText('connected');
  const labView = page.frameLocator('[data-testid="app-frame"]');
  await expect.poll(async () => JSON.parse(await text(labView, '#state')).result?.content?.[0]?.text).toBe('noted: across origins');
  await expect(page.getByTestId('app-teaching-note')).toContainText(`separate origin ${SANDBOX_ORIGIN}`);

  // The hostile view, on the same sandbox origin: Glassbox's storage and page are another origin's.
  await page.getByTestId('tool-hostile-probe').click();
  await page.getByTestId('server-hostile').getByTestId('tool-call-run').click();
  const probe = page.frameLocator('[data-testid="app-frame"][data-resource-uri="ui://hostile/probe.html"]');
  await expect.poll(async () => JSON.parse((await text(probe, '#results')) || '{}').declaredFetch).toBeDefined();
  const results = JSON.parse(await text(probe, '#results')) as Record<string, string>;
  // Its localStorage is the sandbox origin's (empty), not Glassbox's, which holds the tour flag.
  expect(results['localStorage']).toBe('READ: null');
  expect(await page.evaluate(() => localStorage.getItem('glassbox.tour.dismissed'))).toBe('1');
  expect(results['parentDom']).toMatch(/^blocked/);
  expect(results['topDom']).toMatch(/^blocked/);
  expect(results['topNavigation']).toMatch(/^blocked/);
  expect(page.url().startsWith(APP_ORIGIN)).toBe(true);
  // The page's own policy let the sandbox frames in (no frame-src report).
  expect(violations.filter((line) => /frame-src/.test(line))).toEqual([]);
});

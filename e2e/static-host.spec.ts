/**
 * The production build on a plain static host, under a sub-path, as a first-time visitor meets it:
 * no `npm start`, no loopback MCP server in its config, only the two demo servers that live in the
 * page (its Service Worker answers https://weather.example.com/mcp and https://calendar.example.com/mcp).
 * Needs `npx vite build` first (dist/).
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { serveStatic, type StaticServer } from '../bench/static-server.mjs';
import { expectDemoServersInTheirEras, playDemoScene } from './helpers';
import { STATIC_PORT } from './test-ports';

/** The sub-path the build is served under, as on GitHub Pages (https://example.github.io/glassbox/). */
const SUB_PATH = '/glassbox/';
const DEMO_HOSTS = ['weather.example.com', 'calendar.example.com'];

let server: StaticServer;
let root: string;

test.beforeAll(async () => {
  // A host root whose glassbox/ folder is the build: the app must find everything relative to it.
  root = await mkdtemp(path.join(tmpdir(), 'glassbox-static-'));
  await symlink(path.resolve('dist'), path.join(root, 'glassbox'), 'dir');
  server = await serveStatic({ root, host: '127.0.0.1', port: STATIC_PORT });
});

test.afterAll(async () => {
  await server?.close();
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

/** Every request the context makes (the page's and its workers', the Service Worker's included) and every console error. */
function watch(context: BrowserContext, page: Page): { hosts: Set<string>; paths: Set<string>; errors: string[] } {
  const hosts = new Set<string>();
  const paths = new Set<string>();
  const errors: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') hosts.add(url.host);
    paths.add(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { hosts, paths, errors };
}

async function expectDemoServersConnected(page: Page): Promise<void> {
  await expectDemoServersInTheirEras(page);
  await expect(page.getByTestId('demo-label-weather')).toHaveText('demo server in this page');
  await expect(page.getByTestId('demo-label-calendar')).toHaveText('demo server in this page');
}

async function callForecast(page: Page, city: string): Promise<void> {
  const tool = page.getByTestId('tool-weather-get_forecast');
  if ((await tool.getAttribute('aria-expanded')) !== 'true') await tool.click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify({ city, days: 2 }));
  await page.getByTestId('tool-call-run').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-is-error', 'false');
  await expect(result.locator('[data-content-type="text"]')).toContainText(`Forecast for ${city}`);
}

test('first visit on a static host: the in-page demo servers connect, answer and come back after a reload', async ({ context, page }) => {
  test.slow();
  const { hosts, paths, errors } = watch(context, page);
  const origin = `http://127.0.0.1:${server.port}`;
  await page.goto(`${origin}${SUB_PATH}`);

  await expectDemoServersConnected(page);
  // The worker is the app's own file and its scope is the app's sub-path, not the host's root.
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, script: found?.active?.scriptURL, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(registration).toEqual({ scope: `${origin}${SUB_PATH}`, script: `${origin}${SUB_PATH}demo-worker.js`, controlled: true });

  await callForecast(page, 'Paris');
  const traffic = page.getByTestId('mcp-traffic');
  await expect(
    traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/call"][data-direction="out"]'),
  ).toHaveCount(1);
  await expect(
    traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/call"][data-direction="in"]'),
  ).toHaveCount(1);
  await expect(
    traffic.locator('[data-testid="traffic-row"][data-server="calendar"][data-method="tools/list"][data-direction="in"]').first(),
  ).toBeVisible();
  // An HTTP row of theirs (the 2025 server's GET stream carries no message of its own) says where it was answered.
  await expect(traffic.locator('[data-testid="traffic-row"][data-kind="http"][data-server="weather"]').first()).toContainText(
    'demo server in this page',
  );
  // So does every message row: the exchange that carried it was answered by the worker.
  await expect(
    traffic.locator('[data-testid="traffic-row"][data-server="calendar"][data-method="tools/list"][data-direction="in"]').first(),
  ).toContainText('demo server in this page');
  // Said without cutting the name: the row shows the server's name whole, the label is its tooltip (and its text to assistive technology).
  const serverCell = traffic
    .locator('[data-testid="traffic-row"][data-server="calendar"][data-method="tools/list"][data-direction="in"]')
    .first()
    .locator('.c-server');
  await expect(serverCell).toHaveAttribute('title', 'calendar — demo server in this page');
  const { scrollWidth, clientWidth } = await serverCell.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, 'the server cell cuts its name').toBeLessThanOrEqual(clientWidth);

  // A reload keeps everything: the config, and the servers reconnect through the worker.
  await page.reload();
  await expectDemoServersConnected(page);
  await callForecast(page, 'Tokyo');
  // The config editor loads Monaco (and its JSON worker) on first use: use it, so its worker's path is checked too.
  await page.getByTestId('config-editor').locator('textarea').hover();
  await expect(page.getByTestId('config-editor').locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => [...paths].some((pathname) => pathname.includes('json.worker'))).toBe(true);

  expect([...hosts].sort()).toEqual([...DEMO_HOSTS, `127.0.0.1:${server.port}`].sort());
  // Every file of the app came from under the sub-path, the workers included (the host's root has nothing).
  const ownPaths = [...paths].filter((pathname) => pathname !== '/mcp');
  expect(ownPaths.filter((pathname) => !pathname.startsWith(SUB_PATH))).toEqual([]);
  expect(ownPaths.filter((pathname) => pathname.includes('worker')).sort()).toEqual([
    expect.stringMatching(/^\/glassbox\/assets\/json\.worker-[\w-]+\.js$/), // Monaco's, for mcp.json
    '/glassbox/demo-worker.js',
  ]);
  // The only console lines are the browser's own network log of the 2025 server's 400 to the
  // `server/discover` era probe (once per connect), which the MCP wire shows as the probe; no page error.
  const probe = 'Failed to load resource: the server responded with a status of 400 () @ https://weather.example.com/mcp';
  expect(errors.filter((line) => line !== probe)).toEqual([]);
  expect(errors.length).toBeLessThanOrEqual(2);
});

test.describe('a first-time visitor (fresh storage)', () => {
  test.use({ tourDismissedAt: [] });

  test('meets the tour, and the scripted demo model plays the scene in both wire formats with nothing sent anywhere else', async ({
    context,
    page,
  }) => {
    test.slow();
    const { hosts, errors } = watch(context, page);
    await page.goto(`http://127.0.0.1:${server.port}${SUB_PATH}`);
    await expectDemoServersConnected(page);
    await expect(page.getByTestId('tour-step')).toBeVisible();
    await page.getByTestId('tour-close').click();

    await playDemoScene(page, 'anthropic');
    await playDemoScene(page, 'openai');
    const traffic = page.getByTestId('mcp-traffic');
    await expect(
      traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/call"][data-direction="out"]'),
    ).toHaveCount(2);
    await expect(page.locator('[data-testid="tool-call"][data-status="done"]')).toHaveCount(4);
    await expect(
      page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"][data-provider="demo"]'),
    ).toHaveCount(6);

    // A reload keeps the conversation, and the tour stays closed.
    await page.reload();
    await expectDemoServersConnected(page);
    await expect(
      page
        .locator('[data-testid="chat-message"][data-role="assistant"]')
        .filter({ hasText: 'Here is what the weather server said about Paris' }),
    ).toHaveCount(2);
    await expect(page.getByTestId('tour-step')).toHaveCount(0);

    expect([...hosts].sort()).toEqual([...DEMO_HOSTS, `127.0.0.1:${server.port}`].sort());
    const probe = 'Failed to load resource: the server responded with a status of 400 () @ https://weather.example.com/mcp';
    expect(errors.filter((line) => line !== probe)).toEqual([]);
  });
});

test('a worker-made answer reads like a server’s: CORS headers, a readable Mcp-Session-Id, a 404 for a lost session', async ({
  context,
  page,
}) => {
  const { hosts } = watch(context, page);
  await page.goto(`http://127.0.0.1:${server.port}${SUB_PATH}`);
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  const answer = await page.evaluate(async () => {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    };
    const initialize = await fetch('https://weather.example.com/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
      }),
    });
    const lost = await fetch('https://weather.example.com/mcp', {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    return {
      status: initialize.status,
      type: initialize.type,
      sessionId: initialize.headers.get('mcp-session-id'),
      exposed: initialize.headers.get('access-control-expose-headers'),
      allowOrigin: initialize.headers.get('access-control-allow-origin'),
      lost: lost.status,
    };
  });
  expect(answer.status).toBe(200);
  expect(answer.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.lost).toBe(404);
  // What Chromium does with a worker-made answer to a cross-origin request: the page gets it as a
  // "basic" response (every header readable, no CORS filtering, no preflight sent). The worker still
  // sends the headers a real server sends, so nothing depends on that leniency.
  expect(answer.type).toBe('basic');
  expect(answer.exposed).toContain('mcp-session-id');
  expect(answer.allowOrigin).toBe(`http://127.0.0.1:${server.port}`);
  expect([...hosts].filter((host) => !DEMO_HOSTS.includes(host) && host !== `127.0.0.1:${server.port}`)).toEqual([]);
});

test('when the browser stops the idle worker, its sessions are gone and the client renews its own', async ({ context, page }) => {
  test.slow();
  await page.goto(`http://127.0.0.1:${server.port}${SUB_PATH}`);
  await expectDemoServersConnected(page);
  const before = await page.getByTestId('session-weather').textContent();
  // What Chromium does to an idle worker after about 30 s, at once: the worker's memory is gone.
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await callForecast(page, 'Lisbon');
  await expect(page.getByTestId('session-renewed-weather')).toBeVisible();
  await expect(page.getByTestId('session-weather')).not.toHaveText(before ?? '');
});

test.describe('a browser that gives the page no Service Worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the demo servers say why they cannot run, and nothing is sent to the example.com names', async ({ context, page }) => {
    const { hosts } = watch(context, page);
    await page.goto(`http://127.0.0.1:${server.port}${SUB_PATH}`);
    // Blocked registration gives no worker: the page says so at once, not after waiting for control (10 s per request).
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'failed', { timeout: 5_000 });
    await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'failed', { timeout: 5_000 });
    await expect(page.getByTestId('demo-hint-weather')).toContainText('runs in a Service Worker of this page');
    await expect(page.getByTestId('demo-hint-calendar')).toContainText('runs in a Service Worker of this page');
    // The wire has the page's own reason: the request never went out.
    const failed = page
      .getByTestId('mcp-traffic')
      .locator('[data-testid="traffic-row"][data-server="weather"][data-failed="true"]')
      .first();
    await failed.click();
    await expect(page.getByTestId('traffic-detail')).toContainText('the browser would not start it (registering it gave no worker');
    expect([...hosts]).toEqual([`127.0.0.1:${server.port}`]);
  });
});

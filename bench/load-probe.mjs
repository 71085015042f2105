/**
 * The bench's `load-probe` section: against the counting loopback server (e2e/servers/load-target.mjs),
 * the page's load probe (the built app, the Load button on the card, tools/list at concurrency 6)
 * against a Node loop of the SDK client (`@modelcontextprotocol/client`) at the same concurrency on
 * the same server, taking turns in each run; the longest frame while the probe runs (a rAF loop in
 * the page); and the concurrency the probe reached beside the one asked.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { start as startLoadTarget } from '../e2e/servers/load-target.mjs';
import { median, ms, ratios, times } from './stats.mjs';

/** The concurrency both sides use (a browser's HTTP/1.1 connections per host). */
export const LOAD_CONCURRENCY = 6;

/**
 * `requests` tools/list from a Node loop of the SDK client, `concurrency` at a time; requests per second.
 * @param {string} url @param {number} requests @param {number} concurrency
 */
export async function sdkLoop(url, requests, concurrency) {
  const client = new Client({ name: 'bench-load', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < requests) {
          issued += 1;
          await client.request({ method: 'tools/list' });
        }
      }),
    );
    return (requests * 1000) / (performance.now() - started);
  } finally {
    await client.close();
  }
}

/**
 * Opens the app with the server, opens its load probe, runs `requests` tools/list at `concurrency`
 * and reads the figures the probe shows; a rAF loop measures the longest frame meanwhile.
 * @param {import('@playwright/test').Browser} browser @param {string} siteUrl @param {string} url
 * @param {number} requests @param {number} concurrency
 * @returns {Promise<{ rps: number, reached: number, longestFrameMs: number, longAnimationFrames: number, idleFrameMs: number, completed: number }>}
 */
export async function probeInPage(browser, siteUrl, url, requests, concurrency) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    const page = await context.newPage();
    const config = { mcpServers: { target: { url } } };
    await page.goto(`${siteUrl}#config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`);
    await page.locator('[data-testid="server-target"][data-status="connected"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('load-probe-target').click();
    const panel = page.getByTestId('load-probe-panel-target');
    await panel.getByTestId('load-concurrency-input').fill(String(concurrency));
    await panel.getByTestId('load-requests').fill(String(requests));
    // The longest gap between frames (a rAF loop) and the long animation frames the browser reports:
    // first 3 s with the panel open and idle (the reference: what this machine allows), then while the
    // probe runs, from its first figures (its plots made) to its end.
    const watchFrames = () =>
      page.evaluate(() => {
        const w = /** @type {any} */ (window);
        if (w.__frames) w.__frames.on = false;
        const frames = { longest: 0, loafs: 0, last: performance.now(), on: true };
        w.__frames = frames;
        const tick = (now) => {
          if (!frames.on) return;
          frames.longest = Math.max(frames.longest, now - frames.last);
          frames.last = now;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        try {
          new PerformanceObserver((list) => {
            if (frames.on) frames.loafs += list.getEntries().length;
          }).observe({ type: 'long-animation-frame' });
        } catch {
          // No LoAF in this browser: the rAF loop stands.
        }
      });
    const readFrames = () =>
      page.evaluate(() => {
        const w = /** @type {any} */ (window);
        w.__frames.on = false;
        return { longest: w.__frames.longest, loafs: w.__frames.loafs };
      });
    await watchFrames();
    await page.waitForTimeout(3000);
    const idle = await readFrames();
    await panel.getByTestId('load-start').click();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="load-count"]')?.getAttribute('data-completed')) > 0,
      undefined,
      {
        timeout: 60_000,
        polling: 50,
      },
    );
    await watchFrames();
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="load-count"]')?.getAttribute('data-completed') === String(n) &&
        document.querySelector('[data-testid="load-probe-panel-target"]')?.getAttribute('data-running') !== 'true',
      requests,
      { timeout: 300_000, polling: 100 },
    );
    const frames = await readFrames();
    const rps = Number(await panel.getByTestId('load-throughput').getAttribute('data-value'));
    const reached = Number(await panel.getByTestId('load-concurrency').getAttribute('data-reached'));
    const completed = Number(await panel.getByTestId('load-count').getAttribute('data-completed'));
    return { rps, reached, longestFrameMs: frames.longest, longAnimationFrames: frames.loafs, idleFrameMs: idle.longest, completed };
  } finally {
    await context.close();
  }
}

/**
 * The section: `runs` runs, each the page's probe and the SDK loop taking turns (which goes first
 * alternates), on one server; returns the bench lines.
 * @param {{ browser: import('@playwright/test').Browser, siteUrl: string, port: (n: number) => number, runs: number,
 *   requests: number, raw: Record<string, unknown>, progress: (text: string) => void, budget: { loadRpsRatio: number, loadFrameMs: number } }} options
 */
export async function measureLoadProbe({ browser, siteUrl, port, runs, requests, raw, progress, budget }) {
  const server = await startLoadTarget({ port: port(32) });
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const started = Date.now();
      const page = run % 2 === 0 ? await probeInPage(browser, siteUrl, server.url, requests, LOAD_CONCURRENCY) : undefined;
      const sdkRps = await sdkLoop(server.url, requests, LOAD_CONCURRENCY);
      const inPage = page ?? (await probeInPage(browser, siteUrl, server.url, requests, LOAD_CONCURRENCY));
      results.push({ ...inPage, sdkRps });
      progress(`load-probe: run ${run + 1}/${runs} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    raw.loadProbe = results;
    const ratio = median(
      ratios(
        results.map((r) => r.rps),
        results.map((r) => r.sdkRps),
      ),
    );
    const longest = Math.max(...results.map((r) => r.longestFrameMs));
    const reached = results.map((r) => r.reached);
    return [
      {
        section: 'load-probe',
        measure: `page's load probe, ${requests} tools/list at concurrency ${LOAD_CONCURRENCY} (requests/s)`,
        value: `${median(results.map((r) => r.rps)).toFixed(1)}/s`,
        reference: `Node loop of the SDK client ${median(results.map((r) => r.sdkRps)).toFixed(1)}/s`,
        ratio: times(ratio),
        budget: `≥ ${times(budget.loadRpsRatio)}`,
        pass: ratio >= budget.loadRpsRatio,
      },
      {
        section: 'load-probe',
        measure: `  longest frame while the probe runs (rAF loop; ${Math.max(...results.map((r) => r.longAnimationFrames))} long animation frames at most)`,
        value: ms(longest),
        reference: `idle page, panel open, 3 s: ${ms(Math.max(...results.map((r) => r.idleFrameMs)))}`,
        budget: `< ${ms(budget.loadFrameMs)}`,
        pass: longest < budget.loadFrameMs,
      },
      {
        section: 'load-probe',
        measure: `  concurrency reached of ${LOAD_CONCURRENCY} asked (Resource Timing, HTTP/1.1)`,
        value: `${Math.min(...reached)}–${Math.max(...reached)}`,
      },
    ];
  } finally {
    await server.close();
  }
}

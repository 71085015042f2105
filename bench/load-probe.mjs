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
 * Runs in the page: `requests` POSTs of `body` with `headers` to `url` by plain fetch, `concurrency`
 * at a time; requests per second and the most in flight on the wire (Resource Timing, as the probe reads it).
 * @param {{ url: string, headers: Record<string, string>, body: string, requests: number, concurrency: number }} o
 */
async function bareLoop({ url, headers, body, requests, concurrency }) {
  const keep = ['content-type', 'accept', 'mcp-method', 'mcp-protocol-version', 'mcp-name', 'mcp-session-id', 'authorization'];
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => keep.includes(name)));
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(requests + 100);
  const started = performance.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < requests) {
        issued += 1;
        const response = await fetch(url, { method: 'POST', headers: sent, body });
        await response.text();
      }
    }),
  );
  const rps = (requests * 1000) / (performance.now() - started);
  const spans = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
    .filter((e) => e.name === url && e.startTime >= started && e.requestStart > 0)
    .map((e) => [e.requestStart, e.responseEnd]);
  const edges = spans
    .flatMap(([a, b]) => [
      [a, 1],
      [b, -1],
    ])
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let now = 0;
  let reached = 0;
  for (const [, d] of edges) reached = Math.max(reached, (now += d));
  return { rps, reached };
}

/**
 * Opens the app with the server, opens its load probe, runs `requests` tools/list at `concurrency`
 * and reads the figures the probe shows; a rAF loop measures the longest frame meanwhile.
 * @param {import('@playwright/test').Browser} browser @param {string} siteUrl @param {string} url
 * @param {number} requests @param {number} concurrency
 * @returns {Promise<{ rps: number, reached: number, longestFrameMs: number, longAnimationFrames: number, idleFrameMs: number, completed: number, bareRps: number, bareReached: number, openAtStart: string[], openAtEnd: string[] }>}
 */
export async function probeInPage(browser, siteUrl, url, requests, concurrency) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    const page = await context.newPage();
    // Every request the page sends to the server's host, and which are still open: what else could
    // hold one of the browser's 6 connections to that host while the probe runs.
    const origin = new URL(url).origin;
    /** @type {Map<import('@playwright/test').Request, string>} */
    const open = new Map();
    /** @type {{ headers: Record<string, string>, body: string } | undefined} */
    let probeRequest;
    page.on('request', (request) => {
      if (!request.url().startsWith(origin)) return;
      const headers = request.headers();
      const what = `${request.method()} ${headers['mcp-method'] ?? request.url().slice(origin.length)}`;
      open.set(request, what);
      if (!probeRequest && headers['mcp-method'] === 'tools/list') probeRequest = { headers, body: request.postData() ?? '' };
    });
    const done = (request) => open.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
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
    const openAtStart = [...open.values()];
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
    const openAtEnd = [...open.values()];
    const rps = Number(await panel.getByTestId('load-throughput').getAttribute('data-value'));
    const reached = Number(await panel.getByTestId('load-concurrency').getAttribute('data-reached'));
    const completed = Number(await panel.getByTestId('load-count').getAttribute('data-completed'));
    // The bare page loop: the probe's own tools/list request (headers and body as the page sent them)
    // sent again with plain fetch from the same page, `concurrency` at a time, nothing else done.
    if (!probeRequest) throw new Error('load-probe: no tools/list request of the probe was seen');
    const bare = await page.evaluate(bareLoop, { url, ...probeRequest, requests, concurrency });
    return {
      rps,
      reached,
      longestFrameMs: frames.longest,
      longAnimationFrames: frames.loafs,
      idleFrameMs: idle.longest,
      completed,
      bareRps: bare.rps,
      bareReached: bare.reached,
      openAtStart,
      openAtEnd,
    };
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
      // The Node loop at the concurrency the page reached (the browser's queue aside).
      const sdkReachedRps = await sdkLoop(server.url, requests, Math.max(1, inPage.reached));
      results.push({ ...inPage, sdkRps, sdkReachedRps });
      progress(`load-probe: run ${run + 1}/${runs} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    raw.loadProbe = results;
    const pick = (key) => results.map((r) => r[key]);
    const ratioTo = (key) => median(ratios(pick('rps'), pick(key)));
    const bareRatio = ratioTo('bareRps');
    const longest = Math.max(...pick('longestFrameMs'));
    const span = (values) => `${Math.min(...values)}–${Math.max(...values)}`;
    const held = [...new Set(results.flatMap((r) => r.openAtStart))];
    return [
      {
        section: 'load-probe',
        measure: `page's load probe, ${requests} tools/list at concurrency ${LOAD_CONCURRENCY} (requests/s)`,
        value: `${median(pick('rps')).toFixed(1)}/s`,
        reference: `bare page loop (plain fetch, same page, headers, body) ${median(pick('bareRps')).toFixed(1)}/s`,
        ratio: times(bareRatio),
        budget: `≥ ${times(budget.loadRpsRatio)}`,
        pass: bareRatio >= budget.loadRpsRatio,
      },
      {
        section: 'load-probe',
        measure: `  against a Node loop of the SDK client at ${LOAD_CONCURRENCY} (reported: the browser's network path, not the page's work)`,
        value: times(ratioTo('sdkRps')),
        reference: `${median(pick('sdkRps')).toFixed(1)}/s`,
      },
      {
        section: 'load-probe',
        measure: `  against a Node loop of the SDK client at the concurrency the page reached (reported)`,
        value: times(ratioTo('sdkReachedRps')),
        reference: `${median(pick('sdkReachedRps')).toFixed(1)}/s`,
      },
      {
        section: 'load-probe',
        measure: `  longest frame while the probe runs (rAF loop; ${Math.max(...pick('longAnimationFrames'))} long animation frames at most)`,
        value: ms(longest),
        reference: `idle page, panel open, 3 s: ${ms(Math.max(...pick('idleFrameMs')))}`,
        budget: `< ${ms(budget.loadFrameMs)}`,
        pass: longest < budget.loadFrameMs,
      },
      {
        section: 'load-probe',
        measure: `  concurrency reached of ${LOAD_CONCURRENCY} asked (Resource Timing, HTTP/1.1): probe, bare page loop`,
        value: `${span(pick('reached'))}, ${span(pick('bareReached'))}`,
      },
      {
        section: 'load-probe',
        measure: `  requests to the server's host still open when the probe starts`,
        value: held.length === 0 ? 'none' : held.join(', '),
      },
    ];
  } finally {
    await server.close();
  }
}

/**
 * The bench's `check` section: the server check run in the page (the built app, the Check button
 * on a server's card, until the report has drawn) against the official conformance suite's
 * applicable scenarios against the same server, and the draw time of a report of many tools.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runSuiteScenario, SUITE_SCENARIO_ERAS } from '../scripts/check/suite-scenarios.mjs';

/** The era the official everything server speaks. */
const EVERYTHING_ERA = '2025-11-25';

/** The suite's scenarios that apply to a server of `era`, in order. @param {string} era */
export function scenariosOf(era) {
  return Object.entries(SUITE_SCENARIO_ERAS)
    .filter(([, eras]) => eras.includes(era))
    .map(([scenario]) => scenario);
}

/**
 * The suite's wall time for every applicable scenario against `url` (one after another, as its CLI runs them).
 * @param {string} url
 * @returns {Promise<number>}
 */
export async function suiteMs(url) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'glassbox-bench-suite-'));
  try {
    let total = 0;
    for (const scenario of scenariosOf(EVERYTHING_ERA)) {
      const out = await mkdtemp(path.join(folder, `${scenario}-`));
      total += (await runSuiteScenario(url, scenario, EVERYTHING_ERA, out)).ms;
    }
    return total;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Opens the app with one server, waits for it to connect, clicks its Check button and waits for the
 * report to draw. Returns the time from the click to the report's frame (measured in the page),
 * the report's own `data-draw-ms` (from the checks' end to that frame) and the number of checks.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} siteUrl
 * @param {string} name
 * @param {string} url
 * @returns {Promise<{ checkMs: number, drawMs: number, findings: number }>}
 */
export async function checkInPage(browser, siteUrl, name, url) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    const page = await context.newPage();
    const config = { mcpServers: { [name]: { url } } };
    await page.goto(`${siteUrl}#config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`);
    await page.locator(`[data-testid="server-${name}"][data-status="connected"]`).waitFor({ timeout: 30_000 });
    const checkMs = await page.evaluate(
      (server) =>
        new Promise((resolve, reject) => {
          const button = document.querySelector(`[data-testid="server-check-${server}"]`);
          if (!(button instanceof HTMLElement)) return reject(new Error(`no Check button for ${server}`));
          const observer = new MutationObserver(() => {
            const report = document.querySelector(`[data-testid="server-report-${server}"][data-draw-ms]`);
            if (report) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-draw-ms'] });
          const started = performance.now();
          button.click();
        }),
      name,
    );
    const report = page.getByTestId(`server-report-${name}`);
    const drawMs = Number(await report.getAttribute('data-draw-ms'));
    const status = (await report.getByTestId('check-status').textContent()) ?? '';
    const findings = Number(/(\d+) checks in/.exec(status)?.[1] ?? Number.NaN);
    if (!Number.isFinite(findings)) throw new Error(`check bench: the report of ${name} says ${JSON.stringify(status)}`);
    return { checkMs: /** @type {number} */ (checkMs), drawMs, findings };
  } finally {
    await context.close();
  }
}

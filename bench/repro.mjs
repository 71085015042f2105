/**
 * The repro section: a repro of a long session opens and draws in at most 1.2× the time the same
 * session takes to restore from the page's own storage.
 *
 * The session is the long-session section's (bench/long-session.mjs): the production build with the
 * lab's `slow` server, one turn of `steps` model requests each calling `fill` for a 20 KB result,
 * answered by the scripted model server. It is reloaded RELOADS times (each until the restored
 * session is on screen: the chat's last answer and the model wire's rows, since navigation); then the
 * page writes its repro (Session → Share a repro, the mocks made from the session's traffic).
 *
 * The repro is then opened RELOADS times, each in a fresh browser context (a new profile, nothing
 * configured, no server needed): the page is loaded empty, then loaded again as the reload it is
 * compared with is (the app's files from the browser's cache; its start-up: the time to the app
 * taking over from the first frame, since navigation), the file is chosen in the open menu, and the time
 * from the file input's `change` to the frame that shows the same chat answer and model rows is the
 * open. The figure compared with the restore is start-up + open: both then include a page's start,
 * as a person opening a repro link or reloading their own session waits for both.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { start as startModel } from '../e2e/servers/model-server.mjs';
import { createRequestRecorder, LAST_ANSWER, reload, RELOADS, runTurn, settle, watchRestore } from './long-session.mjs';
import { mb, median, ms, times } from './stats.mjs';

/** A repro opens (with its page's start-up) in at most this many times the restore of the same session. */
export const REPRO_OPEN_BUDGET = 1.2;

/** In every page of a context: when the app took over from the first frame (`__glassboxReadyAt`), and when a file input changed (`__glassboxOpenStart`). */
function watchOpen() {
  const ready = () => {
    if (document.querySelector('#root > .app') !== null && document.querySelector('#root > .app[data-first-frame]') === null)
      window.__glassboxReadyAt = performance.now();
    else requestAnimationFrame(ready);
  };
  requestAnimationFrame(ready);
  document.addEventListener(
    'change',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
        window.__glassboxOpenStart = performance.now();
        window.__glassboxRestoredAt = undefined;
      }
    },
    true,
  );
}

/** Opens the repro at `filePath` in a fresh context; its start-up and open times. */
async function openRepro({ browser, siteUrl, filePath }) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(() => localStorage.setItem('glassbox.tour.dismissed', '1'));
  await context.addInitScript(watchOpen);
  const page = await context.newPage();
  try {
    // Nothing configured: no MCP server, no model server, no key.
    await page.goto(`${siteUrl}#config=${Buffer.from(JSON.stringify({ mcpServers: {} })).toString('base64url')}`);
    await page.waitForFunction(() => window.__glassboxReadyAt !== undefined, undefined, { timeout: 60_000 });
    // Once more, as the reload it is compared with: the app's files now come from the browser's cache.
    await settle(page);
    await page.reload();
    await page.waitForFunction(() => window.__glassboxReadyAt !== undefined, undefined, { timeout: 60_000 });
    await settle(page);
    const startupMs = await page.evaluate(() => window.__glassboxReadyAt);
    // The restore watch (the same condition as a reload's) is armed from the file's change.
    await page.evaluate(watchRestore, LAST_ANSWER);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('session-menu').click();
    await page.getByTestId('session-import').click();
    // By path: the browser reads the file itself (a 30 MB buffer through the protocol took seconds).
    await (await chooser).setFiles(filePath, { timeout: 120_000 });
    await page.waitForFunction(() => window.__glassboxRestoredAt !== undefined && window.__glassboxOpenStart !== undefined, undefined, {
      timeout: 120_000,
    });
    const { openMs, requests, banner } = await page.evaluate(() => ({
      openMs: window.__glassboxRestoredAt - window.__glassboxOpenStart,
      requests: document.querySelectorAll('[data-testid="model-row"][data-kind="request"]').length,
      banner: document.querySelector('[data-testid="readonly-title"]')?.textContent ?? '',
    }));
    if (!banner.includes('Viewing a repro')) throw new Error(`the repro did not open read-only: "${banner}"`);
    return { startupMs, openMs, totalMs: startupMs + openMs, requests };
  } finally {
    await context.close();
  }
}

/**
 * Runs the section; returns the raw figures: the restores, the repro's size, and its opens.
 * `labSlowUrl` is the lab's `slow` endpoint; `model` a scripted model server of the section's own.
 */
export async function measureReproOpen({ browser, siteUrl, labSlowUrl, model, recorder, steps, resultChars, progress }) {
  const config = { mcpServers: { slow: { url: labSlowUrl } } };
  const appUrl = `${siteUrl}#config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;
  progress(`repro: a ${steps}-step turn`);
  const { context, page } = await runTurn({ browser, appUrl, model, recorder, steps, resultChars, progress });
  let repro;
  const restores = [];
  try {
    for (let i = 0; i < RELOADS; i++) restores.push(await reload(page));
    await settle(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('session-menu').click();
    await page.getByTestId('repro-export').click();
    const file = await download;
    repro = { filePath: await file.path(), fileName: file.suggestedFilename() };
    // The file's path lives as long as its context: keep a copy of the text.
    repro.text = await readFile(repro.filePath);
  } finally {
    await context.close().catch(() => undefined);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'glassbox-repro-bench-'));
  const filePath = path.join(dir, repro.fileName);
  await writeFile(filePath, repro.text);
  const opens = [];
  for (let i = 0; i < RELOADS; i++) {
    progress(`repro: open ${i + 1}/${RELOADS}`);
    opens.push(await openRepro({ browser, siteUrl, filePath }));
  }
  await rm(dir, { recursive: true, force: true });
  return { restores, opens, reproBytes: repro.text.length };
}

/**
 * The section for bench/run.mjs: starts its own scripted model server on `modelPort`, measures, and
 * returns the table's lines (the raw figures go to `raw.repro`).
 */
export async function reproSection({ browser, siteUrl, labSlowUrl, modelPort, steps, resultChars, raw, progress }) {
  const recorder = createRequestRecorder();
  const model = await startModel({
    host: '127.0.0.1',
    port: modelPort,
    chunkDelayMs: 0,
    keepRequests: false,
    onRequest: recorder.onRequest,
  });
  let figures;
  try {
    figures = await measureReproOpen({ browser, siteUrl, labSlowUrl, model, recorder, steps, resultChars, progress });
  } finally {
    await model.close();
  }
  raw.repro = figures;
  const restoreMs = median(figures.restores.map((restore) => restore.restoreMs));
  const totalMs = median(figures.opens.map((open) => open.totalMs));
  const openMs = median(figures.opens.map((open) => open.openMs));
  const startupMs = median(figures.opens.map((open) => open.startupMs));
  const ratio = totalMs / restoreMs;
  return [
    {
      section: 'repro',
      measure: `Repro of the ${steps}-step session (${mb(figures.reproBytes)}) opened in a fresh profile: empty page start + open to drawn`,
      value: ms(totalMs),
      reference: `restore from storage ${ms(restoreMs)} (${figures.restores.length} reloads)`,
      ratio: times(ratio),
      budget: `≤ ${times(REPRO_OPEN_BUDGET)}`,
      pass: ratio <= REPRO_OPEN_BUDGET,
    },
    {
      section: 'repro',
      measure: `  of which: the empty page's start ${ms(startupMs)}, the file chosen to the chat and ${figures.opens[0]?.requests ?? '?'} request rows drawn`,
      value: ms(openMs),
    },
  ];
}

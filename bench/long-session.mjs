/**
 * The long-session section, measured in the real app, not a harness: the production
 * build opened on a config with the lab's `slow` server, the top bar pointed at the scripted model
 * server, and one chat turn whose every step calls the `fill` tool for a 20 KB result, so each
 * model request resends the whole conversation with one more 20 KB result. The turn runs through
 * the app's AgentSession, approval gate, MCP client, both wires, the chat and the session saved to
 * IndexedDB, as a person's would.
 *
 * Measured: the saved session's size and the JS heap after turns of ¼, ½ and all the steps (each
 * in a fresh browser context); then, after the longest, RELOADS reloads of the settled page, each
 * until the restored session is on screen (the chat's last answer and the model wire's rows);
 * three seconds of scrolling the model wire (long tasks), and the time to open the last request's
 * detail.
 */

/** The answer the scripted model gives after the last tool result: its text in the chat marks a finished or restored turn. */
const LAST_ANSWER = 'The long job is done.';

/**
 * Written into every page of the context before its scripts run: records when the restored
 * session is first on screen (`__glassboxRestoredAt`, ms since navigation) — the chat shows the
 * turn's last answer and the model wire shows rows. Checked on every frame, before it is painted.
 */
function watchRestore(lastAnswer) {
  // When the page last ran a long task: scrolling is measured once the page has settled.
  window.__glassboxLastLongTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__glassboxLastLongTask = Math.max(window.__glassboxLastLongTask, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const rows = document.querySelector('[data-testid="model-list"] [data-testid="model-row"]');
    const answered = [...document.querySelectorAll('[data-testid="chat-message"]')].some((message) =>
      message.textContent?.includes(lastAnswer),
    );
    if (rows !== null && answered) window.__glassboxRestoredAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** The size of everything the app saved in IndexedDB, as the JSON text of each value (characters), after a garbage collection the heap size. */
async function savedSizes(page) {
  return page.evaluate(async () => {
    const settled = (request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    let storedBytes = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('glassbox') || name === 'glassbox-oauth') continue;
      const db = await settled(indexedDB.open(name));
      for (const store of db.objectStoreNames) {
        const values = await settled(db.transaction(store, 'readonly').objectStore(store).getAll());
        storedBytes += values.reduce((sum, value) => sum + JSON.stringify(value).length, 0);
      }
      db.close();
    }
    window.gc?.();
    return { storedBytes, heapBytes: performance.memory?.usedJSHeapSize };
  });
}

/**
 * One turn of `steps` model requests in a fresh context: `steps - 1` calls of `fill`, then the
 * last answer. Leaves the page open on the finished turn, its session saved.
 */
async function runTurn({ browser, appUrl, model, steps, resultChars, progress }) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(watchRestore, LAST_ANSWER);
  const page = await context.newPage();
  page.on('pageerror', (error) => progress(`long turn page error: ${error.message}`));
  model.reset();
  model.setScript([
    ...Array.from({ length: steps - 1 }, () => ({ toolCalls: [{ name: 'slow_fill', input: { chars: resultChars } }] })),
    { text: LAST_ANSWER },
  ]);
  await page.goto(appUrl);
  await page.locator('[data-testid="server-slow"][data-status="connected"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('provider-select').selectOption('anthropic');
  for (const [testId, value] of [
    ['base-url-input', model.url],
    ['api-key-input', 'bench-key'],
    ['model-input', 'claude-test'],
    ['max-steps-input', String(steps)],
  ]) {
    await page.getByTestId(testId).fill(value);
    await page.getByTestId(testId).blur();
  }
  const started = Date.now();
  await page.getByTestId('chat-input').fill('Run the long job.');
  await page.getByTestId('chat-send').click();
  // The first call of `fill` asks; "always" lets the rest run.
  await page.getByTestId('approval-always').click({ timeout: 30_000 });
  await page
    .getByTestId('chat-message')
    .filter({ hasText: LAST_ANSWER })
    .waitFor({ timeout: 10 * 60_000 });
  const turnMs = Date.now() - started;
  // The session is saved 300 ms after its last change; give it that and the write.
  await page.waitForTimeout(1500);
  return { context, page, turnMs, ...(await savedSizes(page)) };
}

/** How many times the finished session is reloaded; the bench reports the median (a single reload swung from 0.9 to 1.6 s). */
export const RELOADS = 5;

/** Waits until the page has run no long task for a second (at most 20 s): start-up's idle-time work is done. */
async function settle(page) {
  await page
    .waitForFunction(() => performance.now() - window.__glassboxLastLongTask > 1000, undefined, { timeout: 20_000, polling: 100 })
    .catch(() => undefined);
}

/** Reloads the settled `page` and waits for the restored session on screen; the time since navigation. */
async function reload(page) {
  await settle(page);
  await page.reload();
  await page.waitForFunction(() => window.__glassboxRestoredAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => ({
    restoreMs: window.__glassboxRestoredAt,
    requests: document.querySelectorAll('[data-testid="model-row"][data-kind="request"]').length,
  }));
}

/**
 * Scrolls the model wire's list up then down for `scrollMs`; the long tasks meanwhile. It starts
 * once the reloaded page has settled (the servers reconnected, the idle-time chunks such as the
 * config editor's Monaco parsed: a second without a long task, waited for up to 20 s), so what is
 * measured is the list, not the start-up.
 */
async function scrollModelWire(page, scrollMs) {
  await page.locator('[data-testid="config-editor"][data-editor="monaco"]').waitFor({ timeout: 30_000 });
  await settle(page);
  const box = await page.getByTestId('model-list').boundingBox();
  if (!box) throw new Error('the model wire list is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    window.__glassboxLongTasks = [];
    const start = performance.now();
    window.__glassboxLongTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.startTime >= start) window.__glassboxLongTasks.push(entry.duration);
    });
    window.__glassboxLongTaskObserver.observe({ type: 'longtask', buffered: false });
  });
  const start = Date.now();
  while (Date.now() - start < scrollMs) {
    await page.mouse.wheel(0, Date.now() - start < scrollMs / 2 ? -240 : 240);
    await page.waitForTimeout(16);
  }
  return page.evaluate(() => {
    for (const entry of window.__glassboxLongTaskObserver.takeRecords()) window.__glassboxLongTasks.push(entry.duration);
    window.__glassboxLongTaskObserver.disconnect();
    return window.__glassboxLongTasks;
  });
}

/** Clicks the last request row the model wire shows; the time until its detail is painted. */
async function openLastRequest(page) {
  return page.evaluate(async () => {
    const rows = document.querySelectorAll('[data-testid="model-list"] [data-testid="model-row"][data-kind="request"]');
    const last = rows[rows.length - 1];
    if (!last) throw new Error('no request row');
    const started = performance.now();
    last.click();
    while (document.querySelector('[data-testid="model-request-detail"]') === null) await new Promise((resolve) => setTimeout(resolve, 0));
    // The frame that shows it: rAF runs before that frame's paint, a task queued from it after.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  });
}

/**
 * Runs the section; returns the raw figures. `labSlowUrl` is the lab's `slow` endpoint (it has
 * `fill`); `model` is a scripted model server of the section's own.
 */
export async function measureAppLongSession({ browser, siteUrl, labSlowUrl, model, steps, resultChars, scrollMs, progress }) {
  const config = { mcpServers: { slow: { url: labSlowUrl } } };
  const appUrl = `${siteUrl}#config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;
  const checkpoints = [];
  const counts = [...new Set([Math.max(2, Math.round(steps / 4)), Math.max(2, Math.round(steps / 2)), steps])];
  let last;
  for (const count of counts) {
    progress(`long turn in the app: ${count} steps`);
    const run = await runTurn({ browser, appUrl, model, steps: count, resultChars, progress });
    progress(`long turn in the app: ${count} steps in ${(run.turnMs / 1000).toFixed(1)} s`);
    checkpoints.push({ steps: count, storedBytes: run.storedBytes, heapBytes: run.heapBytes, turnMs: run.turnMs });
    if (count === steps) last = run;
    else await run.context.close();
  }
  const restores = [];
  for (let n = 0; n < RELOADS; n++) restores.push(await reload(last.page));
  const longTasks = await scrollModelWire(last.page, scrollMs);
  const detailMs = await openLastRequest(last.page);
  await last.context.close();
  return { checkpoints, restores, longTasks, detailMs };
}

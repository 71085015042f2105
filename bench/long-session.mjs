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
 *
 * The longest turn is also timed step by step (when each model request reached the server, and its
 * size), a few steps before its end the page is used as a person would while it runs (scroll the chat
 * and both wires, open a request, type into the chat input: each until the frame that shows it), and
 * right after it the BARE LOOP runs in a blank page of the same browser: the same requests, byte for
 * byte (the last body the app sent, its conversation cut back to each step's length), built with
 * `JSON.stringify`, posted with `fetch` to the same scripted model server and read to the end, nothing
 * else done. The bare loop is the floor of this machine for the turn.
 */
import { writeFile } from 'node:fs/promises';

/** The answer the scripted model gives after the last tool result: its text in the chat marks a finished or restored turn. */
export const LAST_ANSWER = 'The long job is done.';

/**
 * Written into every page of the context before its scripts run: records when the restored
 * session is first on screen (`__glassboxRestoredAt`, ms since navigation) — the chat shows the
 * turn's last answer and the model wire shows rows. Checked on every frame, before it is painted.
 */
export function watchRestore(options) {
  // `{ reloadsOnly }`: the turn's own page is not watched (the watch would be the bench's own work in every frame of the turn).
  const { lastAnswer, reloadsOnly } = typeof options === 'string' ? { lastAnswer: options, reloadsOnly: false } : options;
  // When the page last ran a long task: scrolling is measured once the page has settled.
  window.__glassboxLastLongTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__glassboxLastLongTask = Math.max(window.__glassboxLastLongTask, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  // Only the last message is read: this runs on every frame of a turn too, and reading the whole chat's
  // text on each frame made the bench's own work grow with the session.
  const check = () => {
    const rows = document.querySelector('[data-testid="model-list"] [data-testid="model-row"]');
    const messages = document.querySelectorAll('[data-testid="chat-message"]');
    const answered = messages[messages.length - 1]?.textContent?.includes(lastAnswer) === true;
    if (rows !== null && answered) window.__glassboxRestoredAt = performance.now();
    else requestAnimationFrame(check);
  };
  if (reloadsOnly && performance.getEntriesByType('navigation')[0]?.type !== 'reload') return;
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

/** The scripted model's turn: `steps - 1` calls of `fill`, then the last answer. */
function longScript(steps, resultChars) {
  return [
    ...Array.from({ length: steps - 1 }, () => ({ toolCalls: [{ name: 'slow_fill', input: { chars: resultChars } }] })),
    { text: LAST_ANSWER },
  ];
}

/**
 * Keeps, of each model request the scripted server receives, when it arrived and its size, and
 * the last one whole (its body and headers): the bare loop replays the turn from it. Pass
 * `onRequest` to the model server.
 */
export function createRequestRecorder() {
  const recorder = {
    /** @type {{ at: number, chars: number }[]} */
    arrivals: [],
    /** @type {{ path: string, headers: Record<string, unknown>, text: string } | undefined} */
    last: undefined,
    reset() {
      recorder.arrivals = [];
      recorder.last = undefined;
    },
    /** @param {{ path: string, headers: Record<string, unknown>, text: string, receivedAt: number }} record */
    onRequest(record) {
      recorder.arrivals.push({ at: record.receivedAt, chars: record.text.length });
      recorder.last = { path: record.path, headers: record.headers, text: record.text };
    },
  };
  return recorder;
}

/** Resolves once the chat's last message is `LAST_ANSWER`; reads only that message, ten times a second. */
function waitForLastAnswer(page) {
  return page.waitForFunction(
    (answer) => {
      const messages = document.querySelectorAll('[data-testid="chat-message"]');
      return messages[messages.length - 1]?.textContent?.includes(answer) === true;
    },
    LAST_ANSWER,
    { polling: 100, timeout: 10 * 60_000 },
  );
}

/**
 * One turn of `steps` model requests in a fresh context: `steps - 1` calls of `fill`, then the
 * last answer. Leaves the page open on the finished turn, its session saved. With `probeAt`, the
 * page is used (see `probeUsability`) once that many requests have reached the server.
 */
export async function runTurn({ browser, appUrl, model, recorder, steps, resultChars, progress, probeAt, profile }) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(watchRestore, { lastAnswer: LAST_ANSWER, reloadsOnly: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => progress(`long turn page error: ${error.message}`));
  model.reset();
  model.setScript(longScript(steps, resultChars));
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
  recorder.reset();
  const started = Date.now();
  await page.getByTestId('chat-input').fill('Run the long job.');
  await page.getByTestId('chat-send').click();
  // The first call of `fill` asks; "always" lets the rest run.
  await page.getByTestId('approval-always').click({ timeout: 30_000 });
  let usability;
  // With `profile`, a CPU profile or trace of the turn's last PROFILE_STEPS steps (the probes included).
  const recording = profile === undefined ? undefined : await startRecordingAt(page, recorder, Math.max(2, steps - PROFILE_STEPS), profile);
  if (probeAt !== undefined) {
    while (recorder.arrivals.length < probeAt) await new Promise((resolve) => setTimeout(resolve, 20));
    usability = await probeUsability(page);
  }
  await waitForLastAnswer(page);
  if (recording !== undefined) await recording.stop();
  const turnMs = Date.now() - started;
  const arrivals = recorder.arrivals;
  const last = recorder.last;
  // The session is saved 300 ms after its last change; give it that and the write.
  await page.waitForTimeout(1500);
  return { context, page, turnMs, arrivals, last, usability, ...(await savedSizes(page)) };
}

/** Steps at the end of the longest turn that BENCH_LONG_PROFILE records. */
const PROFILE_STEPS = 50;

/**
 * Starts recording `page` once `fromStep` requests have reached the server (waited for in the
 * background): Chromium's CPU profile, or with a `.json` path its trace (devtools.timeline: style,
 * layout, paint and script by task). `stop()` writes it to `path` (for DevTools or speedscope).
 */
async function startRecordingAt(page, recorder, fromStep, path) {
  const trace = path.endsWith('.json');
  const browser = page.context().browser();
  const cdp = trace ? undefined : await page.context().newCDPSession(page);
  const started = (async () => {
    while (recorder.arrivals.length < fromStep) await new Promise((resolve) => setTimeout(resolve, 20));
    if (trace) {
      await browser.startTracing(page, { path, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    } else {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
  })();
  return {
    async stop() {
      await started;
      if (trace) {
        await browser.stopTracing();
        return;
      }
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      await writeFile(path, JSON.stringify(profile));
    },
  };
}

/**
 * Arms a watch in the page, runs `act`, and returns the time from just before `act` to the frame
 * that shows the answer (rAF runs before that frame's paint, a task queued from it after). `kind`:
 * `scroll` or `input` (the first such event inside `selector`), `appear` (`selector` on the page).
 */
async function timeToFrame(page, kind, selector, act) {
  await page.evaluate(
    ({ kind, selector }) => {
      const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      window.__glassboxProbe = new Promise((resolve) => {
        const answered = () => void painted().then(() => resolve(performance.now()));
        if (kind === 'appear') {
          const look = () => (document.querySelector(selector) ? answered() : requestAnimationFrame(look));
          requestAnimationFrame(look);
          return;
        }
        const container = document.querySelector(selector);
        if (!container) throw new Error(`${selector} is not on the page`);
        const listener = (event) => {
          if (!(event.target instanceof Node) || !container.contains(event.target)) return;
          document.removeEventListener(kind, listener, true);
          answered();
        };
        document.addEventListener(kind, listener, true);
      });
      window.__glassboxProbeStart = performance.now();
    },
    { kind, selector },
  );
  await act();
  // A probe the page never answers fails its budget rather than stopping the bench.
  return page.evaluate(
    async (timeoutMs) =>
      Promise.race([
        window.__glassboxProbe.then((at) => at - window.__glassboxProbeStart),
        new Promise((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), timeoutMs)),
      ]),
    PROBE_TIMEOUT_MS,
  );
}

/** How long a probe waits for its answer. */
const PROBE_TIMEOUT_MS = 5000;

/**
 * Uses the page while the turn runs, as a person would: scrolls the chat, the model wire and the
 * MCP wire up (a wheel turn each), opens the last request shown on the model wire, types a letter
 * into the chat input. Each: the time until the frame that shows it. Then scrolls the chat back down.
 */
async function probeUsability(page) {
  const wheel = async (selector) => {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not visible`);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Up when the list can go up (it follows its newest rows), else down.
    // The element the wheel turns: the nearest scrollable one under the pointer, up to the container
    // (reading every element of a long chat here took the page 0.8 s, counted in the turn).
    const up = await page.evaluate(
      ({ selector, x, y }) => {
        const container = document.querySelector(selector);
        for (let element = document.elementFromPoint(x, y); element; element = element.parentElement) {
          if (element.scrollHeight > element.clientHeight + 1) return element.scrollTop > 0;
          if (element === container) break;
        }
        return false;
      },
      { selector, x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    return timeToFrame(page, 'scroll', selector, () => page.mouse.wheel(0, up ? -400 : 400));
  };
  // The page's first wheel turn, whatever it scrolls, took 330-510 ms while the turn ran (the MCP
  // wire first: 382 ms, then the chat 26-40 ms; the chat first: 355-511 ms, then 19-40 ms). A blank
  // page whose main thread is as busy answers its first wheel turn like the others (about one
  // task), and the app has no blocking wheel listener (CDP lists React's passive ones only): the
  // cause is not found yet. So the first wheel turn is its own row, budgeted like the others, and
  // the three lists are then probed as the person's next wheel turns.
  const firstWheelMs = await wheel('[data-testid="traffic-list"]');
  await page.waitForTimeout(150);
  const chatScrollMs = await wheel('.chat-log');
  const modelScrollMs = await wheel('[data-testid="model-list"]');
  const mcpScrollMs = await wheel('[data-testid="traffic-list"]');
  // The last request row in sight (a virtual list also draws rows above and below its window, clipped).
  const rowCenter = await page.evaluate(() => {
    const list = document.querySelector('[data-testid="model-list"]').getBoundingClientRect();
    const rows = [...document.querySelectorAll('[data-testid="model-list"] [data-testid="model-row"][data-kind="request"]')]
      .map((row) => row.getBoundingClientRect())
      .filter((box) => box.top >= list.top && box.bottom <= list.bottom);
    const box = rows[rows.length - 1];
    return box && { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });
  if (!rowCenter) throw new Error('no request row in sight on the model wire');
  // The rows move as the turn adds more: the click may land on a response, whose detail answers as well.
  const detailMs = await timeToFrame(page, 'appear', '[data-testid="model-request-detail"], [data-testid="model-response-detail"]', () =>
    page.mouse.click(rowCenter.x, rowCenter.y),
  );
  await page.getByTestId('chat-input').focus();
  const typeMs = await timeToFrame(page, 'input', '[data-testid="chat-input"]', () => page.keyboard.press('x'));
  // Back to the chat's bottom, which pins it there again, so the chat follows the rest of the turn as
  // it did before the probe.
  await page.locator('.chat-log').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  return { firstWheelMs, chatScrollMs, modelScrollMs, mcpScrollMs, detailMs, typeMs };
}

/**
 * The bare loop: in a blank page, the turn's requests rebuilt from the last one the app sent
 * (`last`: its conversation cut back to step k's 2k − 1 messages, which is byte for byte what the
 * app sent at step k), each built with `JSON.stringify`, posted with `fetch` and read to the end,
 * one after the other. The model server answers them from the same script.
 */
async function runBareLoop({ browser, blankUrl, model, recorder, steps, resultChars, last }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(blankUrl);
  model.reset();
  model.setScript(longScript(steps, resultChars));
  recorder.reset();
  const headers = Object.fromEntries(
    ['content-type', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access']
      .map((name) => [name, last.headers[name]])
      .filter(([, value]) => typeof value === 'string'),
  );
  const started = Date.now();
  // The longest task of its last steps (from PROBE_BEFORE_END before the end): what a probe waits for at least.
  const longestTaskMs = await page.evaluate(
    async ({ url, headers, body, steps, from }) => {
      let longest = 0;
      let counting = false;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (counting) longest = Math.max(longest, entry.duration);
      });
      observer.observe({ type: 'longtask' });
      for (let step = 1; step <= steps; step++) {
        counting = step >= from;
        const request = { ...body, messages: body.messages.slice(0, 2 * step - 1) };
        const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
        await response.text();
      }
      for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
      observer.disconnect();
      return longest;
    },
    { url: `${model.url}${last.path}`, headers, body: JSON.parse(last.text), steps, from: steps - PROBE_BEFORE_END },
  );
  const loopMs = Date.now() - started;
  await context.close();
  return { loopMs, arrivals: recorder.arrivals, longestTaskMs };
}

/**
 * How many requests before the end of the longest turn the page is used: before the last
 * CURVE_WINDOW steps, which time the end of the curve undisturbed.
 */
export const PROBE_BEFORE_END = 12;

/** Steps per window of the per-step curve (the median of a window is one point). */
export const CURVE_WINDOW = 10;

/**
 * One point of a turn's per-step curve, at `step` (1-based): the median over the CURVE_WINDOW steps
 * ending there of the time from one request reaching the server to the next, and the median size
 * of the request sent in it (characters).
 * @param {{ at: number, chars: number }[]} arrivals
 * @param {number} step
 */
export function curvePoint(arrivals, step) {
  const last = Math.min(step, arrivals.length) - 1;
  const first = Math.max(1, last - CURVE_WINDOW + 1);
  const times = [];
  const sizes = [];
  for (let index = first; index <= last; index++) {
    times.push(arrivals[index].at - arrivals[index - 1].at);
    sizes.push(arrivals[index].chars);
  }
  return { step: last + 1, ms: middle(times), chars: middle(sizes) };
}

/** The time from the second request reaching the server to the last: the turn without its first step (which waits for the approval). */
export function afterFirstStep(arrivals) {
  return arrivals.length < 2 ? 0 : arrivals[arrivals.length - 1].at - arrivals[1].at;
}

function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

/** How many times the finished session is reloaded; the bench reports the median (a single reload swung from 0.9 to 1.6 s). */
export const RELOADS = 5;

/** Waits until the page has run no long task for a second (at most 20 s): start-up's idle-time work is done. */
export async function settle(page) {
  await page
    .waitForFunction(() => performance.now() - window.__glassboxLastLongTask > 1000, undefined, { timeout: 20_000, polling: 100 })
    .catch(() => undefined);
}

/** Reloads the settled `page` and waits for the restored session on screen; the time since navigation. */
export async function reload(page) {
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
 * once the reloaded page has settled (the servers reconnected, the idle-time chunks parsed: a
 * second without a long task, waited for up to 20 s), so what is measured is the list, not the
 * start-up. The config editor's Monaco loads on its first use, so nothing here waits for it.
 */
async function scrollModelWire(page, scrollMs) {
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
export async function measureAppLongSession({
  browser,
  siteUrl,
  blankUrl,
  labSlowUrl,
  model,
  recorder,
  steps,
  resultChars,
  scrollMs,
  progress,
  profilePath,
}) {
  const config = { mcpServers: { slow: { url: labSlowUrl } } };
  const appUrl = `${siteUrl}#config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;
  const checkpoints = [];
  const counts = [...new Set([Math.max(2, Math.round(steps / 4)), Math.max(2, Math.round(steps / 2)), steps])];
  let last;
  for (const count of counts) {
    progress(`long turn in the app: ${count} steps`);
    // The page is used a few steps before the end of the longest turn, while it runs.
    const probeAt = count === steps ? Math.max(2, steps - PROBE_BEFORE_END) : undefined;
    const profile = count === steps ? profilePath : undefined;
    const run = await runTurn({ browser, appUrl, model, recorder, steps: count, resultChars, progress, probeAt, profile });
    progress(`long turn in the app: ${count} steps in ${(run.turnMs / 1000).toFixed(1)} s`);
    checkpoints.push({ steps: count, storedBytes: run.storedBytes, heapBytes: run.heapBytes, turnMs: run.turnMs });
    if (count === steps) last = run;
    else await run.context.close();
  }
  if (!last.last) throw new Error('the scripted model server saw no request');
  progress(`bare loop: the same ${steps} requests from a blank page`);
  const bare = await runBareLoop({ browser, blankUrl, model, recorder, steps, resultChars, last: last.last });
  progress(`bare loop: ${steps} requests in ${(bare.loopMs / 1000).toFixed(1)} s`);
  const sameBodies =
    bare.arrivals.length === last.arrivals.length && bare.arrivals.every((arrival, index) => arrival.chars === last.arrivals[index]?.chars);
  const restores = [];
  for (let n = 0; n < RELOADS; n++) restores.push(await reload(last.page));
  const longTasks = await scrollModelWire(last.page, scrollMs);
  const detailMs = await openLastRequest(last.page);
  await last.context.close();
  return { checkpoints, restores, longTasks, detailMs, turn: { arrivals: last.arrivals, usability: last.usability }, bare, sameBodies };
}

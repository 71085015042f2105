/**
 * One cold page load in a fresh browser context (empty cache and storage): first
 * contentful paint, every script and style sheet the page loaded with its gzipped size
 * and when it arrived, and — for the app — when it marked itself interactive
 * (`glassbox:interactive`), when the config editor became usable and when Monaco took over.
 */
import { gzipSync } from 'node:zlib';

/** File names of Monaco's parts: its chunks, workers and icon font. */
export const MONACO_PATTERN = /monaco|editor\.worker|json\.worker|codicon/i;
/** File names of the other parts meant to load on demand: HAR export, syntax highlighting. */
export const ON_DEMAND_PATTERN = /(^|[/._-])har[-._]|highlight|shiki|prism|lowlight/i;

/** Runs in the page before its own scripts: records editor readiness on the page's clock. */
const INIT_SCRIPT = () => {
  performance.setResourceTimingBufferSize(2000);
  const marks = { editorUsableAt: undefined, monacoReadyAt: undefined };
  window.__benchMarks = marks;
  const check = () => {
    // The prerendered first frame's editor is a picture (inert) until the app takes over.
    const editor = document.querySelector('.app:not([data-first-frame]) [data-testid="config-editor"]');
    if (!editor) return;
    const monaco = editor.getAttribute('data-editor') === 'monaco';
    const textarea = editor.querySelector('textarea');
    if (marks.editorUsableAt === undefined && (monaco || (textarea !== null && !textarea.disabled && !textarea.readOnly))) {
      marks.editorUsableAt = performance.now();
    }
    if (marks.monacoReadyAt === undefined && monaco) {
      marks.monacoReadyAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-editor', 'disabled', 'data-first-frame'],
  });
  // Largest contentful paint: the browser reports a new entry each time a larger element paints;
  // the last one reported is the page's LCP.
  marks.lcpAt = undefined;
  if (PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1];
      if (last) marks.lcpAt = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
};

/**
 * How long a new window is left to settle before the page is loaded into it. Each measure opens a
 * new browser context, which headless Chromium shows in a new window, and the window starts its
 * own browser UI in the next few hundred ms (its address bar's popup is a WebUI page with a
 * renderer process of its own, seen in traces parsing and running its scripts). On a two-core
 * machine that took a core from the page being measured: 9 loads each, FCP 216–236 ms and the
 * config editor usable at 954–995 ms right after opening the window; after 600 ms, 144–164 ms
 * and 621–660 ms; after 1,200 ms, 132 ms and 591 ms (the blank page gained in proportion: the
 * ratio stayed 2.5–2.8×). A person's browser has its window up long before they open the page.
 */
export const WINDOW_SETTLE_MS = 1000;

/** The host names a measured page may reach. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The app's main chunk (everything after the shell's tiny entry), by file name. */
export const MAIN_CHUNK_PATTERN = /^main-[\w-]+\.js$/;

/**
 * @typedef {object} LoadedFile
 * @property {string} url
 * @property {string} name  the file name
 * @property {'script' | 'style'} type
 * @property {number} bytes  as served
 * @property {number} gzipBytes  gzipped with zlib defaults
 * @property {number | undefined} responseEnd  page clock (ms since navigation start); undefined when the page's resource timing lacks it (e.g. a worker's)
 * @property {string[]} staticImports  for a script: the file names it imports statically (which load and run before it)
 */

/**
 * @typedef {object} PageLoad
 * @property {number} fcpMs
 * @property {number} lcpMs  largest contentful paint (the last entry reported before the measure ends)
 * @property {LoadedFile[]} files
 * @property {number | undefined} interactiveMs  the app's `glassbox:interactive` mark: the restored session drawn and Send works
 * @property {number | undefined} editorUsableMs
 * @property {number | undefined} monacoReadyMs
 * @property {number} monacoFirstUseMs  for the app: from the first focus of the config editor to Monaco in it (NaN otherwise)
 * @property {number} documentGzipBytes  the HTML document itself (with any inline style and script), gzipped
 * @property {number} heapAfterLoadBytes  the page's JS heap in use once its load has settled (HEAP_SETTLE_MS later), after a garbage collection; NaN without `gc`
 * @property {number} heapAfterEditorUseBytes  for the app: the same once the config editor was first used and Monaco is in it (NaN otherwise)
 */

/**
 * How long a page is left after its load before its heap is read: the app's idle work (the panels it
 * preloads) is done by then and the page is quiet, and the Inspector has drawn in full (its LCP was
 * quiet for 1.5 s already).
 */
export const HEAP_SETTLE_MS = 3000;

/**
 * The page's JS heap in use after garbage collections (the browser must run with
 * `--js-flags=--expose-gc` and `--enable-precise-memory-info`): what the page keeps, not what it
 * has yet to collect. NaN when the browser exposes neither.
 * @param {import('@playwright/test').Page} page
 */
export async function heapAfterGc(page) {
  return page.evaluate(async () => {
    const collect = /** @type {{ gc?: () => void }} */ (globalThis).gc;
    const memory = /** @type {{ memory?: { usedJSHeapSize: number } }} */ (/** @type {unknown} */ (performance)).memory;
    if (collect === undefined || memory === undefined) return Number.NaN;
    // Twice, a task apart: objects freed by finalizers or weak references the first pass cleared go in the second.
    for (let pass = 0; pass < 2; pass++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    collect();
    return memory.usedJSHeapSize;
  });
}

/**
 * Loads `url` in a new context of `browser` and measures it.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ app: boolean, monacoTimeoutMs?: number, lcpQuietMs?: number }} options  `app`: also wait for the app to be interactive, then use the config editor and wait for Monaco;
 *   `lcpQuietMs`: wait until no larger paint came for this long (a page that draws in several steps, like the Inspector's)
 * @returns {Promise<PageLoad>}
 */
export async function measurePageLoad(browser, url, { app, monacoTimeoutMs = 30_000, lcpQuietMs = 0 }) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    // Loopback only, as this machine's network is closed anyway: a page's request to another host
    // (the Inspector's web fonts) fails at once rather than after however long a lookup takes.
    await context.route(
      (target) => !LOOPBACK.has(target.hostname),
      (route) => route.abort('internetdisconnected'),
    );
    await context.addInitScript(INIT_SCRIPT);
    const page = await context.newPage();
    await page.waitForTimeout(WINDOW_SETTLE_MS);
    // The responses are only noted while the page loads; their bodies are read (over the DevTools
    // protocol) and gzipped after the measure. Read as they came, they took half a core of this
    // two-core machine from the page being measured, during its load.
    /** @type {Array<{ response: import('@playwright/test').Response, kind: 'script' | 'style', pathname: string }>} */
    const responses = [];
    let lastResponseAt = Date.now();
    /** @type {import('@playwright/test').Response | undefined} */
    let documentResponse;
    page.on('response', (response) => {
      lastResponseAt = Date.now();
      const type = response.request().resourceType();
      if (type === 'document' && response.request().frame() === page.mainFrame()) {
        documentResponse = response;
        return;
      }
      const pathname = new URL(response.url()).pathname;
      const kind =
        type === 'script' || /\.m?js$/.test(pathname) ? 'script' : type === 'stylesheet' || pathname.endsWith('.css') ? 'style' : undefined;
      if (kind !== undefined) responses.push({ response, kind, pathname });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 30_000 });
    // LCP entries are reported after their frame: give the last one time to arrive.
    await page.waitForFunction(() => window.__benchMarks?.lcpAt !== undefined, undefined, { timeout: 10_000 }).catch(() => undefined);
    for (let last = Number.NaN, quietSince = Date.now(); lcpQuietMs > 0 && Date.now() - quietSince < lcpQuietMs;) {
      await page.waitForTimeout(100);
      const lcp = await page.evaluate(() => window.__benchMarks?.lcpAt ?? Number.NaN);
      if (!Object.is(lcp, last)) [last, quietSince] = [lcp, Date.now()];
    }
    /** The app's first use of the config editor: when it began (page clock), Monaco's load starting then. */
    let editorUsedAt = Number.NaN;
    let heapAfterLoadBytes = Number.NaN;
    let heapAfterEditorUseBytes = Number.NaN;
    // Lets the files in flight arrive, so the file list is complete. ('networkidle' never comes: the
    // app keeps a GET stream open to its MCP server.)
    const quiet = async () => {
      const quietSince = Date.now();
      while (Date.now() - lastResponseAt < 500 && Date.now() - quietSince < 5000) await page.waitForTimeout(100);
    };
    if (app) {
      await page
        .waitForFunction(() => performance.getEntriesByName('glassbox:interactive').length > 0, undefined, { timeout: 30_000 })
        .catch(() => undefined);
      await quiet();
      await page.waitForTimeout(HEAP_SETTLE_MS);
      heapAfterLoadBytes = await heapAfterGc(page);
      // The person's first use of the config editor: Monaco loads then (it is not loaded on idle).
      editorUsedAt = await page.evaluate(() => performance.now());
      await page.focus('.app:not([data-first-frame]) [data-testid="config-editor"] textarea');
      await page.waitForFunction(() => window.__benchMarks?.monacoReadyAt !== undefined, undefined, { timeout: monacoTimeoutMs });
      await quiet();
      heapAfterEditorUseBytes = await heapAfterGc(page);
    } else {
      await page.waitForTimeout(HEAP_SETTLE_MS);
      heapAfterLoadBytes = await heapAfterGc(page);
    }
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      interactive: performance.getEntriesByName('glassbox:interactive')[0]?.startTime,
      resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, responseEnd: entry.responseEnd })),
      marks: window.__benchMarks,
      inlineScripts: [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? ''),
    }));
    const bodies = responses.map(({ response, kind, pathname }) =>
      response.body().then(
        (body) => ({
          url: response.url(),
          name: pathname.split('/').pop() ?? pathname,
          type: kind,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
          responseEnd: /** @type {number | undefined} */ (undefined),
          staticImports: kind === 'script' ? staticImportsOf(body.toString('utf8')) : [],
        }),
        () => undefined,
      ),
    );
    const documentGzipBytes = documentResponse
      ? documentResponse.body().then(
          (body) => gzipSync(body).length,
          () => Number.NaN,
        )
      : Promise.resolve(Number.NaN);
    const files = (await Promise.all(bodies)).filter((file) => file !== undefined);
    for (const file of files) {
      file.responseEnd = timing.resources.find((entry) => entry.name === file.url)?.responseEnd;
    }
    // Inline scripts (index.html's theme lines) come with the document, before any paint.
    timing.inlineScripts.forEach((text, index) => {
      const body = Buffer.from(text, 'utf8');
      files.push({
        url: `${url}#inline-script-${index}`,
        name: `inline script ${index + 1}`,
        type: 'script',
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
        responseEnd: 0,
        staticImports: [],
      });
    });
    return {
      fcpMs: timing.fcp,
      lcpMs: timing.marks?.lcpAt ?? Number.NaN,
      files,
      interactiveMs: timing.interactive,
      editorUsableMs: timing.marks?.editorUsableAt,
      monacoReadyMs: timing.marks?.monacoReadyAt,
      monacoFirstUseMs: (timing.marks?.monacoReadyAt ?? Number.NaN) - editorUsedAt,
      heapAfterEditorUseBytes,
      documentGzipBytes: await documentGzipBytes,
      heapAfterLoadBytes,
    };
  } finally {
    await context.close();
  }
}

/**
 * The sibling files a built ES module imports statically (`import … from "./x.js"`, `import "./x.js"`),
 * by file name; its dynamic `import("./x.js")` are left out: they load later, on demand.
 * @param {string} code
 */
export function staticImportsOf(code) {
  const names = new Set();
  for (const match of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$\s{},*]+?from\s*)?["']\.\/([^"']+\.js)["']/g)) names.add(match[1]);
  return [...names];
}

/**
 * The scripts matching `pattern` and every script they import statically, transitively: what must
 * download and run before the matching chunk's code runs (for the main chunk: before the app's code runs).
 * @param {PageLoad} load
 * @param {RegExp} pattern
 */
export function withStaticImports(load, pattern) {
  const byName = new Map(load.files.filter((file) => file.type === 'script').map((file) => [file.name, file]));
  const found = new Map();
  const queue = [...byName.values()].filter((file) => pattern.test(file.name));
  while (queue.length > 0) {
    const file = queue.pop();
    if (found.has(file.name)) continue;
    found.set(file.name, file);
    for (const name of file.staticImports) {
      const imported = byName.get(name);
      if (imported !== undefined) queue.push(imported);
    }
  }
  return [...found.values()];
}

/**
 * The files of a load that arrived before its first contentful paint.
 * @param {PageLoad} load
 * @param {'script' | 'style'} type
 */
export function beforeFirstPaint(load, type) {
  return load.files.filter((file) => file.type === type && file.responseEnd !== undefined && file.responseEnd <= load.fcpMs);
}

/**
 * Sum of gzipped bytes.
 * @param {readonly LoadedFile[]} files
 */
export function gzipTotal(files) {
  return files.reduce((sum, file) => sum + file.gzipBytes, 0);
}

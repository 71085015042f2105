import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { configPath, DEMO_CONFIG, expectAppTookOver } from './helpers';

/** Console errors and page errors, as text. */
function recordErrors(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') lines.push(`[${message.type()}] ${message.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`));
  return lines;
}

/** What React says when it hydrates markup that does not match its render (the page does not hydrate the picture). */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|421|422|423|425)|did not match|server rendered HTML/i;

test.describe('the first frame, prerendered by the build, then the restored session drawn over it', () => {
  test('index.html as served holds the real first screen, and its CSP names every inline script', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // The default config's servers connecting, the empty chat with its input, both wires empty.
    for (const server of ['weather', 'calendar']) {
      expect(html).toMatch(new RegExp(`data-testid="server-${server}" data-status="connecting"`));
    }
    for (const testId of [
      'config-editor',
      'chat-empty',
      'chat-input',
      'mcp-traffic',
      'traffic-empty',
      'model-traffic',
      'model-traffic-empty',
      'model-settings',
    ]) {
      expect(html, testId).toContain(`data-testid="${testId}"`);
    }
    expect(html).not.toContain('<!--$!-->');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThanOrEqual(2); // the theme, the saved panel sizes
    for (const script of scripts) {
      expect(policy).toContain(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
    expect(/script-src ([^;]+)/.exec(policy)?.[1]).not.toContain('unsafe-inline');
  });

  test('without JavaScript the page still shows the whole first screen', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1600, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByTestId('server-weather')).toBeVisible();
      await expect(page.getByTestId('chat-input')).toBeVisible();
      await expect(page.getByTestId('mcp-traffic')).toBeVisible();
      await expect(page.getByTestId('model-traffic')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the restored session replaces the picture in one commit, then the app works', async ({ page }) => {
    const errors = recordErrors(page);
    // In the page, from its start: at every DOM change and every frame, is #root ever without the
    // picture or the app, or is one of its areas missing (a blank frame, a view drawn empty)?
    await page.addInitScript(() => {
      const seen = { empty: 0, partial: [] as string[], checks: 0 };
      (window as unknown as { __swap: typeof seen }).__swap = seen;
      const check = () => {
        const root = document.getElementById('root');
        // (While index.html is still being parsed, its picture is not whole yet.)
        if (root === null || document.readyState === 'loading') return;
        seen.checks++;
        if (root.querySelector(':scope > .app') === null) seen.empty++;
        // The four areas of this window's layout, each drawn (a view still loading draws nothing).
        for (const testId of ['config-editor', 'chat-input', 'mcp-traffic', 'model-traffic']) {
          if (root.querySelector(`[data-testid="${testId}"]`) === null) seen.partial.push(testId);
        }
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
      const frame = () => {
        check();
        if (performance.getEntriesByName('glassbox:interactive').length === 0) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto(configPath(DEMO_CONFIG));
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('.app[data-first-frame]')).toHaveCount(0);
    await expect(page.locator('#root > .app')).toHaveCount(1);
    const swap = await page.evaluate(() => (window as unknown as { __swap: { empty: number; partial: string[]; checks: number } }).__swap);
    expect(swap.checks).toBeGreaterThan(0);
    expect(swap).toMatchObject({ empty: 0, partial: [] });
    // Not hydrated: the page renders the restored session, never the picture.
    expect(await page.evaluate(() => performance.getEntriesByName('glassbox:hydrated').length)).toBe(0);
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette')).toBeVisible();
    await page.keyboard.press('Escape');
    // (The first visit's era probe answers 400 in the console: that one is expected.)
    const troubles = () => errors.filter((line) => line.startsWith('[pageerror]') || HYDRATION_TROUBLE.test(line));
    expect(troubles()).toEqual([]);

    // A reload restores the saved session over the first frame: the config the share link applied, not the default.
    await page.reload();
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-weather')).toContainText(new URL(DEMO_CONFIG.mcpServers.weather.url).host);
    expect(troubles()).toEqual([]);
  });

  test('the app loads no style sheet for what index.html carries inline, and is styled all the same', async ({ page }) => {
    const sheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css'))
        sheets.push(new URL(request.url()).pathname.split('/').pop()!);
    });
    await page.goto(configPath(DEMO_CONFIG));
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('.app[data-first-frame]')).toHaveCount(0);
    await expect(page.getByTestId('traffic-row').first()).toBeVisible();
    // The main chunk's style sheets (the wires', the chat's, the config editor's…) are inline in
    // index.html; the build emits no file of them for the app's start to load a second time.
    expect(sheets.filter((name) => /^main-/.test(name))).toEqual([]);
    // …and the live app has their rules: the MCP wire's toolbar and rows (features/traffic/traffic.css).
    const toolbar = page.getByTestId('mcp-traffic').getByRole('toolbar').first();
    expect(await toolbar.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
    expect(
      await page
        .locator('.traffic-row')
        .first()
        .evaluate((element) => getComputedStyle(element).display),
    ).toBe('grid');
  });

  test("the app's code arrives in a handful of files, and the session's database opens while it does", async ({ page }) => {
    // A plain HTTP/1.1 host serves six requests at a time: the thirty files the bundler cut the
    // start-up into by itself took rounds of requests (scripts/startup-chunk.ts groups them).
    await page.addInitScript(() => {
      const opens: number[] = [];
      (window as unknown as { __databaseOpens: number[] }).__databaseOpens = opens;
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
        opens.push(performance.now());
        return open.apply(this, args);
      };
    });
    await page.goto(configPath(DEMO_CONFIG));
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    const scripts = await page.evaluate(() => {
      const appStart = performance.getEntriesByName('glassbox:app-start')[0]!.startTime;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime < appStart)
        .map((entry) => new URL(entry.name).pathname.split('/').pop()!);
    });
    // The entry, the main chunk, the modules it shares with later chunks, and the bundler's runtime.
    expect(scripts.filter((name) => /^main-/.test(name))).toHaveLength(1);
    expect(scripts.filter((name) => /^startup-/.test(name))).toHaveLength(1);
    expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(6);
    // The session's database was opened once, by the entry, before the app's code ran.
    const { opens, appStart } = await page.evaluate(() => ({
      opens: (window as unknown as { __databaseOpens: number[] }).__databaseOpens,
      appStart: performance.getEntriesByName('glassbox:app-start')[0]!.startTime,
    }));
    expect(opens).toHaveLength(1);
    expect(opens[0]).toBeLessThan(appStart);
  });

  test("the app's start loads no locale data (no Intl call) before the restored session is drawn", async ({ page }) => {
    // A page's first Intl call (toLocaleString, localeCompare, Intl.*) loads the browser's locale
    // data, 20–35 ms on the bench machine: none of it belongs on the way to the first usable screen.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
      const note = (label: string) => {
        if (performance.getEntriesByName('glassbox:first-render').length === 0)
          calls.push(`${label}: ${new Error().stack?.split('\n')[3]?.trim()}`);
      };
      const wrap = (target: object, name: string, label: string) => {
        const original = (target as Record<string, (...args: unknown[]) => unknown>)[name]!;
        (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          note(label);
          return original.apply(this, args);
        };
      };
      wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
      wrap(String.prototype, 'localeCompare', 'String#localeCompare');
      for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) wrap(Date.prototype, name, `Date#${name}`);
      for (const name of [
        'NumberFormat',
        'DateTimeFormat',
        'Collator',
        'PluralRules',
        'Segmenter',
        'RelativeTimeFormat',
        'ListFormat',
      ] as const) {
        const original = Intl[name] as unknown as new (...args: unknown[]) => object;
        (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
          construct(target, args) {
            note(`Intl.${name}`);
            return new target(...args);
          },
        });
      }
    });
    await page.goto(configPath(DEMO_CONFIG));
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('.app[data-first-frame]')).toHaveCount(0);
    expect(await page.evaluate(() => performance.getEntriesByName('glassbox:first-render').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls)).toEqual([]);
    // The wires' counts still read as English numbers.
    await expect(page.getByTestId('traffic-count')).toHaveText(/^\d{1,3}(,\d{3})* rows$/);
  });

  test("'glassbox:interactive' is marked once the restored session is drawn and Send works", async ({ page }) => {
    // At the mark, in the page: is the first frame gone, is the restored conversation drawn, is the
    // chat's box the live one (not inert) with no turn running?
    await page.addInitScript(() => {
      const seen: Array<Record<string, unknown>> = [];
      (window as unknown as { __interactive: typeof seen }).__interactive = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name !== 'glassbox:interactive') continue;
          const input = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]');
          seen.push({
            firstFrame: document.querySelector('.app[data-first-frame]') !== null,
            inert: input?.closest('[inert]') !== null,
            stopDisabled: document.querySelector<HTMLButtonElement>('[data-testid="chat-stop"]')?.disabled,
            userMessages: [...document.querySelectorAll('[data-testid="chat-message"][data-role="user"]')].map(
              (element) => element.textContent ?? '',
            ), // 'You' is the role label
            afterFirstRender: performance.getEntriesByName('glassbox:first-render').length === 1,
          });
        }
      }).observe({ type: 'mark', buffered: true });
    });
    await page.goto(configPath(DEMO_CONFIG));
    await expectAppTookOver(page);
    await page.getByTestId('provider-select').selectOption('demo');
    await page.getByTestId('chat-input').fill('Write me a poem');
    await page.getByTestId('chat-send').click();
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('I am a script');
    await expect(page.getByTestId('chat-stop')).toBeDisabled();

    await page.reload();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __interactive: unknown[] }).__interactive.length)).toBe(1);
    const [atMark] = await page.evaluate(() => (window as unknown as { __interactive: Array<Record<string, unknown>> }).__interactive);
    expect(atMark).toEqual({
      firstFrame: false,
      inert: false,
      stopDisabled: true,
      userMessages: ['YouWrite me a poem'],
      afterFirstRender: true,
    });
    expect(await page.evaluate(() => performance.getEntriesByName('glassbox:interactive').length)).toBe(1);
    // And a click on Send at once sends.
    await page.getByTestId('chat-input').fill('Another one');
    await page.getByTestId('chat-send').click();
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]').last()).toContainText('Another one');
  });

  test('a picture that differs from the app is replaced whole, with nothing to report', async ({ page }) => {
    const errors = recordErrors(page);
    // Change one word of the prerendered chat text: the page does not adopt the picture's markup, it replaces it.
    await page.route(/\/$|index\.html$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('Ask something the connected tools can answer.', 'Ask something else.');
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await expectAppTookOver(page);
    await expect(page.getByTestId('chat-empty')).toContainText('Ask something the connected tools can answer.');
    await expect(page.getByText('Ask something else.')).toHaveCount(0);
    expect(errors.filter((line) => HYDRATION_TROUBLE.test(line))).toEqual([]);
  });
});

import { DEMO_CONFIG, expectDemoServersInTheirEras, expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, test } from './model-fixture';
import { TEST_URLS } from './test-ports';

test.describe('connecting to the demo servers', () => {
  test('a 2025 server negotiates the legacy era with a session, a 2026 server the modern era', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG);
    await expectDemoServersInTheirEras(page);

    const traffic = page.getByTestId('mcp-traffic');
    // 2025: initialize and notifications/initialized; 2026: server/discover, no initialize.
    await expect(
      traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="initialize"][data-direction="out"]'),
    ).toHaveCount(1);
    await expect(
      traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="initialize"][data-direction="in"]'),
    ).toHaveCount(1);
    await expect(
      traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="notifications/initialized"]'),
    ).toHaveCount(1);
    await expect(
      traffic.locator('[data-testid="traffic-row"][data-server="calendar"][data-method="server/discover"][data-direction="in"]'),
    ).toHaveCount(1);
    await expect(traffic.locator('[data-testid="traffic-row"][data-server="calendar"][data-method="initialize"]')).toHaveCount(0);

    // The session id header is visible on the initialize response.
    await traffic.locator('[data-testid="traffic-row"][data-server="weather"][data-method="initialize"][data-direction="in"]').click();
    await expect(page.getByTestId('traffic-detail')).toContainText('mcp-session-id');
    // The modern era sends Mcp-Method on every request.
    await traffic
      .locator('[data-testid="traffic-row"][data-server="calendar"][data-method="tools/list"][data-direction="out"]')
      .first()
      .click();
    await expect(page.getByTestId('traffic-detail')).toContainText(/mcp-method/i);
    await expect(page.getByTestId('traffic-detail')).toContainText('tools/list');
  });

  test('the page passes an accessibility check with servers connected', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('calling tools by hand', () => {
  // Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
  test.use({ monacoEditor: false });

  async function call(page: import('@playwright/test').Page, server: string, tool: string, args: unknown) {
    await page.getByTestId(`tool-${server}-${tool}`).click();
    await page.getByTestId('tool-call-args').fill(JSON.stringify(args));
    await page.getByTestId('tool-call-run').click();
    const result = page.getByTestId('tool-result');
    await expect(result).toBeVisible();
    return result;
  }

  test('text with structuredContent, and isError', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG, ['weather']);
    let result = await call(page, 'weather', 'get_forecast', { city: 'Paris', days: 2 });
    await expect(result.locator('[data-content-type="text"]')).toContainText('Paris');
    await expect(result.locator('[data-content-type="structuredContent"]')).toContainText('"city"');
    await expect(result).toHaveAttribute('data-is-error', 'false');
    await page.getByTestId('tool-call-args').fill(JSON.stringify({ city: 'Atlantis' }));
    await page.getByTestId('tool-call-run').click();
    result = page.getByTestId('tool-result');
    await expect(result).toHaveAttribute('data-is-error', 'true');
    await expect(result).toContainText('isError');
  });

  test('the form and the JSON box stay in sync', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG, ['weather']);
    await page.getByTestId('tool-weather-get_forecast').click();
    await page.getByLabel(/^city/).fill('Tokyo');
    await expect(page.getByTestId('tool-call-args')).toHaveValue(/"city": "Tokyo"/);
    await page.getByTestId('tool-call-args').fill('{"city": "Lima", "days": 4}');
    await expect(page.getByLabel(/^city/)).toHaveValue('Lima');
    await expect(page.getByLabel(/^days/)).toHaveValue('4');
  });

  test('image and resource link, audio, embedded resource', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
    let result = await call(page, 'weather', 'get_radar', { city: 'Paris' });
    const image = result.locator('[data-content-type="image"] img');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
    await expect(result.locator('[data-content-type="resource_link"]')).toContainText('weather://radar/');

    await page.getByTestId('tool-weather-get_radar').click();
    result = await call(page, 'weather', 'get_alert_tone', {});
    const audio = result.locator('[data-content-type="audio"] audio');
    await expect(audio).toHaveAttribute('src', /^data:audio\/wav;base64,/);
    expect(
      await audio.evaluate(
        (a: HTMLAudioElement) =>
          new Promise((resolve) =>
            a.readyState > 0 ? resolve(a.duration > 0) : a.addEventListener('loadedmetadata', () => resolve(a.duration > 0)),
          ),
      ),
    ).toBe(true);

    await page.getByTestId('tool-weather-get_alert_tone').click();
    result = await call(page, 'calendar', 'export_calendar', { date: '2026-12-01' });
    await expect(result.locator('[data-content-type="resource"]')).toContainText('calendar://2026-12-01.ics');
    await expect(result.locator('[data-content-type="resource"]')).toContainText('BEGIN:VCALENDAR');
  });
});

test.describe('diagnosing servers that cannot be used', () => {
  // Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
  test.use({ monacoEditor: false });

  test('down, no CORS, and a hidden session id each get their diagnosis while the others stay connected', async ({ page }) => {
    await openWithConfig(page, {
      mcpServers: {
        weather: { url: TEST_URLS.weather },
        down: { url: TEST_URLS.down },
        nocors: { url: TEST_URLS.lab('nocors') },
        hidden: { url: TEST_URLS.lab('hidden-session') },
        calendar: { url: TEST_URLS.calendar },
      },
    });
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
    for (const name of ['down', 'nocors', 'hidden'])
      await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', 'failed');

    await expect(page.getByTestId('server-error-down')).toHaveAttribute('data-code', 'unreachable');
    await expect(page.getByTestId('server-error-down')).toContainText('could not be reached');
    await expect(page.getByTestId('server-error-nocors')).toHaveAttribute('data-code', 'cors-missing');
    await expect(page.getByTestId('server-error-nocors')).toContainText('Access-Control-Allow-Origin');
    await expect(page.getByTestId('server-error-hidden')).toHaveAttribute('data-code', 'session-id-not-exposed');
    await expect(page.getByTestId('server-error-hidden')).toContainText('Access-Control-Expose-Headers: mcp-session-id');
  });

  test('an HTTP error shows the status and the server text; garbage is a protocol error', async ({ page }) => {
    await openWithConfig(page, {
      mcpServers: { broken: { url: TEST_URLS.lab('error-text') }, garbage: { url: TEST_URLS.lab('garbage') } },
    });
    await expect(page.getByTestId('server-error-broken')).toHaveAttribute('data-code', 'http-error');
    await expect(page.getByTestId('server-error-broken')).toContainText('500');
    await expect(page.getByTestId('server-error-broken')).toContainText('database is down');
    await expect(page.getByTestId('server-error-garbage')).toHaveAttribute('data-code', 'protocol-error');
  });

  test('disconnect ends a 2025 session with DELETE', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG, ['weather']);
    await page.getByRole('button', { name: 'Disconnect weather' }).click();
    await expect(page.getByTestId('server-weather')).not.toHaveAttribute('data-status', 'connected');
    await expect(
      page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-server="weather"][data-method="HTTP DELETE"]'),
    ).toHaveCount(1);
  });
});

test.describe('the config editor', () => {
  test('a broken config shows a problem at the right line and a marker', async ({ page }) => {
    const text = '{\n  "mcpServers": {\n    "weather": { "url": 42 }\n  }\n}\n';
    await page.goto(`/#config=${Buffer.from(text).toString('base64url')}`);
    const problem = page.getByTestId('config-problem').first();
    await expect(problem).toHaveAttribute('data-line', '3');
    await expect(problem).toContainText(/url/);
    // Monaco loads on the editor's first use: a pointer over it.
    await page.getByTestId('config-editor').locator('textarea').hover();
    await expect(page.locator('[data-testid="config-editor"] .monaco-editor .squiggly-error').first()).toBeAttached({ timeout: 20_000 });
  });

  test('a stdio entry is kept and marked as needing a local process', async ({ page }) => {
    await openWithConfig(page, {
      mcpServers: { local: { command: 'npx', args: ['-y', 'some-server'] }, weather: { url: TEST_URLS.weather } },
    });
    await expect(page.getByTestId('server-local')).toContainText('a browser cannot start it');
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  });

  test('editing and applying the config connects the new server; the config survives a reload', async ({ page }) => {
    await openWithConfig(page, { mcpServers: { weather: { url: TEST_URLS.weather } } }, ['weather']);
    // Monaco loads on the editor's first use: a pointer over it.
    await page.getByTestId('config-editor').locator('textarea').hover();
    await page.locator('[data-testid="config-editor"] .monaco-editor').waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="config-editor"] .monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ servers: { calendar: { type: 'http', url: TEST_URLS.calendar } } }));
    await page.getByTestId('config-apply').click();
    await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-weather')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
  });
  test("Monaco loads on the editor's first use, not when the page is idle, and the focus carries over", async ({ page }) => {
    const monacoChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/monaco-setup-[^/]*\.js$/.test(new URL(request.url()).pathname)) monacoChunks.push(request.url());
    });
    await openWithConfig(page, { mcpServers: { weather: { url: TEST_URLS.weather } } }, ['weather']);
    // Idle, and longer than the longest wait for idle (3 s): Monaco would have loaded by now.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 3500))));
    expect(monacoChunks).toEqual([]);
    const surface = page.getByTestId('config-editor');
    await expect(surface).toHaveAttribute('data-editor', 'textarea');
    // The person's first use: the plain editor focused.
    const area = surface.locator('textarea');
    await area.focus();
    await expect(surface).toHaveAttribute('data-editor', 'monaco', { timeout: 20_000 });
    expect(monacoChunks).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="config-editor"] .monaco-editor') !== null)).toBe(true);
    await expect(surface.locator('.monaco-editor .view-lines')).toContainText('"mcpServers"');
    // The page's scans see Monaco's editor only once it is used: this one does.
    await expectNoSeriousA11yViolations(page);
  });

  test('Ctrl/Cmd+Enter in Monaco applies the text as typed', async ({ page }) => {
    await openWithConfig(page, { mcpServers: { weather: { url: TEST_URLS.weather } } }, ['weather']);
    // Monaco loads on the editor's first use: a pointer over it.
    await page.getByTestId('config-editor').locator('textarea').hover();
    await expect(page.getByTestId('config-editor')).toHaveAttribute('data-editor', 'monaco', { timeout: 20_000 });
    await page.locator('[data-testid="config-editor"] .monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(JSON.stringify({ mcpServers: { calendar: { url: TEST_URLS.calendar } } }));
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-weather')).toHaveCount(0);
  });
});

test.describe('the MCP traffic panel', () => {
  // Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
  test.use({ monacoEditor: false });

  test('filters by server and method, and exports HAR 1.2', async ({ page }) => {
    await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
    const traffic = page.getByTestId('mcp-traffic');
    await traffic
      .getByLabel(/server/i)
      .first()
      .selectOption('calendar');
    await expect(traffic.locator('[data-testid="traffic-row"][data-server="weather"]')).toHaveCount(0);
    await expect(traffic.locator('[data-testid="traffic-row"][data-server="calendar"]').first()).toBeVisible();
    await traffic
      .getByLabel(/method/i)
      .first()
      .selectOption('tools/list');
    const methods = await traffic
      .locator('[data-testid="traffic-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-method')));
    expect(methods.length).toBeGreaterThan(0);
    expect(new Set(methods)).toEqual(new Set(['tools/list']));

    const downloadPromise = page.waitForEvent('download');
    await page.getByTestId('traffic-export-har').click();
    const download = await downloadPromise;
    const path = await download.path();
    const har = JSON.parse(await (await import('node:fs/promises')).readFile(path!, 'utf8')) as {
      log: { version: string; entries: Array<{ request: { url: string; method: string }; response: { status: number } }> };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.length).toBeGreaterThan(3);
    expect(
      har.log.entries.some((e) => e.request.url === TEST_URLS.weather && e.request.method === 'POST' && e.response.status === 200),
    ).toBe(true);
  });
});

test.describe('tool lists', () => {
  // Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
  test.use({ monacoEditor: false });

  test('a paginated tools/list is followed to the end and refreshed on list_changed', async ({ page }) => {
    await openWithConfig(page, { mcpServers: { paged: { url: TEST_URLS.lab('paged') } } }, ['paged']);
    const card = page.getByTestId('server-paged');
    await expect(card).toContainText('Tools (7) · 3 pages');
    await expect(
      page
        .getByTestId('mcp-traffic')
        .locator('[data-testid="traffic-row"][data-server="paged"][data-method="tools/list"][data-direction="out"]'),
    ).toHaveCount(3);
    await page.getByTestId('tool-paged-add_tool').click();
    await page.getByTestId('tool-call-args').fill('{"name": "golf"}');
    await page.getByTestId('tool-call-run').click();
    await expect(page.getByTestId('tool-paged-golf')).toBeVisible();
    await expect(
      page
        .getByTestId('mcp-traffic')
        .locator('[data-testid="traffic-row"][data-server="paged"][data-method="notifications/tools/list_changed"]'),
    ).toHaveCount(1);
  });
});

test.describe('secrets', () => {
  // Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
  test.use({ monacoEditor: false });

  test('a bearer token from the config is redacted in the panel and the HAR export', async ({ page }) => {
    const token = 'sk-live-very-secret-token-123';
    await openWithConfig(page, { mcpServers: { weather: { url: TEST_URLS.weather, headers: { Authorization: `Bearer ${token}` } } } }, [
      'weather',
    ]);
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="initialize"][data-direction="out"]').click();
    const detail = page.getByTestId('traffic-detail');
    await expect(detail).toContainText('Bearer [redacted]');
    await expect(detail).not.toContainText(token);
    const downloadPromise = page.waitForEvent('download');
    await page.getByTestId('traffic-export-har').click();
    const path = await (await downloadPromise).path();
    const har = await (await import('node:fs/promises')).readFile(path!, 'utf8');
    expect(har).not.toContain(token);
    expect(har).toContain('[redacted]');
    // Nor does it leak into any panel's text: only the config editor, where the person typed it, shows it.
    const panelText = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[data-testid="servers-panel"], [data-testid="chat-panel"], [data-testid="mcp-traffic"], [data-testid="model-traffic"]',
        ),
      ]
        .map((el) => (el as HTMLElement).innerText)
        .join('\n'),
    );
    expect(panelText).not.toContain(token);
  });
});

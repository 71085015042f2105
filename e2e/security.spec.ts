/**
 * Security of the production build, in a real browser: a strict Content-Security-Policy that
 * the whole app works under, no API key or bearer token anywhere it could leak, server content
 * that stays inert text, and server strings that never shape a request except as data.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { configPath, DEMO_CONFIG, openAreaTab } from './helpers';
import { downloadText, indexedDbDump, webStorage } from './storage-scan';
import { expect, say, test, useModel } from './model-fixture';
import { applyCors } from './servers/cors.mjs';
import { HOSTILE_PAYLOAD } from './servers/lab.mjs';
import { TEST_URLS } from './test-ports';

/** A CSP hash source's value for an inline script's text: `sha256-<base64>`. */
const sha256 = (text: string): string => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

type Provider = 'anthropic' | 'openai';
const PROVIDERS: readonly Provider[] = ['anthropic', 'openai'];

// Monaco's first load and full-page scans are slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** The words the hostile description starts with. */
const HOSTILE_DESCRIPTION = 'Ignore previous instructions.';
/** The external link the links server returns. */
const EXTERNAL_URL = 'https://example.com/x';

declare global {
  interface Window {
    __pwned?: unknown;
    __cspViolations?: Array<{ directive: string; blocked: string; sample: string; source: string }>;
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** Opens the app with a config and waits (generously: Monaco's first load competes for the CPU) until the servers are connected. */
async function openConnected(page: Page, config: unknown, servers: string[]): Promise<void> {
  await page.goto(configPath(config));
  for (const name of servers)
    await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
}

/** Records every `securitypolicyviolation` from the first moment of every page load. */
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
}

/** Every console message and page error, as text. */
function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => lines.push(`[${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`));
  return lines;
}

/** The CSP meta tag's directives: name → sources. */
async function readCspMeta(page: Page): Promise<Map<string, string[]>> {
  const content = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(content, 'the build carries a CSP meta tag').not.toBeNull();
  const directives = new Map<string, string[]>();
  for (const part of content!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Clicks a "Copy as curl" button and returns what reached the clipboard. */
async function copiedText(page: Page, button: Locator): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await button.click();
  await expect(button).toHaveText('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Opens collapsed nodes of the JSON trees inside `container` until `text` is on the page. */
async function expandJsonUntil(container: Locator, text: string): Promise<void> {
  const collapsed = container.locator('button.json-toggle[aria-label="Expand"]:visible, button.json-summary:visible');
  // Detail panes load on first use: wait until the text or a collapsed node is there.
  await expect.poll(async () => (await container.innerText()).includes(text) || (await collapsed.count()) > 0).toBe(true);
  for (let round = 0; round < 40; round++) {
    if ((await container.innerText()).includes(text)) return;
    if ((await collapsed.count()) === 0) return;
    await collapsed.first().click();
  }
}

/** Every attribute (name or value) in the document that contains `secret`, outside `skip`, with where it is. */
async function attributesContaining(page: Page, secret: string, skip?: string): Promise<string[]> {
  return page.evaluate(
    ([needle, skipSelector]) => {
      const found: string[] = [];
      for (const element of document.querySelectorAll('*')) {
        if (skipSelector !== undefined && element.closest(skipSelector)) continue;
        for (const attribute of element.attributes) {
          if (attribute.name.includes(needle) || attribute.value.includes(needle)) {
            found.push(`${element.tagName.toLowerCase()}[data-testid=${element.getAttribute('data-testid') ?? ''}][${attribute.name}]`);
          }
        }
      }
      return found;
    },
    [secret, skip] as const,
  );
}

/** Asserts that nothing from server text became live markup or a live link, and no script ran. */
async function expectInertPage(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const handlers: string[] = [];
    const scriptUrls: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) handlers.push(`${element.tagName.toLowerCase()}[${attribute.name}]`);
        if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attribute.name) && /^\s*javascript:/i.test(attribute.value)) {
          handlers.push(`${element.tagName.toLowerCase()}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    const inline: string[] = [];
    for (const script of document.querySelectorAll('script')) {
      if (script.src === '') inline.push(script.textContent ?? '');
      else scriptUrls.push(script.src);
    }
    return {
      pwned: window.__pwned,
      handlers,
      scriptUrls,
      inline,
      scriptSources:
        document
          .querySelector('meta[http-equiv="Content-Security-Policy"]')
          ?.getAttribute('content')
          ?.match(/script-src ([^;]*)/)?.[1]
          ?.split(' ') ?? [],
      javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
      xImages: document.querySelectorAll('img[src="x"]').length,
      embeds: document.querySelectorAll('iframe, object, embed, frame').length,
      origin: location.origin,
    };
  });
  expect(report.pwned, 'no server text ran as script').toBeUndefined();
  expect(report.handlers, 'no event-handler attributes or javascript: URLs in the DOM').toEqual([]);
  expect(report.javascriptLinks).toBe(0);
  expect(report.xImages, 'no <img src=x> made from server text').toBe(0);
  expect(report.embeds).toBe(0);
  // The only scripts are our own bundled modules and index.html's two inline scripts (the theme
  // lines, the saved panel sizes of the prerendered first frame), which the policy names by hash.
  for (const url of report.scriptUrls) expect(url.startsWith(`${report.origin}/assets/`), url).toBe(true);
  expect(report.inline).toHaveLength(2);
  for (const text of report.inline) expect(report.scriptSources, text.slice(0, 80)).toContain(`'${sha256(text)}'`);
}

/** External links open in a new tab without opener or referrer. */
async function expectSafeExternalLinks(page: Page): Promise<void> {
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((anchor) => anchor as HTMLAnchorElement)
      .filter((anchor) => anchor.origin !== location.origin)
      .map((anchor) => ({ href: anchor.href, target: anchor.target, rel: anchor.rel.split(/\s+/) })),
  );
  for (const link of links) {
    expect(link.target, link.href).toBe('_blank');
    expect(link.rel, link.href).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(/^https?:$/.test(new URL(link.href).protocol), link.href).toBe(true);
  }
}

/** The CSP violations recorded on this page so far. */
async function cspViolations(page: Page): Promise<NonNullable<Window['__cspViolations']>> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * A small 2026-era MCP server of our own ("links"): its tool returns an external resource link
 * and text with a URL, and it records the headers and URL of every request it receives.
 */
async function startLinksServer(): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'links', version: '1.0.0' });
    server.registerTool(
      'open_link',
      {
        title: 'Open link',
        description: 'Returns a link to an external page.',
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async () => ({
        content: [
          { type: 'text', text: `Read more at ${EXTERNAL_URL} (external).` },
          { type: 'resource_link', uri: EXTERNAL_URL, name: 'example', title: 'An external page', mimeType: 'text/html' },
          { type: 'resource_link', uri: 'javascript:window.__pwned=1', name: 'trap' },
        ],
      }),
    );
    return server;
  });
  const nodeHandler = toNodeHandler(handler);
  const httpServer: Server = createServer((req, res) => {
    if (applyCors(req, res)) return;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
    nodeHandler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    async close() {
      await handler.close();
      await new Promise((resolve) => {
        httpServer.close(resolve);
        httpServer.closeAllConnections();
      });
    },
  };
}

/** Allows every tool the model will call, so a turn needs no clicks. */
async function allowTools(page: Page, publicNames: string[]): Promise<void> {
  await openAreaTab(page, 'left', 'registry');
  for (const name of publicNames) await page.getByTestId(`tool-policy-${name}`).selectOption('allow');
  await openAreaTab(page, 'left', 'servers');
}

const lastAssistant = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();

// ---------------------------------------------------------------------------------------------
// 1. Content-Security-Policy

test('under a strict CSP the whole app works and nothing is blocked', async ({ page, model }) => {
  await recordCspViolations(page);
  const consoleLines = recordConsole(page);
  await openConnected(page, DEMO_CONFIG, ['weather', 'calendar']);

  // The policy is there, strict, and before every script.
  const csp = await readCspMeta(page);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  // 'self', and the hashes of the two inline scripts run before the first paint: index.html's theme
  // lines and the saved panel sizes the build adds for the prerendered first frame.
  const inlineScripts = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? ''),
  );
  expect(inlineScripts).toHaveLength(2);
  expect(inlineScripts[0]).toContain("localStorage.getItem('glassbox.theme')");
  expect(inlineScripts[1]).toContain('first-frame-sizes');
  expect(csp.get('script-src')).toEqual(["'self'", ...inlineScripts.map((script) => `'${sha256(script)}'`)]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'none'"]);
  expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  // https: for servers' and tools' icons (anything else is dropped before it is drawn).
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  expect(csp.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['*', 'http:', 'https:', 'ws:', 'wss:']));
  const allSources = [...csp.values()].flat();
  expect(allSources).not.toContain("'unsafe-eval'");
  expect(allSources.filter((source) => source === "'unsafe-inline'")).toHaveLength(1);
  expect(
    await page.evaluate(() => {
      const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]')!;
      return [...document.querySelectorAll('script, link[rel="stylesheet"], link[rel="modulepreload"], style')].every(
        (element) => meta.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }),
  ).toBe(true);

  // Both demo servers connect (MCP SDK, fetch, SSE, JSON Schema validation without eval).
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');

  // Monaco loads on the editor's first use (a pointer over it), with its workers, and takes typing.
  await page.getByTestId('config-editor').locator('textarea').hover();
  const editor = page.locator('[data-testid="config-editor"][data-editor="monaco"]');
  await expect(editor).toBeVisible({ timeout: 60_000 });
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n');
  await expect(editor.locator('.monaco-editor')).toBeVisible();

  // Manual tool calls: an image (data: URL) and audio (data: URL) render and load.
  await page.getByTestId('tool-weather-get_radar').click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify({ city: 'Paris' }));
  await page.getByTestId('tool-call-run').click();
  const image = page.getByTestId('tool-result').locator('[data-content-type="image"] img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  await page.getByTestId('tool-weather-get_radar').click();
  await page.getByTestId('tool-weather-get_alert_tone').click();
  await page.getByTestId('tool-call-args').fill('{}');
  await page.getByTestId('tool-call-run').click();
  const audio = page.getByTestId('tool-result').locator('[data-content-type="audio"] audio');
  await expect(audio).toHaveAttribute('src', /^data:audio\/wav;base64,/);
  expect(
    await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise((resolve) => {
          if (element.readyState > 0) resolve(element.duration > 0);
          element.addEventListener('loadedmetadata', () => resolve(element.duration > 0));
          element.addEventListener('error', () => resolve(false));
        }),
    ),
  ).toBe(true);

  // A chat turn with two tool calls (text and image results) completes; the model saw the image.
  model.setScript([
    {
      text: 'Checking.',
      toolCalls: [
        { name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } },
        { name: 'weather_get_radar', input: { city: 'Paris' } },
      ],
    },
    { echoToolResults: true },
  ]);
  await allowTools(page, ['weather_get_forecast', 'weather_get_radar']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Weather and radar for Paris?');
  await expect(lastAssistant(page)).toContainText('Tool results seen (2)');
  await expect(page.locator('[data-testid="tool-call"][data-status="done"]')).toHaveCount(2);
  await page.getByTestId('model-saw-toggle').last().click();
  const thumb = page.getByTestId('model-saw').locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

  // The wire panels and their exports (Blob downloads) work too.
  await page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="response"]').first().click();
  await expect(page.getByTestId('model-detail')).toBeVisible();
  expect(JSON.parse(await downloadText(page, 'model-export-har')).log.version).toBe('1.2');
  expect(JSON.parse(await downloadText(page, 'traffic-export-har')).log.version).toBe('1.2');
  await page.getByTestId('theme-toggle').click();

  expect(await cspViolations(page)).toEqual([]);
  expect(consoleLines.filter((line) => /content security policy|content-security-policy|refused to/i.test(line))).toEqual([]);
  expect(consoleLines.filter((line) => line.startsWith('[pageerror]'))).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// 2. No key leaks

const API_KEY = 'sk-ant-TEST-KEY-1234567890';
const BEARER_TOKEN = 'mcp-bearer-TOKEN-0987654321';
/** Where the bearer token may legitimately be: the config the person typed (editor and its saved copy). */
const CONFIG_EDITOR = '[data-testid="config-panel"]';
const CONFIG_STORAGE_KEY = 'glassbox.config.v1';

test.describe('secrets', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the API key and a bearer token leak nowhere: page, attributes, exports, curl, URL, console, storage, IndexedDB', async ({
    page,
    model,
  }) => {
    test.setTimeout(300_000);
    const consoleLines = recordConsole(page);
    await openConnected(
      page,
      {
        mcpServers: {
          weather: { url: TEST_URLS.weather, headers: { Authorization: `Bearer ${BEARER_TOKEN}` } },
          calendar: { url: TEST_URLS.calendar },
        },
      },
      ['weather', 'calendar'],
    );
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await allowTools(page, ['weather_get_forecast']);

    // A tool-using turn in each format, with the same key.
    const call = { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] };
    model.setScript([call, { echoToolResults: true }, call, { echoToolResults: true }]);
    for (const [index, provider] of PROVIDERS.entries()) {
      await useModel(page, model, provider, API_KEY);
      await say(page, `Weather in Paris (${provider})?`);
      // Both requests of this turn reached the model (the last answer of the turn before reads the same).
      await expect.poll(() => model.requests().length).toBe(2 * (index + 1));
      await expect(lastAssistant(page)).toContainText('Tool results seen (1)');
      await expect(page.getByTestId('chat-input')).toBeEnabled();
      await expect(page.getByTestId('chat-send')).toBeDisabled();
    }
    // The key really was used on the wire, and so was the token.
    const [anthropicRequest, , openaiRequest] = model.requests();
    expect(anthropicRequest!.headers['x-api-key']).toBe(API_KEY);
    expect(openaiRequest!.headers.authorization).toBe(`Bearer ${API_KEY}`);

    // Open the details that show headers, so their text is on the page too.
    await page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"]').last().click();
    await expect(page.getByTestId('model-key-redacted')).toContainText('redacted');
    await page
      .getByTestId('mcp-traffic')
      .locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/call"][data-direction="out"]')
      .first()
      .click();
    await expect(page.getByTestId('traffic-detail')).toContainText('Bearer [redacted]');

    // "Copy as curl", both wires.
    const modelCurl = await copiedText(page, page.getByTestId('model-copy-curl'));
    const mcpCurl = await copiedText(page, page.getByTestId('traffic-copy-curl').first());
    for (const curl of [modelCurl, mcpCurl]) {
      expect(curl).toContain('curl');
      // The credential is a placeholder ([redacted] or a shell variable the person sets).
      expect(curl).toMatch(/\[redacted\]|\$TOKEN|\$API_KEY/);
    }

    const scan = async (label: string): Promise<void> => {
      // The page's text, outside and inside the config editor.
      const outsideConfig = await page.evaluate((skip) => {
        const config = document.querySelector<HTMLElement>(skip);
        const display = config?.style.display ?? '';
        if (config) config.style.display = 'none';
        const text = document.body.innerText;
        if (config) config.style.display = display;
        return text;
      }, CONFIG_EDITOR);
      const wholeText = await page.evaluate(() => document.body.innerText);
      expect(wholeText, `${label}: page text`).not.toContain(API_KEY);
      expect(outsideConfig, `${label}: page text outside the config`).not.toContain(BEARER_TOKEN);
      // Every input value, except the key field itself (and the config for the token).
      const values = await page.evaluate(() =>
        [...document.querySelectorAll('input, textarea, select')].map((field) => ({
          testId: field.getAttribute('data-testid') ?? '',
          inConfig: field.closest('[data-testid="config-panel"]') !== null,
          value: (field as HTMLInputElement).value,
        })),
      );
      for (const field of values.filter((entry) => entry.testId !== 'api-key-input')) {
        expect(field.value, `${label}: value of ${field.testId || 'a field'}`).not.toContain(API_KEY);
        if (!field.inConfig) expect(field.value, `${label}: value of ${field.testId || 'a field'}`).not.toContain(BEARER_TOKEN);
      }
      // Every attribute of every element (data-*, title, aria-*, value, …), the key field included.
      expect(await attributesContaining(page, API_KEY), `${label}: attributes holding the key`).toEqual([]);
      expect(await attributesContaining(page, BEARER_TOKEN, CONFIG_EDITOR), `${label}: attributes holding the token`).toEqual([]);
      expect(page.url()).not.toContain(API_KEY);
      expect(page.url()).not.toContain(BEARER_TOKEN);
      for (const line of consoleLines) {
        expect(line, `${label}: console`).not.toContain(API_KEY);
        expect(line, `${label}: console`).not.toContain(BEARER_TOKEN);
      }
      const idb = await indexedDbDump(page);
      test.info().annotations.push({ type: 'IndexedDB scanned', description: `${label}: ${idb.length} characters` });
      expect(idb, `${label}: IndexedDB`).not.toContain(API_KEY);
      expect(idb, `${label}: IndexedDB`).not.toContain(BEARER_TOKEN);
    };

    // Both HAR exports.
    const mcpHar = await downloadText(page, 'traffic-export-har');
    const modelHar = await downloadText(page, 'model-export-har');
    expect(JSON.parse(modelHar).log.entries.length).toBe(4);
    for (const text of [mcpHar, modelHar, modelCurl, mcpCurl]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(BEARER_TOKEN);
    }

    await scan('not remembered');
    // Not remembered: the key is in no storage at all; the token only in the saved config text.
    for (const entry of await webStorage(page)) {
      expect(`${entry.key}=${entry.value}`, `${entry.area} ${entry.key}`).not.toContain(API_KEY);
      if (!(entry.area === 'localStorage' && entry.key === CONFIG_STORAGE_KEY)) {
        expect(`${entry.key}=${entry.value}`, `${entry.area} ${entry.key}`).not.toContain(BEARER_TOKEN);
      }
    }

    // Remembered (the current format is openai): the key is in its own entry and nowhere else.
    await page.getByTestId('api-key-remember').check();
    await expect(page.getByTestId('api-key-warning')).toBeVisible();
    const expectKeyOnlyInItsEntry = async (): Promise<void> => {
      const entries = await webStorage(page);
      const holding = entries.filter((entry) => `${entry.key}=${entry.value}`.includes(API_KEY));
      expect(holding.map((entry) => `${entry.area} ${entry.key}`)).toEqual(['localStorage glassbox.apiKey.openai']);
      expect(holding[0]!.value).toBe(API_KEY);
    };
    await expectKeyOnlyInItsEntry();
    await scan('remembered');

    // After a reload the remembered key fills the field, and is still nowhere else.
    await page.reload();
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
    await expect(page.getByTestId('api-key-input')).toHaveValue(API_KEY);
    await expectKeyOnlyInItsEntry();
    await scan('after reload');

    // Unticking forgets it.
    await page.getByTestId('api-key-remember').uncheck();
    expect((await webStorage(page)).filter((entry) => `${entry.key}=${entry.value}`.includes(API_KEY))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Inert server content

test('hostile tool names, descriptions and results stay inert text everywhere they are shown', async ({ page, model }) => {
  test.setTimeout(180_000);
  await recordCspViolations(page);
  const links = await startLinksServer();
  try {
    await openConnected(page, { mcpServers: { wild: { url: TEST_URLS.lab('wild') }, links: { url: links.url } } }, ['wild', 'links']);
    await expect(page.getByTestId('server-wild')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-links')).toHaveAttribute('data-status', 'connected');
    await expectInertPage(page);

    // Expand every tool of the wild server: the hostile description shows as text.
    const toolButtons = page.locator('[data-testid^="tool-wild-"]');
    const count = await toolButtons.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let index = 0; index < count; index++) {
      const button = toolButtons.nth(index);
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expectInertPage(page);
    }
    await page.getByTestId('tool-wild-hostile_description').click();
    await expect(page.getByTestId('server-wild')).toContainText(HOSTILE_PAYLOAD);
    await expectInertPage(page);

    // The registry shows the same description.
    await openAreaTab(page, 'left', 'registry');
    await expect(page.getByTestId('tool-registry')).toContainText(HOSTILE_DESCRIPTION);
    await expectInertPage(page);
    const publicNames = await page
      .locator('[data-testid="registry-tool"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-public-name') ?? ''));
    const hostileResult = publicNames.find((name) => name.endsWith('hostile_result'))!;
    const openLink = publicNames.find((name) => name.endsWith('open_link'))!;
    expect(hostileResult).toBeDefined();
    await openAreaTab(page, 'left', 'servers');

    // hostile_result called by hand: the markup arrives as text.
    await page.getByTestId('tool-wild-hostile_result').click();
    await page.getByTestId('tool-call-args').fill('{}');
    await page.getByTestId('tool-call-run').click();
    await expect(page.getByTestId('tool-result').locator('[data-content-type="text"]')).toContainText(HOSTILE_PAYLOAD);
    await expectInertPage(page);

    // The links tool by hand: the external link is safe and shows its full URL; javascript: is text.
    await page.getByTestId('tool-wild-hostile_result').click();
    await page.getByTestId('tool-links-open_link').click();
    await page.getByTestId('tool-call-args').fill('{}');
    await page.getByTestId('tool-call-run').click();
    const resourceLinks = page.getByTestId('tool-result').locator('[data-content-type="resource_link"]');
    await expect(resourceLinks).toHaveCount(2);
    const external = resourceLinks.first().locator('a');
    await expect(external).toHaveAttribute('href', EXTERNAL_URL);
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(external).toHaveText(EXTERNAL_URL);
    await expect(resourceLinks.nth(1).locator('a')).toHaveCount(0);
    await expect(resourceLinks.nth(1)).toContainText('javascript:window.__pwned=1');
    await expectInertPage(page);
    await expectSafeExternalLinks(page);

    // A chat turn where the model calls both; the model's echo of the results is hostile too.
    model.setScript([
      {
        text: 'Calling.',
        toolCalls: [
          { name: hostileResult, input: {} },
          { name: openLink, input: {} },
        ],
      },
      { echoToolResults: true },
    ]);
    await useModel(page, model, 'openai');
    await say(page, 'Call the tools please');
    for (let index = 0; index < 2; index++) await page.getByTestId('approval-allow').first().click();
    await expect(lastAssistant(page)).toContainText('Tool results seen (2)');
    await expect(lastAssistant(page)).toContainText(HOSTILE_PAYLOAD);
    const hostileCard = page.locator(`[data-testid="tool-call"][aria-label^="Tool call ${hostileResult}"]`);
    await expect(hostileCard.getByTestId('tool-call-result')).toContainText(HOSTILE_PAYLOAD);
    await hostileCard.getByTestId('model-saw-toggle').click();
    await expect(hostileCard.getByTestId('model-saw')).toContainText(HOSTILE_PAYLOAD);
    // The URL in the model's reply became a safe link showing its full address.
    const replyLink = lastAssistant(page).locator(`a[href="${EXTERNAL_URL}"]`).first();
    await expect(replyLink).toHaveText(EXTERNAL_URL);
    await expect(replyLink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(replyLink).toHaveAttribute('target', '_blank');
    await expectInertPage(page);

    // The MCP wire's detail of the tools/call answer, and the model wire's details.
    await page
      .getByTestId('mcp-traffic')
      .locator('[data-testid="traffic-row"][data-server="wild"][data-method="tools/call"][data-direction="in"]')
      .last()
      .click();
    await expandJsonUntil(page.getByTestId('traffic-detail'), 'window.__pwned=1');
    await expect(page.getByTestId('traffic-detail')).toContainText('window.__pwned=1');
    await expectInertPage(page);
    const modelRows = page.getByTestId('model-traffic').locator('[data-testid="model-row"]');
    for (let index = 0; index < (await modelRows.count()); index++) {
      await modelRows.nth(index).click();
      await expect(page.getByTestId('model-detail')).toBeVisible();
      await expectInertPage(page);
    }
    await expandJsonUntil(page.getByTestId('model-detail'), '__pwned');
    await expect(page.getByTestId('model-detail')).toContainText('__pwned');
    await expectInertPage(page);

    await expectSafeExternalLinks(page);
    expect(await cspViolations(page)).toEqual([]);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  } finally {
    await links.close();
  }
});

// ---------------------------------------------------------------------------------------------
// 4. Server strings never shape a request

/** Request headers a browser or Glassbox may send to the model endpoint. */
const MODEL_HEADER_ALLOW = new Set([
  'host',
  'connection',
  'content-type',
  'content-length',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'user-agent',
  'x-api-key',
  'anthropic-version',
  'anthropic-dangerous-direct-browser-access',
  'authorization',
]);

/** Request headers a browser or the MCP client may send to an MCP server. */
const MCP_HEADER_ALLOW = new Set([
  'host',
  'connection',
  'content-type',
  'content-length',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'user-agent',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
  'access-control-request-method',
  'access-control-request-headers',
]);

/** Browser-added headers (fetch metadata, client hints) that carry nothing of ours. */
const BROWSER_HEADER = /^(sec-fetch-|sec-ch-ua)/;

/** True when a text carries anything from the wild server's hostile description. */
function carriesHostileText(text: string): boolean {
  return text.includes(HOSTILE_DESCRIPTION) || text.includes('onerror') || text.includes('<img') || text.includes('<script');
}

for (const provider of PROVIDERS) {
  test(`hostile tool strings reach the ${provider} request only as data in the tool definitions`, async ({ page, model }) => {
    const links = await startLinksServer();
    try {
      await openConnected(page, { mcpServers: { wild: { url: TEST_URLS.lab('wild') }, links: { url: links.url } } }, ['wild', 'links']);
      await expect(page.getByTestId('server-wild')).toHaveAttribute('data-status', 'connected');
      await expect(page.getByTestId('server-links')).toHaveAttribute('data-status', 'connected');
      await openAreaTab(page, 'left', 'registry');
      // The registry tab loads on first use: wait for its rows before reading them.
      await expect(page.locator('[data-testid="registry-tool"]').first()).toBeVisible();
      const publicNames = await page
        .locator('[data-testid="registry-tool"]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-public-name') ?? ''));
      const openLink = publicNames.find((name) => name.endsWith('open_link'))!;
      await allowTools(page, [openLink]);
      const linksRequestsBefore = links.requests.length;

      // A turn that calls the other server's tool after the hostile tools were listed.
      model.setScript([{ toolCalls: [{ name: openLink, input: {} }] }, { text: 'Done.' }]);
      await useModel(page, model, provider);
      await say(page, 'Open the link');
      await expect(lastAssistant(page)).toContainText('Done.');

      const requests = model.requests();
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        // The URL is the endpoint, nothing added.
        expect(request.path).toBe(provider === 'anthropic' ? '/v1/messages' : '/v1/chat/completions');
        // Header names from a fixed set; no header value carries server text.
        const names = Object.keys(request.headers).filter((name) => !BROWSER_HEADER.test(name));
        expect(names.filter((name) => !MODEL_HEADER_ALLOW.has(name))).toEqual([]);
        for (const [name, value] of Object.entries(request.headers)) expect(carriesHostileText(String(value)), name).toBe(false);

        // In the body, the hostile description sits in the tool definitions and nowhere else.
        const body = request.body as { tools?: Array<Record<string, unknown>> } & Record<string, unknown>;
        const tools = body.tools ?? [];
        const descriptions = tools.map((tool) =>
          String(provider === 'anthropic' ? tool.description : (tool.function as { description?: string } | undefined)?.description),
        );
        expect(
          descriptions.some((description) => description.startsWith(HOSTILE_DESCRIPTION) && description.includes(HOSTILE_PAYLOAD)),
        ).toBe(true);
        const { tools: _tools, ...rest } = body;
        expect(carriesHostileText(JSON.stringify(rest))).toBe(false);
        // Outside descriptions, the tool definitions carry no hostile text either (names are sanitised).
        const withoutDescriptions = tools.map((tool) => {
          const copy = structuredClone(tool);
          if (provider === 'anthropic') delete copy.description;
          else delete (copy.function as Record<string, unknown>).description;
          return copy;
        });
        expect(carriesHostileText(JSON.stringify(withoutDescriptions))).toBe(false);
        const names2 = tools.map((tool) => String(provider === 'anthropic' ? tool.name : (tool.function as { name: string }).name));
        for (const name of names2) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      }

      // The other MCP server got requests to its own endpoint, with its own headers only.
      const linksRequests = links.requests.slice(linksRequestsBefore);
      expect(linksRequests.some((request) => request.method === 'POST')).toBe(true);
      for (const request of links.requests) {
        expect(request.url).toBe('/mcp');
        const names = Object.keys(request.headers).filter((name) => !BROWSER_HEADER.test(name));
        expect(names.filter((name) => !MCP_HEADER_ALLOW.has(name))).toEqual([]);
        for (const [name, value] of Object.entries(request.headers)) expect(carriesHostileText(String(value)), name).toBe(false);
        const mcpName = request.headers['mcp-name'];
        if (mcpName !== undefined) expect(['open_link']).toContain(String(mcpName));
      }
    } finally {
      await links.close();
    }
  });
}

import type { Locator, Page } from '@playwright/test';
import { layoutModeFor } from '../src/app/layout/layout-mode';
import { DEMO_CONFIG, expectAppTookOver, expectNoSeriousA11yViolations, openWithConfig, openAreaTab } from './helpers';
import { expect, test } from './model-fixture';

/** The window sizes people use, narrowest laptop to desktop. */
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** The narrowest a wire panel may be when it is shown. */
const WIRE_MIN = 380;

async function width(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().width);
}

/** Opens the demo config in `theme` and waits for both servers. */
async function open(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((saved) => localStorage.setItem('glassbox.theme', JSON.stringify(saved)), theme);
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Shows a wire: visible already, or one click on its tab. Returns the wire's panel. */
async function showWire(page: Page, wire: 'mcp' | 'model'): Promise<Locator> {
  const tab = page.getByTestId(`wires-tab-${wire}`);
  if ((await tab.count()) > 0) await tab.click();
  const panel = page.getByTestId(wire === 'mcp' ? 'mcp-traffic' : 'model-traffic');
  await expect(panel).toBeVisible();
  return panel;
}

/** A wire's toolbar is one row at any width it is shown at: every control in it is on the same line. */
async function expectToolbarOneRow(panel: Locator): Promise<void> {
  const toolbar = panel.getByRole('toolbar').first();
  const tops = await toolbar.evaluate((bar) =>
    [...bar.children]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.width > 1 && box.height > 1)
      .map((box) => box.top + box.height / 2),
  );
  expect(tops.length).toBeGreaterThan(1);
  expect(Math.max(...tops) - Math.min(...tops), `control centres ${tops.join(', ')}`).toBeLessThan(4);
  // Narrow, its buttons may show icons only: their names stay what they do.
  await expect(toolbar.getByRole('button', { name: 'Export HAR' })).toBeVisible();
}

/** Shows the config + servers area: visible already, or one click on the rail. */
async function showConfigAndServers(page: Page): Promise<void> {
  const rail = page.getByTestId('rail-left');
  if (await rail.isVisible()) await rail.click();
  await expect(page.getByTestId('config-editor')).toBeVisible();
  await expect(page.getByTestId('server-weather')).toBeVisible();
}

/** Every header row of the visible detail has its name and value side by side, on one line's top. */
async function expectHeadersSideBySide(detail: Locator): Promise<void> {
  const table = detail.getByTestId('header-table').first();
  await expect(table).toBeVisible();
  const rows = table.getByTestId('header-row');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const [name, value] = await Promise.all([row.locator('th').boundingBox(), row.locator('td').boundingBox()]);
    expect(name && value).toBeTruthy();
    expect(Math.abs(name!.y - value!.y)).toBeLessThan(2);
    expect(value!.x).toBeGreaterThanOrEqual(name!.x + name!.width - 1);
    // The value is not broken one character per line: its cell is wide enough for words.
    expect(value!.width).toBeGreaterThan(120);
  }
}

/**
 * Brings the window to `size` and waits until the app has laid itself out for it: the layout
 * mode of that width is drawn, and a frame has passed for what measures itself (tab strips).
 */
async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await expect(page.locator(`main.panels.mode-${layoutModeFor(size.width)}`)).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * One window per theme, resized from size to size (each size a step): light from the narrowest up,
 * dark from the widest down, so each theme starts on a fresh load at one end and both ways of
 * resizing are met. Each size starts as a load would leave it: the config + servers drawer closed.
 */
for (const theme of ['light', 'dark'] as const) {
  const sizes = theme === 'light' ? SIZES : [...SIZES].reverse();
  test(`${theme}, ${sizes.map((size) => size.width).join(' → ')} px: at each size no sideways page scroll, every area one click or key away, wires at least ${WIRE_MIN} px`, async ({
    page,
  }) => {
    // Four sizes' checks, each with the time one size had as a test of its own.
    test.setTimeout(sizes.length * 90_000);
    await page.setViewportSize(sizes[0]!);
    await open(page, theme);
    for (const size of sizes) {
      await test.step(`${size.width} × ${size.height}, ${theme}: no sideways page scroll, every area one click or key away, wires at least ${WIRE_MIN} px`, async () => {
        await resizeTo(page, size);
        const rail = page.getByTestId('rail-left');
        if ((await rail.isVisible()) && (await rail.getAttribute('aria-expanded')) === 'true') {
          await rail.click();
          await expect(rail).toHaveAttribute('aria-expanded', 'false');
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        await expect(page.locator('.app > .top-bar')).toHaveJSProperty('offsetHeight', 34);
        // The model settings: inline when wide, else one click away; either way inside the window.
        const toggle = page.getByTestId('model-settings-toggle');
        if (size.width < 1600) await toggle.click();
        await expect(page.getByTestId('api-key-input')).toBeVisible();
        await expect(page.getByTestId('max-steps-input')).toBeInViewport();
        if (size.width < 1600) {
          await expectNoSeriousA11yViolations(page);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('api-key-input')).toBeHidden();
        }

        await expect(page.getByTestId('chat-input')).toBeVisible();
        for (const wire of ['mcp', 'model'] as const) {
          const panel = await showWire(page, wire);
          expect(await width(panel)).toBeGreaterThanOrEqual(WIRE_MIN);
          await expectToolbarOneRow(panel);
          if (wire === 'mcp') {
            const filter = await fieldTextFits(panel.getByTestId('traffic-filter-text'));
            expect(filter.fits, `the filter's placeholder is cut: "${filter.text}"`).toBe(true);
          }
        }
        await expectNoSeriousA11yViolations(page);
        await showConfigAndServers(page);
        await expectNoSeriousA11yViolations(page);

        // The keys: Alt+1…4 show config + servers, chat, MCP wire, model wire.
        await page.keyboard.press('Escape');
        await page.keyboard.press('Alt+4');
        await expect(page.getByTestId('model-traffic')).toBeVisible();
        await page.keyboard.press('Alt+3');
        await expect(page.getByTestId('mcp-traffic')).toBeVisible();
        await page.keyboard.press('Alt+1');
        await expect(page.getByTestId('config-editor')).toBeVisible();
        await page.keyboard.press('Alt+2');
        await expect(page.getByTestId('chat-panel')).toBeFocused();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
      });
    }
  });
}

/**
 * Whether a text field shows its whole value, or (empty) its whole placeholder: a copy
 * of the field (same classes and attributes, so the same font, padding, list and clear buttons) at its
 * width, holding that text, does not scroll.
 */
async function fieldTextFits(field: Locator): Promise<{ text: string; fits: boolean }> {
  return field.evaluate((input: HTMLInputElement) => {
    const text = input.value || input.placeholder;
    const copy = input.cloneNode() as HTMLInputElement;
    // A password's dots are narrower than its placeholder; a search field keeps its type, as its
    // clear button takes room beside the text (at 1280 px it cut the filter's "URL").
    if (copy.type === 'password') copy.type = 'text';
    copy.value = text;
    copy.removeAttribute('data-testid');
    // Out of the flow at the field's own width, so it takes no room from the field it measures for.
    Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', width: `${input.offsetWidth}px` });
    input.after(copy);
    const fits = copy.scrollWidth <= copy.clientWidth;
    copy.remove();
    return { text, fits };
  });
}

test(`${SIZES[3].width} then ${SIZES[1].width} px: the servers area's tabs that do not fit whole are one click away, in a "more" menu`, async ({
  page,
}) => {
  test.setTimeout(2 * 90_000);
  await page.setViewportSize(SIZES[3]);
  await open(page, 'light');
  for (const size of [SIZES[3], SIZES[1]]) {
    await test.step(`${size.width} × ${size.height}: the servers area's tabs that do not fit whole are one click away, in a "more" menu`, async () => {
      await resizeTo(page, size);
      await showConfigAndServers(page);
      const strip = page.getByRole('tablist', { name: 'Servers and tools' });
      // The strip's tabs, as drawn: each is shown whole on the strip's one row, or not at all.
      const drawing = () =>
        strip.evaluate((list) => {
          const box = list.getBoundingClientRect();
          const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter((tab) => !tab.classList.contains('narrow-only'));
          const shown = tabs.filter(
            (tab) => tab.checkVisibility({ visibilityProperty: true }) && tab.getBoundingClientRect().top < box.bottom,
          );
          return {
            hidden: tabs.filter((tab) => !shown.includes(tab)).map((tab) => tab.textContent!),
            cut: shown
              .filter((tab) => tab.getBoundingClientRect().left < box.left - 0.5 || tab.getBoundingClientRect().right > box.right + 0.5)
              .map((tab) => tab.textContent!),
          };
        });
      await expect(strip).toHaveAttribute('data-fitted', 'true');
      const before = await drawing();
      // Six tabs do not fit this column: the strip draws those that fit whole, the menu names the rest.
      expect(before.hidden.length).toBeGreaterThan(0);
      expect(before.cut).toEqual([]);
      const more = page.getByTestId('left-tabs-more');
      await expect(more).toHaveText(`${before.hidden.length} more`);
      await more.click();
      const items = page.getByRole('menu').getByRole('menuitem');
      await expect(items).toHaveText(before.hidden);
      await page.getByTestId('left-tabs-more-roots').click();
      // Chosen: shown whole in the strip, in the room of the last tab that fitted; the menu names the others.
      await expect(page.getByTestId('left-tab-roots')).toHaveAttribute('aria-selected', 'true');
      const after = await drawing();
      expect(after.hidden).not.toContain('Roots & sampling');
      expect(after.cut).toEqual([]);
      await expect(more).toHaveText(`${after.hidden.length} more`);
      // By keyboard: from the first tab, the left arrow goes round to the last, which is drawn and takes the focus.
      await openAreaTab(page, 'left', 'servers');
      expect((await drawing()).hidden).toContain('Roots & sampling');
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByTestId('left-tab-roots')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('left-tab-roots')).toBeFocused();
      expect((await drawing()).cut).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      // The next size starts where a load does: on the Servers tab, the drawer (if any) closed.
      if (size !== SIZES[1]) {
        await openAreaTab(page, 'left', 'servers');
        const rail = page.getByTestId('rail-left');
        if (await rail.isVisible()) await rail.click();
      }
    });
  }
});

test('the command palette (Ctrl+K) jumps to a panel, disconnects and connects a server, opens a tool, and starts the tour', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await open(page, 'dark');
  const palette = page.getByTestId('command-palette');
  const run = async (query: string) => {
    await page.keyboard.press('ControlOrMeta+k');
    await expect(palette).toBeVisible();
    await page.getByTestId('command-palette-input').fill(query);
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
  };
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await run('go model wire');
  await expect(page.getByTestId('model-traffic')).toBeVisible();
  await expect(page.getByTestId('mcp-traffic')).toBeHidden();

  await run('disconnect weather');
  await expect(page.getByTestId('server-weather')).not.toHaveAttribute('data-status', /connected|connecting/);
  await run('connect weather');
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');

  await run('call get_forecast weather');
  await expect(page.getByTestId('config-editor')).toBeVisible();
  await expect(page.locator('[data-testid^="tool-weather-"][aria-expanded="true"]')).toBeFocused();

  await run('start the tour');
  await expect(page.getByTestId('tour-step')).toBeVisible();
});

test.describe('with Monaco held back', () => {
  // Nothing here looks at the config editor or scans the whole page: Monaco's chunk is held back (see model-fixture.ts).
  test.use({ monacoEditor: false });

  test('1600 × 900, the narrowest four-column window: the model settings are one row in the top bar, and each field shows its whole default', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await open(page, 'light');
    const bar = page.getByTestId('model-settings');
    const select = page.getByTestId('provider-select');
    const formats = await select.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(formats).toContain('demo');
    expect(formats.length).toBeGreaterThan(2);
    for (const format of formats) {
      await select.selectOption(format);
      // Inline, not scrolled sideways, and clear of the session menu.
      expect(await bar.evaluate((element) => element.scrollWidth - element.clientWidth), format).toBeLessThanOrEqual(0);
      const [barBox, sessionBox] = await Promise.all([bar.boundingBox(), page.getByTestId('session-menu').boundingBox()]);
      expect(barBox!.x + barBox!.width, format).toBeLessThanOrEqual(sessionBox!.x);
      // The scripted demo's model and address are its own, not typed: only the real formats' defaults are checked.
      if (format === 'demo') continue;
      for (const testId of ['model-input', 'api-key-input', 'base-url-input']) {
        const { text, fits } = await fieldTextFits(page.getByTestId(testId));
        expect(text, testId).not.toBe('');
        expect(fits, `${format}: ${testId} cuts "${text}"`).toBe(true);
      }
    }
  });

  test(`${SIZES[0].width} then ${SIZES[1].width} px: a request's detail shows header names and values side by side, on both wires`, async ({
    page,
  }) => {
    test.setTimeout(2 * 90_000);
    await page.setViewportSize(SIZES[0]);
    await open(page, 'light');
    for (const size of [SIZES[0], SIZES[1]]) {
      await test.step(`${size.width} × ${size.height}: a request's detail shows header names and values side by side, on both wires`, async () => {
        await resizeTo(page, size);
        // MCP wire: an HTTP exchange.
        const mcp = await showWire(page, 'mcp');
        await mcp.locator('[data-testid="traffic-row"][data-kind="http"]').first().click();
        await expectHeadersSideBySide(page.getByTestId('traffic-detail'));

        // Model wire: one request to the scripted demo model. Below 1600 px the model settings are one click away, in a popover.
        const toggle = page.getByTestId('model-settings-toggle');
        await toggle.click();
        await page.getByTestId('provider-select').selectOption('demo');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('provider-select')).toBeHidden();
        await expect(toggle).toContainText('Scripted demo');
        const requests = page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"]');
        const before = await requests.count();
        await page.getByTestId('chat-input').fill('hello');
        await page.getByTestId('chat-send').click();
        const model = await showWire(page, 'model');
        await expect(requests).toHaveCount(before + 1);
        await model.locator('[data-testid="model-row"][data-kind="request"]').last().click();
        await expectHeadersSideBySide(page.getByTestId('model-detail'));
      });
    }
  });

  test(`${SIZES[1].width} then ${SIZES[3].width} px: the MCP wire, about 410 px wide (split) then about 530 px (four columns), shows server and method names whole`, async ({
    page,
  }) => {
    test.setTimeout(2 * 90_000);
    await page.setViewportSize(SIZES[1]);
    await open(page, 'light');
    for (const { size, wire, methods } of [
      { size: SIZES[1], wire: 'about 410 px wide (split)', methods: ['tools/list'] },
      {
        size: SIZES[3],
        wire: 'about 530 px wide (four columns)',
        methods: ['tools/list', 'notifications/initialized', 'resources/templates/list'],
      },
    ]) {
      await test.step(`${size.width} × ${size.height}: the MCP wire, ${wire}, shows server and method names whole`, async () => {
        await resizeTo(page, size);
        const mcp = await showWire(page, 'mcp');
        expect(await width(mcp)).toBeLessThan(600);
        for (const method of methods) {
          const row = mcp
            .locator(
              `[data-testid="traffic-row"][data-method="${method}"][data-server="calendar"], [data-testid="traffic-row"][data-method="${method}"][data-server="weather"]`,
            )
            .first();
          await expect(row).toBeVisible();
          for (const cell of [row.locator('.c-method'), row.locator('.c-server')]) {
            await expect(cell).toBeVisible();
            // Not cut: the cell's content fits its box (an ellipsis would leave scrollWidth above clientWidth).
            const { scrollWidth, clientWidth } = await cell.evaluate((element) => ({
              scrollWidth: element.scrollWidth,
              clientWidth: element.clientWidth,
            }));
            expect(scrollWidth, await cell.innerText()).toBeLessThanOrEqual(clientWidth);
          }
          await expect(row.locator('.c-method')).toHaveText(method);
        }
        const calendar = mcp.locator('[data-testid="traffic-row"][data-method="tools/list"][data-server="calendar"]').first();
        await expect(calendar.locator('.c-server')).toHaveText('calendar');
        const server = await calendar
          .locator('.c-server')
          .evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
        expect(server.scrollWidth, 'calendar').toBeLessThanOrEqual(server.clientWidth);
      });
    }
  });

  test('a panel maximises over the others and is restored; the layout is kept across a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await open(page, 'light');
    const model = page.getByTestId('model-traffic');
    const before = await width(model);
    await page.locator('[data-area="model"]').getByRole('button', { name: 'Maximise panel' }).click();
    expect(await width(model)).toBe(1920);
    await page.locator('[data-area="model"]').getByRole('button', { name: 'Restore panel' }).click();
    expect(Math.abs((await width(model)) - before)).toBeLessThan(2);

    // Keyboard resizing on the separator between chat and the MCP wire.
    const chat = page.getByTestId('chat-panel');
    const chatBefore = await width(chat);
    await page.getByRole('separator', { name: 'Resize chat' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    const chatAfter = await width(chat);
    expect(chatAfter).toBeGreaterThan(chatBefore + 20);
    await page.waitForTimeout(300);
    await page.reload();
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expectAppTookOver(page);
    expect(Math.abs((await width(page.getByTestId('chat-panel'))) - chatAfter)).toBeLessThan(3);
  });

  test('at 1024 px the tour brings each panel it talks about into view (the drawer, the wire tabs)', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await open(page, 'light');
    await page.getByTestId('tour-start').click();
    const step = page.getByTestId('tour-step');
    await expect(step).toHaveAttribute('data-step', 'scene');
    await page.getByTestId('tour-next').click();
    await expect(step).toHaveAttribute('data-step', 'initialize');
    await expect(page.getByTestId('mcp-traffic')).toBeVisible();
    await page.getByTestId('tour-next').click();
    await expect(step).toHaveAttribute('data-step', 'tools-list');
    await expect(page.getByTestId('servers-panel')).toBeVisible();
    await expect(step).toBeFocused();
    await page.getByTestId('tour-next').click();
    await expect(step).toHaveAttribute('data-step', 'model-request');
    await expect(page.getByTestId('model-traffic')).toBeVisible();
    await expect(step).toBeFocused();
  });
});

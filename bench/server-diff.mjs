/**
 * The bench's `diff` section: two snapshots of 500 tools each compared in the page (the built app,
 * Compare from the command palette, both sides opened as snapshot files), from the comparison's
 * start to the frame that shows its first rows (the screen's own `data-draw-ms`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Tools per snapshot. */
export const DIFF_TOOLS = 500;

/**
 * A snapshot of `count` tools; version 2 changes every tenth tool's description (model-visible),
 * narrows every twentieth tool's enum (breaking), adds an optional argument to every twenty-fifth
 * (compatible), and adds ten tools.
 * @param {1 | 2} version
 * @param {number} count
 */
export function benchSnapshot(version, count = DIFF_TOOLS) {
  const tools = [];
  for (let index = 0; index < count + (version === 2 ? 10 : 0); index++) {
    const name = `tool_${String(index).padStart(4, '0')}`;
    const properties = {
      query: { type: 'string', description: `What ${name} looks for` },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'How many results' },
      mode: { type: 'string', enum: version === 2 && index % 20 === 0 ? ['fast'] : ['fast', 'exact'] },
      ...(version === 2 && index % 25 === 0 && { verbose: { type: 'boolean', description: 'More detail' } }),
    };
    tools.push({
      name,
      description: version === 2 && index % 10 === 0 ? `Searches the ${name} index, newest first.` : `Searches the ${name} index.`,
      inputSchema: { type: 'object', properties, required: ['query'] },
      annotations: { readOnlyHint: true },
    });
  }
  return {
    format: 'glassbox.mcp-snapshot',
    formatVersion: 1,
    takenAt: '2026-12-07T12:00:00.000Z',
    server: { name: 'bench', version: `${version}.0.0` },
    era: 'legacy',
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true } },
    tools,
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
}

/**
 * Opens the app with no server, opens Compare from the palette, opens the two snapshot files as A
 * and B, and returns the screen's `data-draw-ms` (compare + first render of the rows) and the row count.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} siteUrl
 * @returns {Promise<{ drawMs: number, rows: number, changes: number }>}
 */
export async function diffInPage(browser, siteUrl) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'glassbox-bench-diff-'));
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    const [fileA, fileB] = [path.join(folder, 'a.mcp-snapshot.json'), path.join(folder, 'b.mcp-snapshot.json')];
    await writeFile(fileA, JSON.stringify(benchSnapshot(1)));
    await writeFile(fileB, JSON.stringify(benchSnapshot(2)));
    const page = await context.newPage();
    await page.goto(siteUrl);
    await page.locator('.app:not([data-first-frame])').waitFor();
    await page.getByTestId('command-palette-open').click();
    await page.getByTestId('command-compare-servers').click();
    const screen = page.getByTestId('diff-screen');
    await screen.getByTestId('diff-file-a').setInputFiles(fileA);
    await screen.getByTestId('diff-side-a').waitFor();
    await screen.getByTestId('diff-file-b').setInputFiles(fileB);
    await page.locator('[data-testid="diff-screen"][data-draw-ms]').waitFor({ timeout: 30_000 });
    const drawMs = Number(await screen.getAttribute('data-draw-ms'));
    const rows = await screen.getByTestId('diff-change').count();
    const counts = await screen
      .locator('[data-testid^="diff-count-"]')
      .evaluateAll((nodes) => nodes.reduce((sum, node) => sum + Number(node.getAttribute('data-count') ?? 0), 0));
    return { drawMs, rows, changes: counts };
  } finally {
    await context.close();
    await rm(folder, { recursive: true, force: true });
  }
}

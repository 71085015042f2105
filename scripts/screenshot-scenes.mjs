/**
 * Scenes for scripts/screenshots.mjs that need real servers beside the page: the bridge's cards
 * (glassbox-bridge started on the official everything and memory servers over stdio, plus a child
 * that fails at start with long stderr lines and a long command line), the Skills tab (the skills
 * test server: a verified skill, a refused one), and the Evals area (a run of the everything server
 * against the scripted model in both formats). Each state is brought up once and shot at every
 * size in both themes, so the pictures show what a person who resizes the window sees.
 * Every server listens on a free loopback port.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start as startEverything } from '../e2e/servers/everything.mjs';
import { start as startModel } from '../e2e/servers/model-server.mjs';
import { start as startSkills } from '../e2e/servers/skills.mjs';
import { SUM_SCRIPT, sumEvalFile } from '../e2e/servers/sum-evals.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const SIZES = [
  [1024, 768],
  [1280, 800],
  [1440, 900],
  [1920, 1080],
];

/** A stdio "server" that fails at start as real ones do: long stderr lines, the reason last, exit code 3. */
const FAILING_CHILD = `
process.stderr.write('[2025-06-01T12:00:00.000Z] INFO Starting acme-internal-tools MCP server v4.12.0-rc.3+build.20250601 with config /home/developer/projects/acme/platform/services/internal-tools/config/environments/production.local.yaml\\n');
process.stderr.write('Traceback (most recent call last):\\n  File "/home/developer/.cache/uv/archive-v0/abc123/lib/python3.12/site-packages/acme_tools/server.py", line 214, in main\\n');
process.stderr.write('KeyError: ACME_DATABASE_URL (session eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ_an_unbroken_identifier)\\n');
process.stderr.write('fatal: could not start: environment variable ACME_DATABASE_URL is not set (set it in the "env" block of this server\\'s entry in mcp.json)\\n');
setTimeout(() => process.exit(3), 150);
`;

const base64Url = (text) => Buffer.from(text, 'utf8').toString('base64url');
const configHash = (config) => `#config=${base64Url(JSON.stringify(config, null, 2))}`;

/**
 * Runs the scenes. `newPage(url)` opens a fresh page on the built app at that address (path and
 * fragment) and resolves once the app has taken over; `outDir` receives `<scene>-<width>-<theme>.png`.
 * @param {{ newPage: (path: string) => Promise<{ page: import('@playwright/test').Page, close: () => Promise<void> }>, outDir: string }} options
 */
export async function shootServerScenes({ newPage, outDir }) {
  /** The config + servers area shown (a drawer below 1600 px) on `tab`. */
  async function showLeft(page, tab) {
    const rail = page.getByTestId('rail-left');
    // Right after a resize the layout may still swap the rail out (at 1600 px and wider there is none).
    const expanded = (await rail.isVisible()) ? await rail.getAttribute('aria-expanded', { timeout: 1000 }).catch(() => null) : null;
    if (expanded === 'false') await rail.click();
    const button = page.getByTestId(`left-tab-${tab}`);
    if (await button.isVisible()) {
      if ((await button.getAttribute('aria-selected')) !== 'true') await button.click();
    } else {
      await page.getByTestId('left-tabs-more').click();
      await page.getByTestId(`left-tabs-more-${tab}`).click();
    }
  }

  /** The state at every size and theme: `prepare` brings back what a remount of the area forgets; `scrollTo` is put at the top of its panel. */
  async function shoot(page, scene, { tab = 'servers', scrollTo, prepare } = {}) {
    for (const [width, height] of SIZES) {
      for (const theme of ['light', 'dark']) {
        await page.setViewportSize({ width, height });
        await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
        await showLeft(page, tab);
        if (prepare) await prepare();
        if (scrollTo)
          await page
            .locator(scrollTo)
            .first()
            .evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(150);
        await page.screenshot({ path: `${outDir}/${scene}-${width}-${theme}.png` });
      }
    }
  }

  const stops = [];
  try {
    // The bridge: a pasted config with a stdio entry the bridge does not serve, then the pair link.
    {
      const dir = await mkdtemp(join(tmpdir(), 'glassbox-shots-'));
      await writeFile(join(dir, 'failing-child.mjs'), FAILING_CHILD);
      const file = join(dir, 'mcp.json');
      await writeFile(
        file,
        JSON.stringify({
          mcpServers: {
            everything: {
              command: process.execPath,
              args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
            },
            memory: {
              command: process.execPath,
              args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
              env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
            },
            'acme-internal-tools': {
              command: process.execPath,
              args: [
                join(dir, 'failing-child.mjs'),
                '--config',
                '/home/developer/projects/acme/platform/services/internal-tools/config/environments/production.local.yaml',
                '--log-level=debug',
                '--workspace=/home/developer/projects/acme/platform',
              ],
            },
            remote: { url: 'https://mcp.example.com/mcp' },
          },
        }),
      );
      const { page, close } = await newPage(
        `/${configHash({ mcpServers: { 'postgres-local': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://developer@localhost:5432/acme_production_replica?sslmode=disable&application_name=glassbox'] } } })}`,
      );
      stops.push(close);
      const bridge = spawn(
        process.execPath,
        [join(ROOT, 'bridge/dist/cli.mjs'), file, '--json', '--port', '0', '--app', new URL('/', page.url()).href],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      stops.push(async () => void (bridge.exitCode === null && bridge.kill('SIGKILL')));
      const ready = await new Promise((resolve, reject) => {
        let pending = '';
        bridge.stdout.setEncoding('utf8');
        bridge.stdout.on('data', (text) => {
          pending += text;
          if (pending.includes('\n')) resolve(JSON.parse(pending.split('\n')[0]));
        });
        bridge.once('exit', (code) => reject(new Error(`glassbox-bridge exited (${code})`)));
      });
      await page.evaluate((hash) => (location.hash = hash), new URL(ready.pairUrl).hash);
      for (const name of ['everything', 'memory'])
        await page.locator(`[data-testid="server-${name}"][data-status="connected"]`).waitFor({ state: 'attached', timeout: 90_000 });
      await page
        .locator('[data-testid="bridge-process-acme-internal-tools"][data-status="exited"]')
        .waitFor({ state: 'attached', timeout: 30_000 });
      await page.waitForTimeout(1500); // the stderr poll
      await shoot(page, 'bridge-paired', { scrollTo: '[data-testid="bridge-status"]' });
      await shoot(page, 'bridge-failed-child', { scrollTo: '[data-testid="server-acme-internal-tools"]' });
      const { servers } = await (await fetch(`${ready.url}/servers`, { headers: { authorization: `Bearer ${ready.token}` } })).json();
      process.kill(servers.find((server) => server.name === 'memory').pid, 'SIGKILL');
      await page.locator('[data-testid="bridge-process-memory"][data-status="exited"]').waitFor({ state: 'attached', timeout: 60_000 });
      await shoot(page, 'bridge-exited', { scrollTo: '[data-testid="server-memory"]' });
      const exited = new Promise((resolve) => bridge.once('exit', resolve));
      bridge.kill('SIGTERM');
      await exited;
      await page.locator('[data-testid="bridge-problem"]').waitFor({ state: 'attached', timeout: 30_000 });
      await shoot(page, 'bridge-down', { scrollTo: '[data-testid="bridge-status"]' });
    }

    // Skills: the list, a verified skill offered to the model, a refused one.
    {
      const skills = await startSkills({ port: 0 });
      stops.push(() => skills.close());
      const { page, close } = await newPage(`/${configHash({ mcpServers: { library: { url: skills.url } } })}`);
      stops.push(close);
      await page.locator('[data-testid="server-library"][data-status="connected"]').waitFor({ state: 'attached', timeout: 30_000 });
      const item = (name) => page.getByTestId('skills-library').locator(`[data-testid="skill-item"][data-uri="skill://${name}/SKILL.md"]`);
      // The servers panel's tabs are the card's own state: a remount of the area closes them.
      const open = (name, ready) => async () => {
        const tab = page.getByTestId('contents-tab-skills-library');
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        await item(name).waitFor();
        if ((await page.locator(`[data-testid="skill-detail"][data-uri="skill://${name}/SKILL.md"]`).count()) === 0)
          await item(name).click();
        await page.getByTestId(ready).waitFor();
      };
      await shoot(page, 'skills-verified', {
        prepare: open('code-review', 'skill-verified'),
        scrollTo: '[data-testid="contents-tab-skills-library"]',
      });
      await shoot(page, 'skills-refused', { prepare: open('tampered-digest', 'skill-error'), scrollTo: '[data-testid="skill-detail"]' });
    }

    // Evals: a file of three cases run on two targets, a failed result opened.
    {
      const everything = await startEverything({ port: 0 });
      stops.push(() => everything.close());
      const model = await startModel({ host: '127.0.0.1', port: 0, chunkDelayMs: 5 });
      stops.push(() => model.close());
      model.setScript([...SUM_SCRIPT, ...SUM_SCRIPT]);
      const { page, close } = await newPage('/');
      stops.push(close);
      const toggle = page.getByTestId('model-settings-toggle');
      if (await toggle.isVisible()) await toggle.click();
      await page.getByTestId('api-key-input').fill('test-key');
      await page.getByTestId('api-key-input').blur();
      await page.keyboard.press('Escape');
      await showLeft(page, 'evals');
      const file = sumEvalFile(everything.url, model.url);
      await page
        .getByTestId('evals-open')
        .setInputFiles({ name: 'sums.evals.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file, null, 2)) });
      await page.getByTestId('eval-run').click();
      await page.locator('[data-testid="eval-result"]').nth(5).waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="eval-result"][data-case="wrong arguments"][data-target="openai · gpt-test"]').click();
      await shoot(page, 'evals-results', { tab: 'evals', scrollTo: '[data-testid="eval-matrix"]' });
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

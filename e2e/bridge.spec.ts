/**
 * The built page paired with the real glassbox-bridge (bridge/dist/cli.mjs), as a person does it: the
 * bridge started on a config with the official everything and memory servers (stdio), the page
 * opened through the pair link it printed. Tools of both servers run through it; a child's stderr
 * reaches the Logs tab; the token reaches no storage, export, link or text; a page on another
 * loopback origin cannot use the bridge; a killed child shows its exit (the card no longer says
 * connected) and Restart brings it back;
 * after SIGTERM no child process remains.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './model-fixture';
import { callToolByHand, expectAppTookOver, openAreaTab } from './helpers';
import { downloadText, indexedDbDump, webStorage } from './storage-scan';
import { TEST_PORTS } from './test-ports';

const ROOT = process.cwd();
const node = process.execPath;

interface Ready {
  url: string;
  token: string;
  servers: string[];
  pairUrl: string;
}

/** Starts the bridge CLI on a temp config and resolves with its first --json line. */
async function startBridge(appUrl: string): Promise<{ child: ChildProcessWithoutNullStreams; ready: Ready }> {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-bridge-e2e-'));
  const file = join(dir, 'mcp.json');
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        everything: { command: node, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] },
        memory: {
          command: node,
          args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
          env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
        },
      },
    }),
  );
  const child = spawn(node, [join(ROOT, 'bridge/dist/cli.mjs'), file, '--json', '--port', String(TEST_PORTS.spare(13)), '--app', appUrl], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      pending += text;
      const line = pending.split('\n')[0];
      if (pending.includes('\n') && line) resolve(JSON.parse(line) as Ready);
    });
    child.once('exit', (code) => reject(new Error(`glassbox-bridge exited (${code}): ${child.stderr.read() ?? ''}`)));
  });
  return { child, ready };
}

/** Whether a process is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('the page paired through the printed link runs both stdio servers; the token stays secret; another origin is refused; exit, restart and shutdown', async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const appUrl = new URL('/', baseURL).href;
  const { child, ready } = await startBridge(appUrl);
  const servers = async (): Promise<Array<{ name: string; status: string; pid: number | null }>> =>
    (
      (await (await fetch(`${ready.url}/servers`, { headers: { authorization: `Bearer ${ready.token}` } })).json()) as {
        servers: Array<{ name: string; status: string; pid: number | null }>;
      }
    ).servers;
  try {
    expect(ready.pairUrl.startsWith(`${appUrl}#bridge=`)).toBe(true);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(ready.pairUrl);
    // The fragment leaves the address bar at once (boot.ts, before the app loads).
    expect(page.url()).not.toContain('#bridge=');
    await expectAppTookOver(page);
    await expect(page.getByTestId('bridge-status')).toHaveAttribute('data-status', 'up');
    for (const name of ['everything', 'memory']) {
      // The machine running the tests may be loaded: a stdio server's first start can take a while.
      await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', 'connected', { timeout: 90_000 });
      await expect(page.getByTestId(`bridge-process-${name}`)).toContainText('local process via bridge');
    }
    await expect(page.getByTestId('bridge-command-memory')).toContainText('server-memory/dist/index.js');

    // Tools of both servers run through the bridge.
    await expect(await callToolByHand(page, 'everything', 'echo', { message: 'hello through the bridge' })).toContainText(
      'hello through the bridge',
    );
    await expect(
      await callToolByHand(page, 'memory', 'create_entities', {
        entities: [{ name: 'Glassbox', entityType: 'app', observations: ['paired'] }],
      }),
    ).toContainText('Glassbox');

    // The memory server's stderr line is in the Logs tab.
    await openAreaTab(page, 'mcp', 'logs');
    await expect(
      page.locator('[data-testid="log-row"][data-server="memory"]').filter({ hasText: 'running on stdio' }).first(),
    ).toBeVisible();

    // The token: not in web storage, IndexedDB, the HAR, the share link, the URL or the page's text.
    await openAreaTab(page, 'mcp', 'mcp');
    const har = await downloadText(page, 'traffic-export-har');
    expect(har).toContain('/servers/everything/mcp');
    expect(har).toContain('Bearer [redacted]');
    await page.getByTestId('config-share').click();
    const shareLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(shareLink).toContain('#config=');
    const storage = JSON.stringify(await webStorage(page));
    for (const [where, text] of [
      ['HAR', har],
      ['share link', Buffer.from(shareLink.split('#config=')[1] ?? '', 'base64url').toString('utf8') + shareLink],
      ['web storage', storage],
      ['IndexedDB', await indexedDbDump(page)],
      ['URL', page.url()],
      ['page text', await page.evaluate(() => document.body.innerText)],
      [
        'attributes',
        await page.evaluate(() =>
          [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.value)).join('\n'),
        ),
      ],
    ] as const) {
      expect(text, where).not.toContain(ready.token);
    }

    // Remembered on this device: encrypted (the token is still in no storage as text), and a reload pairs again.
    await page.getByTestId('bridge-remember').check();
    await expect.poll(async () => (await webStorage(page)).find((entry) => entry.key === 'glassbox.bridge.url')?.value).toBe(ready.url);
    expect(JSON.stringify(await webStorage(page))).not.toContain(ready.token);
    expect(await indexedDbDump(page)).not.toContain(ready.token);
    await page.reload();
    await expect(page.getByTestId('bridge-status')).toHaveAttribute('data-status', 'up');
    await expect(page.getByTestId('server-everything')).toHaveAttribute('data-status', 'connected', { timeout: 90_000 });
    await page.getByTestId('bridge-remember').uncheck();
    await expect.poll(async () => (await webStorage(page)).find((entry) => entry.key === 'glassbox.bridge.url')?.value).toBe('');

    // A page on another loopback origin (localhost instead of 127.0.0.1) cannot use the bridge.
    const other = await browser.newPage();
    const otherOrigin = `http://localhost:${new URL(appUrl).port}`;
    const refused = await fetch(`${ready.url}/servers`, { headers: { authorization: `Bearer ${ready.token}`, origin: otherOrigin } });
    expect(refused.status).toBe(403);
    // A link that is not a loopback bridge's pairs nothing and says why; then the real link, pasted into the open tab.
    const foreign = `#bridge=${Buffer.from(JSON.stringify({ v: 1, url: 'http://bridge.example:80', token: ready.token })).toString('base64url')}`;
    await other.goto(`${otherOrigin}/${foreign}`);
    await expect(other.getByTestId('bridge-pair-error')).toContainText('not loopback');
    expect(other.url()).not.toContain('#bridge=');
    await expectAppTookOver(other);
    await other.evaluate((hash) => (location.hash = hash), new URL(ready.pairUrl).hash);
    await expect(other.getByTestId('bridge-status')).toHaveAttribute('data-status', 'down');
    await expect(other.getByTestId('bridge-problem')).toContainText('refuses this page');
    expect(
      await other.evaluate(
        async ({ url, token }) =>
          fetch(`${url}/servers`, { headers: { authorization: `Bearer ${token}` } }).then(
            () => 'answered',
            (error: Error) => error.name,
          ),
        { url: ready.url, token: ready.token },
      ),
    ).toBe('TypeError');
    await other.close();

    // A killed child: the card shows the exit; Restart starts a fresh one and the page reconnects.
    const memoryPid = (await servers()).find((server) => server.name === 'memory')!.pid!;
    process.kill(memoryPid, 'SIGKILL');
    await expect(page.getByTestId('bridge-process-memory')).toHaveAttribute('data-status', 'exited', { timeout: 60_000 });
    await expect(page.getByTestId('bridge-process-state-memory')).toContainText('exited on SIGKILL');
    // The card follows the exit at once (no request had to fail first), saying why and pointing to Restart.
    await expect(page.getByTestId('server-memory')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('server-error-memory')).toHaveAttribute('data-code', 'process-exited');
    await expect(page.getByTestId('server-error-memory')).toContainText('The local process of "memory" exited on SIGKILL');
    await expect(page.getByTestId('bridge-stderr-tail-memory')).toContainText('running on stdio');
    if (process.env.BRIDGE_SHOT) await page.getByTestId('server-memory').screenshot({ path: process.env.BRIDGE_SHOT });
    await page.getByTestId('server-restart-memory').click();
    await expect(page.getByTestId('bridge-process-memory')).toHaveAttribute('data-status', 'running');
    await expect(page.getByTestId('server-memory')).toHaveAttribute('data-status', 'connected', { timeout: 90_000 });
    await expect(await callToolByHand(page, 'memory', 'read_graph', {})).toContainText('Glassbox');
    const pids = (await servers()).flatMap((server) => (server.pid === null ? [] : [server.pid]));
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(memoryPid);

    // SIGTERM: the bridge ends, and every child with it.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await expect.poll(() => pids.filter(alive), { timeout: 10_000 }).toEqual([]);
    // The cards say the bridge is gone, and keep the servers.
    await expect(page.getByTestId('bridge-problem-everything')).toContainText('does not answer');
    await expect(page.getByTestId('server-memory')).toBeVisible();
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

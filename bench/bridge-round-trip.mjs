/**
 * The bridge's cost: one tools/call through glassbox-bridge (HTTP → bridge → stdio →
 * the everything server) against the same server over streamable HTTP directly (HTTP → server),
 * each server in its own process, one SDK client in this process calling both in alternating
 * blocks. No browser: the hop being measured is the bridge's, and the client is the same on both.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { REPO_ROOT } from './build.mjs';

const EVERYTHING_ENTRY = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/**
 * Starts a Node process and resolves with the first stdout line `pick` accepts (its value).
 * @template T
 * @param {string[]} args
 * @param {(line: string) => T | undefined} pick
 * @returns {Promise<{ value: T, stop(): Promise<void> }>}
 */
function startProcess(args, pick) {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const value = pick(line);
        if (value !== undefined) resolve({ value, stop });
      }
    });
    void exited.then((code) => reject(new Error(`${args.join(' ')} exited (${code}) before it was ready`)));
  });
}

/**
 * @param {URL} url
 * @param {Record<string, string>} headers
 */
async function connect(url, headers) {
  const client = new Client({ name: 'glassbox-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/**
 * Runs `runs` rounds of `calls` sequential tools/call (echo) on each path, in blocks of `block`
 * calls taking turns, after `warmup` calls each.
 * @param {{ runs: number, calls: number, warmup: number, block: number, progress(text: string): void, port(n: number): number }} options
 * @returns {Promise<Array<{ bridgeMs: number, directMs: number }>>}
 */
export async function measureBridgeRoundTrips({ runs, calls, warmup, block, progress, port }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'glassbox-bench-bridge-'));
  const configFile = path.join(dir, 'mcp.json');
  await writeFile(
    configFile,
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } } }),
  );
  const direct = await startProcess(
    [path.join(REPO_ROOT, 'e2e/servers/everything.mjs'), '--port', String(port(30))],
    (line) => /^everything: (http\S+)/.exec(line)?.[1],
  );
  const bridge = await startProcess(
    [path.join(REPO_ROOT, 'bridge/dist/cli.mjs'), configFile, '--json', '--port', String(port(31))],
    (line) => {
      const event = JSON.parse(line);
      return event.event === 'ready' ? /** @type {{ url: string, token: string }} */ (event) : undefined;
    },
  );
  try {
    const clients = {
      direct: await connect(new URL(direct.value), {}),
      bridge: await connect(new URL(`${bridge.value.url}/servers/everything/mcp`), { authorization: `Bearer ${bridge.value.token}` }),
    };
    const call = (/** @type {Client} */ client, /** @type {number} */ i) =>
      client.callTool({ name: 'echo', arguments: { message: `call ${i}` } });
    for (let i = 0; i < warmup; i++) {
      await call(clients.direct, i);
      await call(clients.bridge, i);
    }
    const results = [];
    for (let run = 0; run < runs; run++) {
      const spent = { direct: 0, bridge: 0 };
      for (let done = 0; done < calls; done += block) {
        // Alternate which path goes first, so neither always follows the other's garbage.
        const order = /** @type {const} */ ((done / block + run) % 2 === 0 ? ['direct', 'bridge'] : ['bridge', 'direct']);
        for (const side of order) {
          const started = performance.now();
          for (let i = done; i < Math.min(done + block, calls); i++) await call(clients[side], i);
          spent[side] += performance.now() - started;
        }
      }
      results.push({ bridgeMs: spent.bridge, directMs: spent.direct });
      progress(`bridge round trip: run ${run + 1}/${runs} (bridge ${spent.bridge.toFixed(0)} ms, direct ${spent.direct.toFixed(0)} ms)`);
    }
    await Promise.allSettled([clients.direct.close(), clients.bridge.close()]);
    return results;
  } finally {
    await Promise.allSettled([direct.stop(), bridge.stop()]);
    await rm(dir, { recursive: true, force: true });
  }
}

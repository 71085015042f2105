/**
 * The official MCP Inspector's web UI (`@modelcontextprotocol/inspector`, a dev dependency), started
 * as a person starts it (its launcher's web mode, its own server and API on loopback), so the bench
 * can load it beside Glassbox in the same run: the budget holds Glassbox's largest contentful
 * paint ≤ 0.25× the Inspector's. Its sign-in token is turned off (DANGEROUSLY_OMIT_AUTH) so the
 * page loads at its plain URL; it binds 127.0.0.1 only and lives as long as the bench.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './build.mjs';

/** The launcher of the installed Inspector. */
export const INSPECTOR_LAUNCHER = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');

/** A free loopback port (the Inspector needs a fixed one: it derives its origin allow-list from it). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the Inspector's web UI; undefined when the package is not installed.
 * @param {{ port?: number, sandboxPort?: number, timeoutMs?: number }} [options]  ports 0/undefined: free ones
 * @returns {Promise<{ url: string, close(): Promise<void> } | undefined>}
 */
export async function startInspector({ port, sandboxPort, timeoutMs = 60_000 } = {}) {
  if (!existsSync(INSPECTOR_LAUNCHER)) return undefined;
  const clientPort = port || (await freePort());
  const sandbox = sandboxPort || (await freePort());
  const child = spawn(process.execPath, [INSPECTOR_LAUNCHER, '--web'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      CLIENT_PORT: String(clientPort),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_AUTO_OPEN_ENABLED: 'false',
      DANGEROUSLY_OMIT_AUTH: 'true',
      MCP_INSPECTOR_SECRET_STORE: 'memory',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${clientPort}/`;
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the MCP Inspector exited (${child.exitCode}): ${output.slice(-500)}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, close };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await close();
  throw new Error(`the MCP Inspector did not answer at ${url} within ${timeoutMs} ms: ${output.slice(-500)}`);
}

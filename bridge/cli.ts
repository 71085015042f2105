#!/usr/bin/env node
/**
 * glassbox-bridge <config-file> [--port N] [--host 127.0.0.1] [--app URL] [--origin ORIGIN]... [--json]
 *
 * Serves the stdio servers of an mcp.json (any dialect Glassbox reads) as streamable HTTP MCP
 * endpoints on loopback, for a Glassbox page: http://127.0.0.1:<port>/servers/<name>/mcp. Every
 * request needs the token printed in the pair link. Ends every child on SIGINT, SIGTERM and when
 * its stdin closes. Built once (`npm run build:bridge`, run by `prepare`) into bridge/dist/cli.mjs,
 * the package's `bin`: plain Node runs it, nothing is built at run time.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeBridgeFragment } from '../src/core/bridge/pair-link';
import { readBridgeConfig } from './config-entry';
import { createToken, originOf } from './guards';
import { unsupportedPlatform } from './platform';
import { startBridge, type RunningBridge } from './server';
import type { BridgeEvent } from './server-slot';

/** The `npm start` address, the default `--app`. */
const DEFAULT_APP = 'http://127.0.0.1:5173/';

const USAGE = `Usage: glassbox-bridge <config-file> [--port N] [--host 127.0.0.1] [--app URL] [--origin ORIGIN]... [--json]
  <config-file>  an mcp.json (Claude Desktop, VS Code, Cursor, … any dialect Glassbox reads); its stdio entries are served
  --port N       the port (default 0: a free one, printed)
  --host H       127.0.0.1 (default), ::1 or localhost; nothing else
  --app URL      the Glassbox page the pair link opens (default ${DEFAULT_APP}); its origin may call the bridge
  --origin O     one more page origin that may call the bridge (repeatable)
  --json         one JSON object per line on stdout: ready, spawn, exit, stderr events`;

function fail(message: string): never {
  process.stderr.write(`glassbox-bridge: ${message}\n`);
  process.exit(2);
}

const refusal = unsupportedPlatform();
if (refusal !== undefined) fail(refusal);

function readOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        app: { type: 'string', default: DEFAULT_APP },
        origin: { type: 'string', multiple: true, default: [] },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}
const { values, positionals } = readOptions();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (positionals.length !== 1) fail(`name one config file.\n${USAGE}`);
const file = resolve(positionals[0] ?? '');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a number from 0 to 65535`);

let origins: string[] = [];
try {
  origins = [originOf(values.app), ...values.origin.map(originOf)];
} catch (error) {
  fail((error as Error).message);
}

let text = '';
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
}
// VS Code keeps a workspace's servers in <workspace>/.vscode/mcp.json.
const folder = dirname(file);
const config = readBridgeConfig(text, process.env, {
  workspaceFolder: basename(folder) === '.vscode' ? dirname(folder) : folder,
  userHome: homedir(),
});
if (config.errors.length > 0) fail(`${file} is not a config Glassbox can read (${config.errors.join('; ')})`);
if (config.servers.length === 0) fail(`${file} has no stdio servers (entries with a "command") to serve`);

const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const onEvent = (event: BridgeEvent) => {
  if (values.json) emit(event);
  else if (event.event === 'stderr') process.stderr.write(`[${event.server}] ${event.line}\n`);
  else if (event.event === 'spawn') process.stdout.write(`[${event.server}] started (pid ${event.pid})\n`);
  else process.stdout.write(`[${event.server}] exited (${event.signal ?? `code ${event.code}`})\n`);
};
const token = createToken();
let bridge: RunningBridge;
try {
  bridge = await startBridge({ servers: config.servers, skipped: config.skipped, origins, token, host: values.host, port, onEvent });
} catch (error) {
  fail((error as Error).message);
}

const link = new URL(values.app);
link.hash = encodeBridgeFragment({ url: bridge.url, token });
const names = config.servers.map((entry) => entry.name);
if (values.json) {
  emit({ event: 'ready', url: bridge.url, token, servers: names, pairUrl: link.href });
} else {
  const lines = [`glassbox-bridge: ${names.length} stdio server(s) from ${file} at ${bridge.url}`];
  for (const entry of config.servers)
    lines.push(
      `  ${entry.name}  ${bridge.url}/servers/${encodeURIComponent(entry.name)}/mcp  (${[entry.command, ...entry.args].join(' ')})`,
    );
  for (const entry of config.skipped) lines.push(`  skipped ${entry.name}: ${entry.reason}`);
  lines.push(
    '',
    'Open this link to add the bridge to Glassbox (it holds the token: do not share it):',
    `  ${link.href}`,
    '',
    'Stop with Ctrl-C (or close stdin); every server process stops with the bridge.',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

let stopping = false;
/** Ends every child's process group, then the bridge. */
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await bridge.close();
  process.exit(0);
}
// However the bridge ends (an exit, a crash), no child outlives it.
process.on('exit', () => bridge.killNow());
process.on('uncaughtException', (error) => {
  process.stderr.write(`glassbox-bridge: stopping after an unexpected error: ${error.message}\n`);
  process.exit(1);
});
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
process.stdin.on('end', shutdown);
process.stdin.on('error', shutdown);
process.stdin.resume();

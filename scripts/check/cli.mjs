#!/usr/bin/env node
// `npm run check -- <url | mcp.json> [--server name] [--json out] [--junit out] [--markdown out]
// [--badge out.svg] [--previous last.json] [--fail-on fail|warn]`: checks one MCP server headless
// on Node 20 with the core the page uses (bundled by build.mjs), plus the checks only Node can make
// (a raw requester that sends any Host and Origin). A stdio entry is served over HTTP by the
// bridge's own server for the length of the check. Exit 0: nothing at or above --fail-on;
// 1: something is; 2: the command is wrong or the server cannot be reached.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokensInFunctions } from 'gpt-tokenizer/functionCalling';
import { buildCheck, CHECK_BUNDLE } from './build.mjs';
import { rawHttp } from './raw-http.mjs';

if (!existsSync(CHECK_BUNDLE)) await buildCheck();
const { runCheckCommand } = await import(pathToFileURL(CHECK_BUNDLE).href);

/**
 * Serves one stdio entry through the bridge's server on a loopback port, with a fresh token.
 * @param {{ name: string, command?: string, args?: string[] }} entry
 * @param {string} file
 */
async function serveStdio(entry, file) {
  const { loadReadBridgeConfig } = await import('../../bridge/build-config.mjs');
  const { createToken } = await import('../../bridge/guards.mjs');
  const { startBridge } = await import('../../bridge/server.mjs');
  const readBridgeConfig = await loadReadBridgeConfig();
  const config = readBridgeConfig(await readFile(file, 'utf8'), process.env, { workspaceFolder: process.cwd() });
  const server = config.servers.find((candidate) => candidate.name === entry.name);
  if (!server) throw new Error(config.skipped.find((skipped) => skipped.name === entry.name)?.reason ?? 'the bridge cannot serve it');
  const token = createToken();
  const bridge = await startBridge({ servers: [server], origins: [], token });
  return {
    url: `${bridge.url}/servers/${encodeURIComponent(entry.name)}/mcp`,
    headers: { authorization: `Bearer ${token}` },
    close: () => bridge.close(),
  };
}

const argv = process.argv.slice(2);
const code = await runCheckCommand({
  argv,
  env: process.env,
  readText: (file) => readFile(file, 'utf8'),
  writeText: (file, text) => writeFile(file, text),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  fetch: globalThis.fetch.bind(globalThis),
  rawHttp,
  // The token bill's OpenAI counter (o200k_base, function rendering), used for every format headless.
  countTokens: (_format, definition) =>
    estimateTokensInFunctions(
      [{ name: definition.name, description: definition.description, parameters: definition.inputSchema }],
      countTokens,
    ),
  serveStdio,
});
process.exitCode = code;
// Open connections (a 2025 server's event stream) must not keep the process alive.
setTimeout(() => process.exit(code), 100).unref();

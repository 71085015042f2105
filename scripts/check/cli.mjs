#!/usr/bin/env node
// `npm run check -- <url | mcp.json> [--server name] [--json out] [--junit out] [--markdown out]
// [--badge out.svg] [--previous last.json] [--fail-on fail|warn]`: checks one MCP server headless
// on Node 20 with the core the page uses (bundled by build.mjs), plus the checks only Node can make
// (a raw requester that sends any Host and Origin). A stdio entry is served over HTTP by the
// bridge's own server for the length of the check. Exit 0: nothing at or above --fail-on;
// 1: something is; 2: the command is wrong or the server cannot be reached.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { exitWith, nodeIo } from '../node-io.mjs';
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
  const { serveStdioEntry } = await import('../../bridge/dist/serve-entry.mjs');
  return serveStdioEntry(file, await readFile(file, 'utf8'), entry.name, process.env);
}

const code = await runCheckCommand({
  ...nodeIo(),
  rawHttp,
  serveStdio,
});
exitWith(code);

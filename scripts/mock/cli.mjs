#!/usr/bin/env node
// `npm run mock -- file.mcp-mock.json [--port P]`: serves a mock made from a recording on loopback
// over streamable HTTP, with the core the page's Service Worker uses (bundled by build.mjs) behind
// the SDK's Node adapter (toNodeHandler) and its localhost Host check. Runs until SIGINT or SIGTERM;
// exit 2 when the command or the file is wrong.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { exitWith, nodeIo } from '../node-io.mjs';
import { buildMock, MOCK_BUNDLE } from './build.mjs';

if (!existsSync(MOCK_BUNDLE)) await buildMock();
const { recordMocks, startMock } = await import(pathToFileURL(MOCK_BUNDLE).href);

/**
 * Listens on host:port with `handle` (a web fetch handler); requests whose Host is not a loopback
 * name are refused (DNS rebinding).
 * @param {(request: Request) => Promise<Response>} handle
 * @param {{ host: string; port: number }} options
 */
function listen(handle, { host, port }) {
  const hostCheck = localhostHostValidation();
  const nodeHandler = toNodeHandler({ fetch: handle });
  const server = createServer((request, response) => {
    if (!hostCheck(request, response)) return;
    void nodeHandler(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}

const recordAt = process.argv.indexOf('--record');
if (recordAt !== -1) {
  const evalsFile = process.argv[recordAt + 1];
  const outAt = process.argv.indexOf('--out-dir');
  const outDir = outAt === -1 ? '.' : process.argv[outAt + 1];
  if (evalsFile === undefined || outDir === undefined) {
    process.stderr.write('mock: usage: npm run mock -- --record file.evals.json [--out-dir DIR]\n');
    exitWith(2);
  } else {
    const recorded = await recordMocks(nodeIo(), evalsFile, outDir);
    exitWith(recorded === 2 ? 2 : recorded.passed === recorded.total ? 0 : 1);
  }
} else {
  await serve();
}

async function serve() {
  const running = await startMock({ ...nodeIo(), listen });
  if (running === 2) {
    exitWith(2);
    return;
  }
  const stop = async () => {
    await running.close();
    process.stderr.write(`mock: stopped (${running.handler.misses} ${running.handler.misses === 1 ? 'miss' : 'misses'})\n`);
    exitWith(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

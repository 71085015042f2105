/**
 * The mocks' figure: an eval file of N cases × 2 targets (Anthropic and OpenAI formats on the
 * scripted model server) run against a mock of its server, and the same file run against the live
 * server, in alternating phases of the same run. The live server is the weather demo on loopback
 * holding each HTTP request `latencyMs` like a remote host (plus its own progress steps); the mock
 * was made from one recorded run of the same file (`npm run mock -- --record`) and answers from the
 * record at once (`--latency none`, the default: the figure is about not needing the live server,
 * not about replaying its slowness). Both phases run in this process with the commands' own bundles
 * (the evals runner, the mock's server behind the SDK's Node adapter). No browser.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { start as startModel } from '../e2e/servers/model-server.mjs';
import { start as startWeather } from '../e2e/servers/weather.mjs';
import { buildHeadless, HEADLESS_BUNDLE } from '../scripts/evals/build.mjs';
import { buildMock, MOCK_BUNDLE } from '../scripts/mock/build.mjs';

const KEYS = { ANTHROPIC_API_KEY: 'bench-anthropic-key', OPENAI_API_KEY: 'bench-openai-key' };
const CITIES = [
  'Amsterdam',
  'Berlin',
  'Cairo',
  'Lisbon',
  'London',
  'Nairobi',
  'New York',
  'Paris',
  'Reykjavik',
  'Sydney',
  'Tokyo',
  'Toronto',
];

/**
 * Listens on loopback with a web fetch handler, as scripts/mock/cli.mjs does.
 * @param {(request: Request) => Promise<Response>} handle
 * @param {{ host: string; port: number }} options
 */
function listen(handle, { host, port }) {
  const hostCheck = localhostHostValidation();
  const nodeHandler = toNodeHandler({ fetch: handle });
  const server = createServer((request, response) => {
    if (hostCheck(request, response)) void nodeHandler(request, response);
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

/** A headless I/O with the bench's keys, files on disk and output kept. @param {string[]} argv */
function io(argv) {
  let out = '';
  let err = '';
  return {
    argv,
    env: KEYS,
    readText: (/** @type {string} */ file) => readFile(file, 'utf8'),
    writeText: (/** @type {string} */ file, /** @type {string} */ text) => writeFile(file, text),
    out: (/** @type {string} */ text) => void (out += text),
    err: (/** @type {string} */ text) => void (err += text),
    isTTY: false,
    fetch: globalThis.fetch.bind(globalThis),
    listen,
    output: () => ({ out, err }),
  };
}

/**
 * Runs the measure.
 * @param {{ runs: number; cases: number; latencyMs: number; progress: (text: string) => void; port: (n: number) => number }} options
 * @returns {Promise<{ liveMs: number[]; mockMs: number[]; misses: number; recordedRequests: number }>}
 */
export async function measureMockEvals({ runs, cases, latencyMs, progress, port }) {
  await Promise.all([buildHeadless(), buildMock()]);
  const { runHeadless } = await import(pathToFileURL(HEADLESS_BUNDLE).href);
  const { recordMocks, startMock } = await import(pathToFileURL(MOCK_BUNDLE).href);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'glassbox-bench-mock-'));
  const model = await startModel({ host: '127.0.0.1', port: port(45), chunkDelayMs: 0 });
  const weather = await startWeather({ host: '127.0.0.1', port: port(46), latencyMs });
  /** @type {{ close(): Promise<void>; handler: { misses: number } } | undefined} */
  let mock;
  try {
    const cities = Array.from({ length: cases }, (_, index) => CITIES[index % CITIES.length] ?? 'Paris');
    /** @param {string} url */
    const evalFile = (url) =>
      JSON.stringify({
        mcpServers: { weather: { url } },
        targets: [
          { format: 'anthropic', model: 'claude-bench', baseUrl: model.url },
          { format: 'openai', model: 'gpt-bench', baseUrl: `${model.url}/v1` },
        ],
        cases: cities.map((city, index) => ({
          name: `forecast ${index + 1}`,
          prompt: `The forecast for ${city}?`,
          expect: { calls: [{ tool: 'weather/get_forecast', arguments: { city } }], answerMatches: city },
        })),
      });
    // Cases run target by target: every case's turn (a call, then the answer) for each target.
    const script = [0, 1].flatMap(() =>
      cities.flatMap((city) => [
        { toolCalls: [{ name: 'weather_get_forecast', input: { city } }] },
        { text: `The forecast for ${city} is in.` },
      ]),
    );
    const liveFile = path.join(dir, 'live.evals.json');
    await writeFile(liveFile, evalFile(weather.url));

    progress(`mock: recording ${cases} cases × 2 targets against the live server (${latencyMs} ms per request)`);
    model.reset();
    model.setScript(script);
    const recording = io([]);
    const recorded = await recordMocks(recording, liveFile, dir);
    if (recorded === 2 || recorded.passed !== recorded.total) throw new Error(`mock: the recorded run failed: ${recording.output().err}`);
    const mockText = await readFile(recorded.files[0], 'utf8');
    const serving = io([recorded.files[0], '--port', String(port(47))]);
    const running = await startMock(serving);
    if (running === 2) throw new Error(`mock: npm run mock failed: ${serving.output().err}`);
    mock = running;
    const mockFile = path.join(dir, 'mock.evals.json');
    await writeFile(mockFile, evalFile(running.url));

    /** @param {string} file */
    const phase = async (file) => {
      model.reset();
      model.setScript(script);
      const run = io([file]);
      const started = performance.now();
      const code = await runHeadless(run);
      const elapsed = performance.now() - started;
      if (code !== 0) throw new Error(`mock: the evals did not all pass (${file}): ${run.output().out}${run.output().err}`);
      return elapsed;
    };
    const liveMs = [];
    const mockMs = [];
    for (let index = 0; index < runs; index++) {
      // Alternate which goes first, so neither always meets a warmer process.
      if (index % 2 === 0) {
        liveMs.push(await phase(liveFile));
        mockMs.push(await phase(mockFile));
      } else {
        mockMs.push(await phase(mockFile));
        liveMs.push(await phase(liveFile));
      }
      progress(`mock: run ${index + 1}/${runs} (live ${Math.round(liveMs.at(-1) ?? 0)} ms, mock ${Math.round(mockMs.at(-1) ?? 0)} ms)`);
    }
    return { liveMs, mockMs, misses: running.handler.misses, recordedRequests: JSON.parse(mockText).exchanges.length };
  } finally {
    await mock?.close();
    await Promise.all([weather.close(), model.close()]);
    await rm(dir, { recursive: true, force: true });
  }
}

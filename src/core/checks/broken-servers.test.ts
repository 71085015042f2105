/**
 * The server check against the project's broken servers (e2e/servers/broken.mjs), each broken in
 * one known way: the check names that flaw, and the sound baseline has no failure or warning
 * beyond the notes every server gets.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { start, FLAWS } from '../../../e2e/servers/broken.mjs';
// A test reuses the headless check's raw requester (node:http sends any Host and Origin as written).
// eslint-disable-next-line boundaries/dependencies
import { rawHttp } from '../../../scripts/check/raw-http.mjs';
import { SecretRegistry, TrafficLog } from '../traffic';
import { runServerCheck, type CheckReport } from '.';

const running: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});

/**
 * A fetch that hides the response headers a browser would hide from a page on another origin:
 * only the CORS-safelisted ones and those in Access-Control-Expose-Headers stay readable.
 */
const pageFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const exposed = new Set(
    (response.headers.get('access-control-expose-headers') ?? '').split(',').map((name) => name.trim().toLowerCase()),
  );
  const safelisted = ['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma'];
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (safelisted.includes(name) || exposed.has(name)) headers.set(name, value);
  });
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

async function check(flaw: string, page = false): Promise<{ report: CheckReport; log: TrafficLog }> {
  const server = await start({ flaw });
  running.push(server);
  const log = new TrafficLog();
  const report = await runServerCheck({
    server: flaw,
    url: server.url,
    fetch: page ? pageFetch : fetch,
    log,
    secrets: new SecretRegistry(),
    ...(page ? {} : { rawHttp }),
  });
  return { report, log };
}

/** The problems (fail and warn) as `id [subject]`. */
const problems = (report: CheckReport): string[] =>
  report.findings
    .filter((finding) => finding.severity === 'fail' || finding.severity === 'warn')
    .map((finding) => `${finding.severity} ${finding.id}${finding.subject ? ` [${finding.subject}]` : ''}`);

/** What each flaw must produce (and the baseline's findings, which every flaw also has). */
const EXPECTED: Record<string, string[]> = {
  none: [],
  // The same flaw seen twice: resources/templates/list (not served) is answered {} too, a result without resourceTemplates.
  'wrong-error-code': ['fail protocol.unknown-method', 'fail protocol.capability-served [resources/templates/list]'],
  'cursor-loop': ['fail protocol.pagination [tools/list]'],
  'order-changes': ['warn cache.stable-list [tools/list]'],
  'provider-rejects': [
    'fail definitions.provider-rejects [weather.alerts @ anthropic]',
    'fail definitions.provider-rejects [weather.alerts @ openai]',
    'fail definitions.provider-rejects [weather.alerts @ openai-responses]',
  ],
  'no-cors-expose': ['fail browser.expose-headers'],
  'capability-not-served': ['fail protocol.capability-served [resources/list]'],
  'ping-broken': ['fail protocol.ping'],
  'no-rebinding-guard': ['fail security.dns-rebinding'],
};

/** What the sound baseline still gets: the SDK accepts an invalid cursor (a SHOULD). */
const BASELINE = ['warn protocol.invalid-cursor'];

describe('each broken server is caught for its flaw, and only for it', () => {
  test.each(FLAWS)('%s', async (flaw) => {
    const { report } = await check(flaw);
    expect(report.era).toBe('2025-11-25');
    expect(problems(report).sort()).toEqual([...BASELINE, ...EXPECTED[flaw]!].sort());
  });
});

test('every finding names recorded exchanges marked with the run, and the probes are on the MCP wire', async () => {
  const { report, log } = await check('wrong-error-code');
  const finding = report.findings.find((entry) => entry.id === 'protocol.unknown-method')!;
  expect(finding.exchangeIds).toHaveLength(1);
  const exchange = log.getExchange(finding.exchangeIds[0]!)!;
  expect(exchange.wire).toBe('mcp');
  expect(exchange.checkRun).toBe(report.runId);
  expect(exchange.requestBody).toContain('glassbox/no-such-method');
  expect(finding.rule.url).toContain('/specification/2025-11-25/');
});

test('in a page (no raw requester) the Node-only checks are left out', async () => {
  const { report } = await check('no-rebinding-guard', true);
  expect(report.environment).toBe('page');
  expect(report.findings.some((finding) => finding.nodeOnly)).toBe(false);
});

test('in a page, a session id the server does not expose is the one finding, not a cascade of refused requests', async () => {
  const { report } = await check('no-cors-expose', true);
  expect(problems(report)).toEqual(['fail browser.expose-headers']);
  const { report: sound } = await check('none', true);
  expect(problems(sound).sort()).toEqual(BASELINE);
});

test('a check calls no tool unless one is chosen', async () => {
  const { log } = await check('none');
  const calls = log
    .getSnapshot()
    .messages.filter((message) => message.direction === 'out' && message.method === 'tools/call')
    .map((message) => (message.message as { params: { name: string } }).params.name);
  expect(calls).toEqual(['glassbox_check_no_such_tool']);
});

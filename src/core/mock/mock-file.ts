/**
 * The `*.mcp-mock.json` boundary: text in, a checked mock or one specific error out (a JSON
 * Pointer to the field and what is wrong with it); a mock out as text in a stable key order.
 */
import { describeValue, fieldChecks, orderedFields } from '../shared/file-fields';
import { MISS_POLICIES, MOCK_FILE_SUFFIX, MOCK_FORMAT, MOCK_FORMAT_VERSION, type McpMock, type MissPolicy } from './mock-types';

/** A mock file that cannot be read: `path` is a JSON Pointer into the file ("" for the whole file). */
export class MockFileError extends Error {
  override readonly name = 'MockFileError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(path === '' ? reason : `${path}: ${reason}`);
  }
}

const TOP_KEYS = [
  'format',
  'formatVersion',
  'server',
  'recordedAt',
  'recordedUrl',
  'era',
  'protocolVersion',
  'capabilities',
  'instructions',
  'sessions',
  'missPolicy',
  'fixedError',
  'exchanges',
] as const;
const EXCHANGE_KEYS = ['method', 'params', 'before', 'answer', 'after', 'status', 'latencyMs'] as const;

/** The mock as file text: two-space JSON, fields in a fixed order, ending in a newline. */
export function writeMock(mock: McpMock): string {
  const top = orderedFields(mock, TOP_KEYS);
  top['server'] = orderedFields(mock.server, ['entry', 'name', 'version', 'title']);
  top['exchanges'] = mock.exchanges.map((exchange) => orderedFields(exchange, EXCHANGE_KEYS));
  return `${JSON.stringify(top, null, 2)}\n`;
}

/** A file name for the mock of `entry`: `<entry>.mcp-mock.json`, with characters unsafe in a file name replaced. */
export function mockFileName(entry: string): string {
  const safe = entry.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'server';
  return `${safe}${MOCK_FILE_SUFFIX}`;
}

function fail(path: string, reason: string): never {
  throw new MockFileError(path, reason);
}

const { expectString, expectObject, readFormatted } = fieldChecks(fail);

function expectRpcError(value: unknown, path: string): void {
  expectObject(value, path);
  const error = value as Record<string, unknown>;
  if (typeof error['code'] !== 'number' || !Number.isInteger(error['code']))
    fail(`${path}/code`, `must be an integer, not ${error['code'] === undefined ? 'missing' : describeValue(error['code'])}`);
  expectString(error['message'], `${path}/message`);
}

function checkServerMessages(value: unknown, path: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(path, `must be an array, not ${describeValue(value)}`);
  value.forEach((item: unknown, index) => {
    expectObject(item, `${path}/${index}`);
    const message = (item as Record<string, unknown>)['message'];
    expectObject(message, `${path}/${index}/message`);
    expectString((message as Record<string, unknown>)['method'], `${path}/${index}/message/method`);
  });
}

function checkExchange(value: unknown, path: string): void {
  expectObject(value, path);
  const exchange = value as Record<string, unknown>;
  expectString(exchange['method'], `${path}/method`);
  checkServerMessages(exchange['before'], `${path}/before`);
  checkServerMessages(exchange['after'], `${path}/after`);
  expectObject(exchange['answer'], `${path}/answer`);
  const answer = exchange['answer'] as Record<string, unknown>;
  if ('error' in answer) expectRpcError(answer['error'], `${path}/answer/error`);
  else if (!('result' in answer) && answer['open'] !== true) fail(`${path}/answer`, 'must hold "result", "error" or "open": true');
  for (const field of ['status', 'latencyMs'] as const) {
    const number = exchange[field];
    if (number !== undefined && (typeof number !== 'number' || !Number.isFinite(number) || number < 0))
      fail(`${path}/${field}`, `must be a non-negative number, not ${describeValue(number)}`);
  }
}

/**
 * Reads a mock file. Throws MockFileError naming the field (a JSON Pointer) and what is wrong:
 * not JSON, not a mock, a newer format, a missing or mistyped field, an unknown era or miss policy.
 */
export function parseMock(text: string): McpMock {
  const value = readFormatted(text, { format: MOCK_FORMAT, version: MOCK_FORMAT_VERSION, noun: 'mock' });
  expectObject(value['server'], '/server');
  const server = value['server'] as Record<string, unknown>;
  expectString(server['entry'], '/server/entry');
  if (server['entry'] === '') fail('/server/entry', 'must not be empty');
  for (const field of ['name', 'version', 'title']) expectString(server[field], `/server/${field}`, true);
  expectString(value['recordedAt'], '/recordedAt');
  if (Number.isNaN(Date.parse(value['recordedAt'] as string)))
    fail('/recordedAt', `must be a date, not ${describeValue(value['recordedAt'])}`);
  expectString(value['recordedUrl'], '/recordedUrl', true);
  if (value['era'] !== 'legacy' && value['era'] !== 'modern')
    fail('/era', `must be "legacy" or "modern" (got ${describeValue(value['era'])})`);
  expectString(value['protocolVersion'], '/protocolVersion', true);
  expectObject(value['capabilities'], '/capabilities');
  expectString(value['instructions'], '/instructions', true);
  if (value['sessions'] !== undefined && typeof value['sessions'] !== 'boolean')
    fail('/sessions', `must be true or false, not ${describeValue(value['sessions'])}`);
  const policy = value['missPolicy'] ?? 'nearest';
  if (!MISS_POLICIES.includes(policy as MissPolicy))
    fail('/missPolicy', `must be one of ${MISS_POLICIES.map((name) => `"${name}"`).join(', ')} (got ${describeValue(policy)})`);
  if (value['fixedError'] !== undefined) expectRpcError(value['fixedError'], '/fixedError');
  const exchanges = value['exchanges'];
  if (!Array.isArray(exchanges))
    fail('/exchanges', exchanges === undefined ? 'missing (an array is required)' : `must be an array, not ${describeValue(exchanges)}`);
  exchanges.forEach((exchange: unknown, index) => checkExchange(exchange, `/exchanges/${index}`));
  return { ...(value as unknown as McpMock), missPolicy: policy as MissPolicy };
}

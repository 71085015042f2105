/**
 * Matching a live request against a mock: the same method with the same params after
 * normalising (normalise.ts). Identical requests recorded more than once are answered in the
 * order they were recorded, the last answer repeating once all are used. A 2026 `input_required`
 * round (params with `requestState`) matches on its method, name/uri and `requestState`: the
 * answers the client gives (`inputResponses`) come from a person or a model and vary by run.
 * A request with no match is a miss: the nearest recorded request and the first JSON path where
 * the two differ, in one sentence.
 */
import { isPlainObject } from '../shared/json';
import type { McpMock, MockExchange } from './mock-types';
import { canonicalJson, jsonDifferences, normaliseParams, type JsonDifference } from './normalise';

/** A request to match: its method and params as sent. */
export interface MockRequest {
  method: string;
  params?: unknown;
}

/** Why a request missed, and what the mock has nearest to it. */
export interface MockMiss {
  method: string;
  /** The index in `mock.exchanges` of the nearest recorded request with the same method, if any. */
  nearestIndex?: number;
  /** Where the nearest recorded request's params differ from the request's (JSON Pointers into params), first few. */
  differences: JsonDifference[];
  /** The methods the mock has answers for, when none has this method. */
  recordedMethods: string[];
  /** One sentence for the person: what was asked, the nearest recorded request, and where it differs. */
  sentence: string;
}

/** The outcome of matching one request. */
export type MatchOutcome = { kind: 'hit'; index: number; exchange: MockExchange } | { kind: 'miss'; miss: MockMiss };

/** The key of a 2026 round: method, name or uri, and the opaque request state. */
function roundKey(method: string, params: unknown): string | undefined {
  if (!isPlainObject(params) || typeof params['requestState'] !== 'string') return undefined;
  return canonicalJson([method, params['name'] ?? null, params['uri'] ?? null, params['requestState']]);
}

/** The key of an ordinary request: method and normalised params. */
function requestKey(method: string, params: unknown): string {
  return canonicalJson([method, normaliseParams(method, params)]);
}

/** A JSON value in a sentence, cut short. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Keeps which recorded answers were used, so repeats are answered in recorded order. One per running mock. */
export class MockMatcher {
  private readonly byKey = new Map<string, number[]>();
  private readonly byRound = new Map<string, number[]>();
  private readonly used = new Map<string, number>();

  constructor(readonly mock: McpMock) {
    mock.exchanges.forEach((exchange, index) => {
      const key = requestKey(exchange.method, exchange.params);
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), index]);
      const round = roundKey(exchange.method, exchange.params);
      if (round !== undefined) this.byRound.set(round, [...(this.byRound.get(round) ?? []), index]);
    });
  }

  /** Finds the recorded answer for `request`, or describes the miss. A 2025 `initialize` always matches the recorded one. */
  match(request: MockRequest): MatchOutcome {
    const key = requestKey(request.method, request.params);
    const round = roundKey(request.method, request.params);
    let indexes = this.byKey.get(key);
    let usedKey = key;
    if (indexes === undefined && round !== undefined) {
      indexes = this.byRound.get(round);
      usedKey = round;
    }
    if (indexes === undefined && request.method === 'initialize') {
      const first = this.mock.exchanges.findIndex((exchange) => exchange.method === 'initialize');
      if (first !== -1) indexes = [first];
    }
    if (indexes === undefined) return { kind: 'miss', miss: describeMiss(this.mock, request) };
    const count = this.used.get(usedKey) ?? 0;
    this.used.set(usedKey, count + 1);
    const index = indexes[Math.min(count, indexes.length - 1)] as number;
    return { kind: 'hit', index, exchange: this.mock.exchanges[index] as MockExchange };
  }
}

/** The nearest recorded request to `request` and how it differs (see MockMiss). */
export function describeMiss(mock: McpMock, request: MockRequest): MockMiss {
  const asked = normaliseParams(request.method, request.params);
  let nearestIndex: number | undefined;
  let nearest: JsonDifference[] = [];
  mock.exchanges.forEach((exchange, index) => {
    if (exchange.method !== request.method) return;
    const differences = jsonDifferences(normaliseParams(exchange.method, exchange.params), asked);
    if (nearestIndex === undefined || differences.length < nearest.length) {
      nearestIndex = index;
      nearest = differences;
    }
  });
  const recordedMethods = [...new Set(mock.exchanges.map((exchange) => exchange.method))].sort();
  const name = mock.server.entry;
  let sentence: string;
  if (nearestIndex === undefined) {
    sentence = `The mock of ${name} has no recorded ${request.method} request (it has ${
      recordedMethods.length === 0 ? 'none at all' : recordedMethods.join(', ')
    }).`;
  } else {
    const first = nearest[0];
    const where =
      first === undefined
        ? 'it is the same after normalising'
        : `it differs at ${first.path === '' ? 'the params themselves' : `params${first.path}`} (recorded ${show(first.expected)}, asked ${show(first.actual)})${
            nearest.length > 1 ? ` and in ${nearest.length - 1} more place${nearest.length === 2 ? '' : 's'}` : ''
          }`;
    sentence = `The mock of ${name} has no recorded answer to this ${request.method}: the nearest recorded request is #${nearestIndex + 1}, and ${where}.`;
  }
  return {
    method: request.method,
    ...(nearestIndex !== undefined ? { nearestIndex } : {}),
    differences: nearest.slice(0, 5),
    recordedMethods,
    sentence,
  };
}

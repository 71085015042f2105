import { describe, expect, it } from 'vitest';
import { legacyRecording, modernRecording } from './__fixtures__/recordings';
import { mockFromRecording } from './from-recording';
import { describeMiss, MockMatcher } from './match';
import { canonicalJson, jsonDifferences, normaliseParams } from './normalise';

describe('normaliseParams', () => {
  it('drops the _meta fields that vary by run and sorts keys', () => {
    const first = normaliseParams('tools/call', {
      name: 'a',
      arguments: { y: 1, x: 2 },
      _meta: { progressToken: 5, traceparent: '00-abc-def-01', 'io.modelcontextprotocol/clientInfo': { name: 'one' } },
    });
    const second = normaliseParams('tools/call', {
      _meta: { progressToken: 'other', 'io.modelcontextprotocol/clientInfo': { name: 'two' } },
      arguments: { x: 2, y: 1 },
      name: 'a',
    });
    expect(canonicalJson(first)).toBe(canonicalJson(second));
    expect(first).toEqual({ name: 'a', arguments: { x: 2, y: 1 } });
  });

  it('keeps the _meta fields that say what is asked', () => {
    expect(normaliseParams('tools/call', { _meta: { 'io.modelcontextprotocol/logLevel': 'info', progressToken: 1 } })).toEqual({
      _meta: { 'io.modelcontextprotocol/logLevel': 'info' },
    });
  });

  it("ignores initialize's client info and capabilities but not its protocol version", () => {
    expect(
      normaliseParams('initialize', { protocolVersion: '2025-11-25', clientInfo: { name: 'x' }, capabilities: { sampling: {} } }),
    ).toEqual({
      protocolVersion: '2025-11-25',
    });
    expect(normaliseParams('tools/list', undefined)).toEqual({});
  });
});

describe('jsonDifferences', () => {
  it('names each differing leaf by its JSON Pointer', () => {
    expect(jsonDifferences({ a: { b: [1, 2] }, c: 'x' }, { a: { b: [1, 3] }, c: 'x', d: true })).toEqual([
      { path: '/a/b/1', expected: 2, actual: 3 },
      { path: '/d', expected: undefined, actual: true },
    ]);
  });
});

describe('MockMatcher', () => {
  const mock = mockFromRecording(legacyRecording(), { server: 'weather' });

  it('matches the same method and params after normalising', () => {
    const matcher = new MockMatcher(mock);
    const outcome = matcher.match({
      method: 'tools/call',
      params: { arguments: { city: 'Paris' }, name: 'get_forecast', _meta: { progressToken: 'live-token' } },
    });
    expect(outcome.kind).toBe('hit');
    expect(outcome.kind === 'hit' && outcome.exchange.answer).toEqual({ result: { content: [{ type: 'text', text: 'Sunny in Paris' }] } });
  });

  it('answers repeated requests in recorded order, then repeats the last answer', () => {
    const matcher = new MockMatcher(mock);
    const oslo = { method: 'tools/call', params: { name: 'get_forecast', arguments: { city: 'Oslo' } } };
    const texts = [1, 2, 3].map(() => {
      const outcome = matcher.match(oslo);
      return outcome.kind === 'hit' ? JSON.stringify(outcome.exchange.answer) : 'miss';
    });
    expect(texts[0]).toContain('Snow in Oslo');
    expect(texts[1]).toContain('Rain in Oslo');
    expect(texts[2]).toContain('Rain in Oslo');
  });

  it('answers any initialize with the recorded one', () => {
    const outcome = new MockMatcher(mock).match({ method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    expect(outcome.kind).toBe('hit');
  });

  it('matches a 2026 round on its request state, whatever the client answered', () => {
    const modern = mockFromRecording(modernRecording(), { server: 'calendar' });
    const outcome = new MockMatcher(modern).match({
      method: 'tools/call',
      params: {
        name: 'add_event',
        arguments: { title: 'Lunch' },
        requestState: 'state-abc',
        inputResponses: { when: { action: 'decline' } },
      },
    });
    expect(outcome.kind === 'hit' && outcome.exchange.answer).toEqual({
      result: { resultType: 'complete', content: [{ type: 'text', text: 'Added Lunch at noon' }] },
    });
  });
});

describe('describeMiss', () => {
  const mock = mockFromRecording(legacyRecording(), { server: 'weather' });

  it('names the nearest recorded request and the JSON path where it differs', () => {
    const miss = describeMiss(mock, { method: 'tools/call', params: { name: 'get_forecast', arguments: { city: 'Lyon' } } });
    expect(miss.differences[0]).toEqual({ path: '/arguments/city', expected: 'Paris', actual: 'Lyon' });
    expect(miss.nearestIndex).toBe(2);
    expect(miss.sentence).toBe(
      'The mock of weather has no recorded answer to this tools/call: the nearest recorded request is #3, and it differs at params/arguments/city (recorded "Paris", asked "Lyon").',
    );
  });

  it('lists the recorded methods when none has the method asked', () => {
    const miss = describeMiss(mock, { method: 'prompts/list' });
    expect(miss.nearestIndex).toBeUndefined();
    expect(miss.sentence).toBe('The mock of weather has no recorded prompts/list request (it has initialize, tools/call, tools/list).');
  });
});

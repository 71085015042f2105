import { describe, expect, it } from 'vitest';
import { matchRecordedCall, notRecordedResult, recordedCallsOf, type RecordedCall } from './replay-match';
import type { ChatItem } from './session-types';

const sunny = { parts: [{ type: 'text' as const, text: 'Sunny in Paris' }], isError: false };
const RECORDED: RecordedCall[] = [
  { id: 'toolu_1', name: 'weather_get_forecast', args: { city: 'Paris', days: 1 }, result: sunny },
  { id: 'toolu_2', name: 'add_reminder', args: { text: 'umbrella' }, result: { parts: [{ type: 'text', text: 'Saved' }], isError: false } },
];

describe('matchRecordedCall', () => {
  it('answers the same name with deep-equal arguments, whatever the key order', () => {
    const match = matchRecordedCall(RECORDED, 'weather_get_forecast', { days: 1, city: 'Paris' });
    expect(match).toEqual({ kind: 'recorded', recorded: RECORDED[0] });
  });

  it('does not reuse a result for other arguments, and says what the original called', () => {
    const match = matchRecordedCall(RECORDED, 'weather_get_forecast', { city: 'Paris', days: 2 });
    expect(match.kind).toBe('mismatch');
    expect(match.kind === 'mismatch' && match.detail).toBe(
      'The original turn called weather_get_forecast only with other arguments: {"city":"Paris","days":1}.',
    );
  });

  it('does not match a tool the original never called, nor a nested difference', () => {
    expect(matchRecordedCall(RECORDED, 'get_alerts', { city: 'Paris' })).toEqual({
      kind: 'mismatch',
      detail: 'The original turn never called get_alerts; it called weather_get_forecast, add_reminder.',
    });
    const nested: RecordedCall[] = [{ id: 'a', name: 'f', args: { where: { city: 'Paris' } }, result: sunny }];
    expect(matchRecordedCall(nested, 'f', { where: { city: 'Paris', extra: true } }).kind).toBe('mismatch');
    expect(matchRecordedCall([], 'f', {})).toEqual({ kind: 'mismatch', detail: 'The original turn called no tools.' });
  });

  it('gives a mismatch a not-recorded error result', () => {
    const result = notRecordedResult('The original turn called no tools.');
    expect(result.isError).toBe(true);
    const text = result.parts[0]?.type === 'text' ? result.parts[0].text : '';
    expect(JSON.parse(text)).toMatchObject({ error: { category: 'not-recorded', detail: 'The original turn called no tools.' } });
  });
});

describe('recordedCallsOf', () => {
  it('keeps the calls of the turn that ran and came back, not denied ones nor other turns', () => {
    const base = { kind: 'tool-call' as const, step: 1, status: 'done' as const };
    const items: ChatItem[] = [
      { ...base, id: 'a', turn: 1, publicName: 'f', args: { x: 1 }, mcpResult: { content: [] }, modelResult: sunny },
      { ...base, id: 'b', turn: 2, publicName: 'f', args: { x: 2 }, mcpResult: { content: [] }, modelResult: sunny },
      { ...base, id: 'c', turn: 2, publicName: 'g', args: {}, status: 'failed', modelResult: { parts: [], isError: true } },
      { kind: 'user', id: 'u', text: 'hi', at: 0 },
    ];
    expect(recordedCallsOf(items, 2)).toEqual([{ id: 'b', name: 'f', args: { x: 2 }, result: sunny }]);
  });
});

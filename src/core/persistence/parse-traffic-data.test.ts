import { describe, expect, it } from 'vitest';
import { recordTurn, syncLog } from './__fixtures__/session-fixtures';
import { INTERRUPTED_NOTE, parseTrafficData, settleInterruptedExchange } from './parse-traffic-data';

function recorded() {
  const log = syncLog();
  recordTurn(log);
  const snapshot = log.getSnapshot();
  return { exchanges: snapshot.exchanges.slice(), messages: snapshot.messages.slice() };
}

describe('parseTrafficData', () => {
  it('passes recorded traffic through unchanged', () => {
    const data = recorded();
    const parsed = parseTrafficData(JSON.parse(JSON.stringify(data)));
    expect(parsed.problems).toEqual([]);
    expect(parsed.data).toEqual(data);
  });

  it('keeps what makes a model request a branch: a fork, a replay, a sampling request', () => {
    const data = recorded();
    const model = data.exchanges.find((exchange) => exchange.wire === 'model')!;
    const branches = [
      { ...model, id: 11, forkOf: model.id },
      { ...model, id: 12, replayOf: model.id },
      { ...model, id: 13, samplingFor: 'weather' },
    ];
    const parsed = parseTrafficData(JSON.parse(JSON.stringify({ exchanges: branches, messages: [] })));
    expect(parsed.problems).toEqual([]);
    expect(parsed.data.exchanges).toEqual(branches);
  });

  it('keeps a 2026 input_required round marked as a retry of its first request', () => {
    const data = recorded();
    const rounds = [
      { ...data.messages[0]!, seq: 21, roundOf: 7, requestState: 'opaque-state' },
      { ...data.messages[0]!, seq: 22, roundOf: 'first' },
    ];
    const parsed = parseTrafficData(JSON.parse(JSON.stringify({ exchanges: [], messages: rounds })));
    expect(parsed.problems).toEqual([]);
    expect(parsed.data.messages).toEqual(rounds);
  });

  it('drops records without what the panels need, and bad optional fields', () => {
    const data = recorded();
    const parsed = parseTrafficData({
      exchanges: [
        ...data.exchanges,
        null,
        { ...data.exchanges[0], id: 3, wire: 'carrier-pigeon' },
        {
          ...data.exchanges[0],
          id: 4,
          status: '200',
          requestHeaders: { accept: 1, 'content-type': 'text/plain' },
          sseEvents: [{ atMs: 1, data: 'x' }, { data: 2 }],
        },
        { ...data.exchanges[0] },
      ],
      messages: [
        ...data.messages,
        { ...data.messages[0], seq: 5, direction: 'sideways' },
        { ...data.messages[0], seq: 6, rpcId: { nested: true } },
      ],
    });
    expect(parsed.problems).toEqual([
      'HTTP exchange 3 is not an object; it was skipped.',
      'HTTP exchange 4 lacks its id, wire, source, method, URL, start time or state; it was skipped.',
      'HTTP exchange 5: request headers: the value of "accept" is not text; it was removed.',
      'HTTP exchange 5: "status" is not a number; it was removed.',
      'HTTP exchange 5: 1 stream event(s) were not understood and were skipped.',
      'HTTP exchange 6 repeats id 1; it was skipped.',
      'JSON-RPC message 3 lacks its sequence number, server, direction, kind, method, time or message; it was skipped.',
      'JSON-RPC message 4: "rpcId" is neither text nor a number; it was removed.',
    ]);
    expect(parsed.data.exchanges.map((exchange) => exchange.id)).toEqual([1, 2, 4]);
    expect(parsed.data.exchanges[2]).toMatchObject({
      requestHeaders: { 'content-type': 'text/plain' },
      sseEvents: [{ atMs: 1, data: 'x' }],
    });
    expect(parsed.data.exchanges[2]).not.toHaveProperty('status');
    expect(parsed.data.messages.map((message) => message.seq)).toEqual([1, 2, 6]);
    expect(parsed.data.messages[2]).not.toHaveProperty('rpcId');
  });

  it('caps the list of problems for a badly damaged log', () => {
    const parsed = parseTrafficData({ exchanges: Array.from({ length: 1000 }, () => 1), messages: 'no' });
    expect(parsed.problems).toHaveLength(21);
    expect(parsed.problems[20]).toBe('… and 981 more problem(s) with the traffic log.');
    expect(parsed.data).toEqual({ exchanges: [], messages: [] });
  });

  it('is not fooled by a non-object', () => {
    expect(parseTrafficData('text')).toEqual({
      data: { exchanges: [], messages: [] },
      problems: ['The traffic log is not a JSON object; it was left empty.'],
    });
  });
});

describe('settleInterruptedExchange', () => {
  it('marks a pending or streaming exchange as aborted and leaves a finished one alone', () => {
    const [done] = recorded().exchanges;
    expect(settleInterruptedExchange(done!)).toBe(done);
    expect(settleInterruptedExchange({ ...done!, state: 'streaming' })).toMatchObject({ state: 'aborted', note: INTERRUPTED_NOTE });
    expect(settleInterruptedExchange({ ...done!, state: 'pending', note: 'era probe' })).toMatchObject({
      state: 'aborted',
      note: 'era probe',
    });
  });
});

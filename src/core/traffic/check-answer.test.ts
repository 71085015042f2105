import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check-answer';

describe('checkAnswer', () => {
  it('finds the answer in a JSON body or among SSE events', () => {
    expect(checkAnswer(['{"jsonrpc":"2.0","id":7,"result":{}}'], 7, { eventStream: false })).toBeUndefined();
    const events = [
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{}}',
      '{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"no"}}',
    ];
    expect(checkAnswer(events, 7, { eventStream: true })).toBeUndefined();
    // An error with id null is the server's answer to a request it could not read.
    expect(checkAnswer(['{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}'], 7, { eventStream: false })).toBeUndefined();
  });

  it('names what came back instead', () => {
    expect(checkAnswer(['this is not json'], 1, { eventStream: false, contentType: 'application/json' })).toEqual({
      reason: 'not-json',
      text: 'this is not json',
      contentType: 'application/json',
    });
    expect(checkAnswer([''], 1, { eventStream: false })).toMatchObject({ reason: 'not-json', text: '' });
    expect(checkAnswer(['{"hello":"world"}'], 1, { eventStream: false })).toEqual({ reason: 'not-json-rpc', text: '{"hello":"world"}' });
    expect(checkAnswer(['{"jsonrpc":"2.0","id":1001,"result":{}}'], 1, { eventStream: false })).toEqual({
      reason: 'unknown-response-id',
      gotIds: [1001],
    });
    expect(checkAnswer(['{"jsonrpc": "2.0", "id": 0, "result": {oops'], 0, { eventStream: true })).toEqual({
      reason: 'malformed-sse',
      data: '{"jsonrpc": "2.0", "id": 0, "result": {oops',
    });
    expect(
      checkAnswer(['{"jsonrpc":"2.0","method":"notifications/message","params":{}}'], 3, {
        eventStream: true,
        cut: true,
        error: 'terminated',
      }),
    ).toEqual({
      reason: 'stream-closed',
      cut: true,
      events: 1,
      error: 'terminated',
    });
    expect(checkAnswer(['{"jsonrpc":"2.0",'], 3, { eventStream: false, cut: true })).toEqual({
      reason: 'stream-closed',
      cut: true,
      events: 0,
    });
  });

  it('prefers a stray id over other trouble, and ids of another type do not match', () => {
    expect(checkAnswer(['nope', '{"jsonrpc":"2.0","id":"x","result":{}}'], 1, { eventStream: true })).toEqual({
      reason: 'unknown-response-id',
      gotIds: ['x'],
    });
    // The SDK compares ids as numbers, so "1" answers 1.
    expect(checkAnswer(['{"jsonrpc":"2.0","id":"1","result":{}}'], 1, { eventStream: false })).toBeUndefined();
  });
});

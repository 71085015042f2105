import { describe, expect, it } from 'vitest';
import { matchValue } from './match-value';
import { matchExpectations } from './match-case';
import type { ActualCall } from './eval-types';

const call = (tool: string, args: unknown, ran = true): ActualCall => ({
  id: `${tool}-${JSON.stringify(args)}`,
  tool,
  arguments: args,
  ran,
  step: 1,
});

describe('matchValue', () => {
  it('matches an object as a deep subset with exact values', () => {
    expect(matchValue({ a: 2 }, { a: 2, b: 3 })).toEqual([]);
    expect(matchValue({ where: { city: 'Paris' } }, { where: { city: 'Paris', country: 'FR' }, days: 3 })).toEqual([]);
    expect(matchValue({ a: 2, b: 3 }, { a: 4, b: 3 })).toEqual([{ path: '$.a', message: 'expected 2, got 4' }]);
    expect(matchValue({ a: 2 }, { b: 2 })).toEqual([{ path: '$.a', message: 'missing' }]);
    expect(matchValue({ a: '2' }, { a: 2 })).toEqual([{ path: '$.a', message: 'expected "2", got 2' }]);
    expect(matchValue({ 'first name': 'x' }, { 'first name': 'y' })[0]?.path).toBe('$["first name"]');
  });

  it('matches arrays item by item, with the same length', () => {
    expect(matchValue({ tags: ['a', { id: 1 }] }, { tags: ['a', { id: 1, extra: true }] })).toEqual([]);
    expect(matchValue({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual([{ path: '$.tags', message: 'expected 1 items, got 2' }]);
    expect(matchValue({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toHaveLength(2);
  });

  it('matches strings with $regex', () => {
    expect(matchValue({ city: { $regex: '^par', $flags: 'i' } }, { city: 'Paris' })).toEqual([]);
    expect(matchValue({ city: { $regex: '^Par' } }, { city: 'Lyon' })).toEqual([
      { path: '$.city', message: 'expected a string matching /^Par/, got "Lyon"' },
    ]);
    expect(matchValue({ n: { $regex: '1' } }, { n: 1 })).toHaveLength(1);
    expect(matchValue({ n: { $regex: '(' } }, { n: '(' })[0]?.message).toMatch(/not a valid regular expression/);
  });

  it('matches JSON types with $type', () => {
    expect(
      matchValue(
        { a: { $type: 'number' }, b: { $type: 'string' }, c: { $type: 'array' }, d: { $type: 'null' }, e: { $type: 'object' } },
        { a: 1.5, b: 'x', c: [], d: null, e: {} },
      ),
    ).toEqual([]);
    expect(matchValue({ a: { $type: 'integer' } }, { a: 2 })).toEqual([]);
    expect(matchValue({ a: { $type: 'integer' } }, { a: 2.5 })).toEqual([
      { path: '$.a', message: 'expected a value of type integer, got 2.5' },
    ]);
    expect(matchValue({ a: { $type: 'number' } }, { a: '2' })).toHaveLength(1);
    expect(matchValue({ a: { $type: 'object' } }, { a: [] })).toHaveLength(1);
  });
});

describe('matchExpectations', () => {
  const sum = { tool: 'everything/get-sum', arguments: { a: 2, b: 3 } };
  const echo = { tool: 'everything/echo' };

  it('passes when the calls are made in order, with other calls between', () => {
    expect(
      matchExpectations(
        { calls: [sum, echo] },
        [call('everything/get-sum', { a: 2, b: 3 }), call('other/x', {}), call('everything/echo', { message: 'hi' })],
        '',
      ),
    ).toEqual([]);
  });

  it('fails on the wrong order unless anyOrder', () => {
    const calls = [call('everything/echo', { message: 'hi' }), call('everything/get-sum', { a: 2, b: 3 })];
    const [reason] = matchExpectations({ calls: [sum, echo] }, calls, '');
    expect(reason?.expectation).toBe('calls');
    expect(reason?.message).toMatch(/expected call 2 \(everything\/echo\) was not made after the calls before it .*order differs/);
    expect(matchExpectations({ calls: [sum, echo], anyOrder: true }, calls, '')).toEqual([]);
  });

  it('anyOrder matches each expected call to a different actual call', () => {
    expect(matchExpectations({ calls: [sum, sum], anyOrder: true }, [call('everything/get-sum', { a: 2, b: 3 })], '')).toHaveLength(1);
  });

  it('says which argument differs and sets the actual calls beside the expected', () => {
    const [reason] = matchExpectations({ calls: [sum] }, [call('everything/get-sum', { a: 2, b: 4 })], '');
    expect(reason?.message).toBe('expected call everything/get-sum: arguments differ: $.b: expected 3, got 4');
    expect(reason?.expected).toEqual([sum]);
    expect(reason?.actual).toEqual([{ tool: 'everything/get-sum', arguments: { a: 2, b: 4 }, ran: true }]);
  });

  it('reports a call no tool was called for', () => {
    expect(matchExpectations({ calls: [sum] }, [], '5')[0]?.message).toBe(
      'expected call everything/get-sum was not made: the model called no tool',
    );
  });

  it('fails noCallsTo and answerMatches', () => {
    const reasons = matchExpectations(
      { noCallsTo: ['everything/echo'], answerMatches: '\\b5\\b' },
      [call('everything/echo', { message: 'x' }, false)],
      'It is six.',
    );
    expect(reasons.map((reason) => reason.expectation)).toEqual(['noCallsTo', 'answerMatches']);
    expect(reasons[0]?.message).toBe('everything/echo was called once, and noCallsTo forbids it (not run: it is not in allowTools)');
    expect(matchExpectations({ answerMatches: '\\b5\\b' }, [], 'The sum is 5.')).toEqual([]);
  });
});

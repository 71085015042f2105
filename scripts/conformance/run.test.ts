import { describe, expect, it } from 'vitest';
import { formatTable, judge } from './run.mjs';

describe('judge', () => {
  it('passes a scenario with successes and no failure or warning', () => {
    expect(judge([{ id: 'a', status: 'SUCCESS' }, { id: 'b', status: 'INFO' }])).toEqual({ passed: true, reason: '1 checks passed' });
  });

  it('fails on a warning or failure, giving the first reason and how many more', () => {
    const result = judge([
      { id: 'ok', status: 'SUCCESS' },
      { id: 'retry', status: 'WARNING', errorMessage: 'Client reconnected\nlate' },
      { id: 'x', status: 'FAILURE', description: 'Client did not make a token request' },
    ]);
    expect(result).toEqual({ passed: false, reason: 'retry: Client reconnected late (+1 more)' });
    expect(judge([{ id: 'x', status: 'FAILURE', description: 'No token request' }]).reason).toBe('x: No token request');
  });

  it('fails a scenario where nothing succeeded', () => {
    expect(judge([{ id: 'i', status: 'INFO' }])).toEqual({ passed: false, reason: 'no check succeeded' });
  });
});

describe('formatTable', () => {
  it('pads the scenario column and ends with the count', () => {
    const table = formatTable([
      { scenario: 'initialize', passed: true, reason: '1 checks passed' },
      { scenario: 'auth/basic-cimd', passed: false, reason: 'cimd-client-id-used: no' },
    ]);
    expect(table.split('\n')).toEqual([
      'scenario         result  reason',
      '---------------  ------  ------',
      'initialize       pass    1 checks passed',
      'auth/basic-cimd  FAIL    cimd-client-id-used: no',
      '',
      '1/2 scenarios passed',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { EXPECTED_FAILURES, formatTable, judge, unexpectedFailures } from './run.mjs';

describe('judge', () => {
  it('passes a scenario with successes and no failure or warning', () => {
    expect(
      judge([
        { id: 'a', status: 'SUCCESS' },
        { id: 'b', status: 'INFO' },
      ]),
    ).toEqual({ passed: true, reason: '1 checks passed' });
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

describe('expected failures', () => {
  const results = [
    { scenario: 'auth/basic-cimd', passed: true, reason: '14 checks passed' },
    { scenario: 'auth/client-credentials-basic', passed: false, reason: 'client-credentials-basic-auth: no request' },
    { scenario: 'auth/metadata-default', passed: false, reason: 'token-request: missing' },
  ];

  it('lists the confidential-client scenarios, each with a reason', () => {
    for (const name of [
      'auth/client-credentials-basic',
      'auth/client-credentials-jwt',
      'auth/wif-jwt-bearer',
      'auth/enterprise-managed-authorization',
    ]) {
      expect(EXPECTED_FAILURES[name]).toMatch(/confidential client/);
    }
  });

  it('shows an expected failure as xfail with its reason, and counts it', () => {
    const table = formatTable(results, { expected: { 'auth/client-credentials-basic': 'needs a secret' } });
    expect(table).toContain('auth/client-credentials-basic  xfail   expected: needs a secret [client-credentials-basic-auth: no request]');
    expect(table).toContain('auth/metadata-default          FAIL    token-request: missing');
    expect(table.split('\n').at(-1)).toBe('1/3 scenarios passed, 1 expected failures');
  });

  it('says when a scenario listed as failing passes', () => {
    expect(formatTable(results, { expected: { 'auth/basic-cimd': 'x' } })).toContain(
      'auth/basic-cimd                pass    14 checks passed; listed as an expected failure',
    );
  });

  it('fails the run only on a failure that is not expected', () => {
    expect(unexpectedFailures(results, { 'auth/client-credentials-basic': 'needs a secret' })).toEqual(['auth/metadata-default']);
    expect(unexpectedFailures(results, { 'auth/client-credentials-basic': 'a', 'auth/metadata-default': 'b' })).toEqual([]);
  });

  it('cuts reasons to the width given', () => {
    const line = formatTable([{ scenario: 'a', passed: false, reason: 'x'.repeat(200) }], { width: 60 }).split('\n')[2] ?? '';
    expect(line.length).toBeLessThanOrEqual(60);
    expect(line.endsWith('…')).toBe(true);
  });
});

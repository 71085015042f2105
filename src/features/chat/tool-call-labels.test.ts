import { describe, expect, it } from 'vitest';
import { decisionLabel, durationLabel, failureLabel, hintRows, progressLabel, statusLabel } from './tool-call-labels';

describe('hintRows', () => {
  it('fills MCP defaults when the server says nothing and flags them as defaults', () => {
    expect(hintRows(undefined)).toEqual([
      { name: 'readOnly', value: false, defaulted: true, caution: true, applies: true },
      { name: 'destructive', value: true, defaulted: true, caution: true, applies: true },
      { name: 'idempotent', value: false, defaulted: true, caution: false, applies: true },
      { name: 'openWorld', value: true, defaulted: true, caution: true, applies: true },
    ]);
  });

  it('uses the values the server gave and ignores non-booleans', () => {
    const rows = hintRows({ readOnlyHint: false, destructiveHint: false, idempotentHint: 'yes', openWorldHint: false });
    expect(rows.map((row) => [row.name, row.value, row.defaulted, row.caution])).toEqual([
      ['readOnly', false, false, true],
      ['destructive', false, false, false],
      ['idempotent', false, true, false],
      ['openWorld', false, false, false],
    ]);
  });

  it('marks destructive and idempotent as not applying to a read-only tool', () => {
    const rows = hintRows({ readOnlyHint: true });
    expect(rows.map((row) => [row.name, row.applies, row.caution])).toEqual([
      ['readOnly', true, false],
      ['destructive', false, false],
      ['idempotent', false, false],
      ['openWorld', true, true],
    ]);
  });
});

describe('labels', () => {
  it('names statuses, decisions and failure categories', () => {
    expect(statusLabel('awaiting-approval')).toEqual({ text: 'awaiting approval', tone: 'warn' });
    expect(statusLabel('failed').tone).toBe('err');
    expect(decisionLabel(undefined)).toBeUndefined();
    expect(decisionLabel('denied')).toBe('denied by you');
    expect(failureLabel('timeout')).toBe('Timed out');
    expect(failureLabel('something-new')).toBe('something-new');
  });

  it('describes progress with and without a total', () => {
    expect(progressLabel({ progress: 3, total: 10, message: 'page 3' })).toBe('3 / 10 · page 3');
    expect(progressLabel({ progress: 7 })).toBe('7');
  });

  it('measures a duration until now while running', () => {
    expect(durationLabel({}, 5000)).toBe('');
    expect(durationLabel({ startedAt: 1000 }, 1250)).toBe('250 ms');
    expect(durationLabel({ startedAt: 1000, endedAt: 3400 }, 9999)).toBe('2.4 s');
  });
});

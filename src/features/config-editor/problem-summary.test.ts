import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from '../../core/config';
import { countProblems, summarizeProblems } from './problem-summary';

function problem(overrides: Partial<ConfigProblem> = {}): ConfigProblem {
  return {
    code: 'bad-url',
    severity: 'error',
    message: 'Line 4, column 14: "url" must be an absolute http(s) address.',
    reason: '"url" must be an absolute http(s) address.',
    line: 4,
    column: 14,
    endLine: 4,
    endColumn: 27,
    offset: 61,
    length: 13,
    path: ['mcpServers', 'weather', 'url'],
    server: 'weather',
    ...overrides,
  };
}

describe('summarizeProblems', () => {
  it('says "No problems" for an empty list', () => {
    expect(summarizeProblems([])).toBe('No problems');
  });

  it('counts by severity with singular and plural nouns, errors first', () => {
    const problems = [problem({ severity: 'warning' }), problem(), problem(), problem({ severity: 'info' })];
    expect(countProblems(problems)).toEqual({ error: 2, warning: 1, info: 1 });
    expect(summarizeProblems(problems)).toBe('2 errors · 1 warning · 1 note');
    expect(summarizeProblems([problem({ severity: 'warning' }), problem({ severity: 'warning' })])).toBe('2 warnings');
  });
});

import { describe, expect, it } from 'vitest';
import { problem } from '../../core/config/__fixtures__/config-problem';
import { countProblems, summarizeProblems } from './problem-summary';

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

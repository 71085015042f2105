import { describe, expect, it } from 'vitest';
import { checkConsistency, compareResults } from '.';

const result = (high: number, meta: Record<string, unknown> = {}) => ({
  content: [{ type: 'text', text: `high ${high}` }],
  structuredContent: { city: 'Paris', days: [{ high }] },
  _meta: { timestamp: '2026-12-07T10:00:00Z', ...meta },
});

describe('compareResults', () => {
  it('finds equal results the same, leaving out _meta and saying so', () => {
    const comparison = compareResults(result(21), result(21, { timestamp: '2026-12-07T10:00:05Z' }));
    expect(comparison).toEqual({ same: true, differences: [], ignored: ['/_meta'] });
  });

  it('lists the JSON paths that differ, with both values', () => {
    const b = result(23);
    b.content.push({ type: 'text', text: 'extra' });
    const comparison = compareResults(result(21), { ...b, isError: false });
    expect(comparison.same).toBe(false);
    expect(comparison.differences).toEqual([
      { path: '/content/0/text', before: 'high 21', after: 'high 23' },
      { path: '/content/1', after: { type: 'text', text: 'extra' } },
      { path: '/structuredContent/days/0/high', before: 21, after: 23 },
      { path: '/isError', after: false },
    ]);
  });

  it('ignores _meta at any depth, escapes keys as JSON Pointer segments, and compares values of different types', () => {
    const comparison = compareResults(
      { content: [{ type: 'text', text: 'a', _meta: { id: 1 } }], 'a/b': 1 },
      { content: [{ type: 'text', text: 'a', _meta: { id: 2 } }], 'a/b': '1' },
    );
    expect(comparison.ignored).toEqual(['/content/0/_meta']);
    expect(comparison.differences).toEqual([{ path: '/a~1b', before: 1, after: '1' }]);
  });
});

describe('checkConsistency', () => {
  it('is consistent when every answer is the same (timestamps in _meta aside)', () => {
    const report = checkConsistency([result(21), result(21, { timestamp: 'x' }), result(21)]);
    expect(report.consistent).toBe(true);
    expect(report.groups).toEqual([{ indices: [0, 1, 2], answer: result(21) }]);
    expect(report.differing).toEqual([]);
    expect(report.ignored).toEqual(['/_meta']);
  });

  it('lists the answers that differ from the most common one, with their paths', () => {
    const report = checkConsistency([result(22), result(21), result(21), result(23), result(21)]);
    expect(report.consistent).toBe(false);
    expect(report.groups.map((group) => group.indices)).toEqual([[1, 2, 4], [0], [3]]);
    expect(report.differing).toEqual([
      {
        index: 0,
        differences: [
          expect.objectContaining({ path: '/content/0/text' }),
          expect.objectContaining({ path: '/structuredContent/days/0/high', before: 21, after: 22 }),
        ],
      },
      {
        index: 3,
        differences: [
          expect.objectContaining({ path: '/content/0/text' }),
          expect.objectContaining({ path: '/structuredContent/days/0/high', before: 21, after: 23 }),
        ],
      },
    ]);
  });

  it('is consistent for no answer or one', () => {
    expect(checkConsistency([]).consistent).toBe(true);
    expect(checkConsistency([result(1)]).consistent).toBe(true);
  });
});

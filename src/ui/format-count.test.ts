import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes counts as English text does, as toLocaleString("en") would', () => {
    for (const count of [0, 1, 12, 999, 1000, 1234, 100_003, 1_000_000, 9_007_199_254_740_991, -1, -1234]) {
      expect(formatCount(count), String(count)).toBe(count.toLocaleString('en'));
    }
    expect(formatCount(100_003)).toBe('100,003');
  });

  it('leaves what is not a whole count to the locale formatter', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en'));
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});

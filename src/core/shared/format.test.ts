import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('writes whole counts as toLocaleString("en") does, without Intl', () => {
    for (const count of [0, 1, 12, 999, 1000, 1234, 100_003, 1_000_000, 9_007_199_254_740_991, -1, -1234]) {
      expect(formatCount(count), String(count)).toBe(count.toLocaleString('en'));
    }
  });

  it('drops a fraction rather than rounding it', () => {
    expect(formatCount(1234.9)).toBe('1,234');
  });
});

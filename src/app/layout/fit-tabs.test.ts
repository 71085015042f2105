import { describe, expect, it } from 'vitest';
import { fitTabs } from './fit-tabs';

describe('fitTabs', () => {
  it('draws every tab when the strip holds them all', () => {
    expect(fitTabs([60, 80, 70], 210, 0)).toEqual([true, true, true]);
    expect(fitTabs([60, 80, 70.4], 210, 2)).toEqual([true, true, true]);
  });

  it('draws the tabs in order while they fit whole, and stops at the first that does not', () => {
    // 60 + 80 = 140; the third (100) would need 240; the fourth (30) would fit, but the strip keeps the order.
    expect(fitTabs([60, 80, 100, 30], 200, 0)).toEqual([true, true, false, false]);
  });

  it('keeps the shown tab in the strip, in the room of the last ones that fit', () => {
    // The fourth is shown: it takes its 90 first, then 60 fits and 80 would not.
    expect(fitTabs([60, 80, 100, 90], 200, 3)).toEqual([true, false, false, true]);
    // A shown tab that fits in its place changes nothing.
    expect(fitTabs([60, 80, 100, 90], 200, 1)).toEqual([true, true, false, false]);
  });

  it('draws the shown tab even when it is wider than the strip', () => {
    expect(fitTabs([60, 300, 70], 200, 1)).toEqual([false, true, false]);
  });

  it('takes an unknown shown tab as the nearest, and no tabs as none', () => {
    expect(fitTabs([60, 80], 100, 7)).toEqual([false, true]);
    expect(fitTabs([], 100, 0)).toEqual([]);
  });
});

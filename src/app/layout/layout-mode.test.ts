import { describe, expect, it } from 'vitest';
import { layoutModeFor, SPLIT_FROM_PX, WIDE_FROM_PX, WIRE_MIN_PX } from './layout-mode';

describe('layoutModeFor', () => {
  it('shows four columns from 1600 px, splits the wires from 1200 px, and tabs them below', () => {
    expect(layoutModeFor(2560)).toBe('wide');
    expect(layoutModeFor(1600)).toBe('wide');
    expect(layoutModeFor(1599)).toBe('split');
    expect(layoutModeFor(1280)).toBe('split');
    expect(layoutModeFor(1199)).toBe('tabs');
    expect(layoutModeFor(1024)).toBe('tabs');
    expect(layoutModeFor(800)).toBe('tabs');
  });

  it('leaves room for two wire panels of the minimum width beside the chat wherever both are shown', () => {
    // Rail (40) + chat (300 at least) + two wires: the split layout must fit them all.
    expect(SPLIT_FROM_PX - 40 - 300).toBeGreaterThanOrEqual(2 * WIRE_MIN_PX);
    // Four columns: the left column (240 at least) too.
    expect(WIDE_FROM_PX - 240 - 300).toBeGreaterThanOrEqual(2 * WIRE_MIN_PX);
  });
});

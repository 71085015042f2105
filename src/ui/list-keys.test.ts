import { describe, expect, it } from 'vitest';
import { listKeyTarget } from './list-keys';

describe('listKeyTarget', () => {
  it('moves by one, by a page, and to the ends, clamped to the list', () => {
    expect(listKeyTarget('ArrowDown', 3, 10, 4)).toBe(4);
    expect(listKeyTarget('ArrowDown', 9, 10, 4)).toBe(9);
    expect(listKeyTarget('ArrowUp', 0, 10, 4)).toBe(0);
    expect(listKeyTarget('PageDown', 8, 10, 4)).toBe(9);
    expect(listKeyTarget('PageUp', 2, 10, 4)).toBe(0);
    expect(listKeyTarget('Home', 5, 10, 4)).toBe(0);
    expect(listKeyTarget('End', 5, 10, 4)).toBe(9);
  });
  it('starts from the top (down) or the bottom (up) when nothing is selected', () => {
    expect(listKeyTarget('ArrowDown', -1, 10, 4)).toBe(0);
    expect(listKeyTarget('ArrowUp', -1, 10, 4)).toBe(9);
  });
  it('ignores other keys and empty lists', () => {
    expect(listKeyTarget('a', 1, 10, 4)).toBeUndefined();
    expect(listKeyTarget('ArrowDown', -1, 0, 4)).toBeUndefined();
  });
});

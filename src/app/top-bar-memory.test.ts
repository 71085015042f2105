import { describe, expect, it } from 'vitest';
import { rememberedTopBarHeight } from './top-bar-memory';

describe('rememberedTopBarHeight', () => {
  it('gives the height measured at the same window width only', () => {
    const stored = JSON.stringify({ windowWidth: 1600, height: 61.8 });
    expect(rememberedTopBarHeight(stored, 1600)).toBe(61.8);
    expect(rememberedTopBarHeight(stored, 1280)).toBeUndefined();
  });

  it('ignores nothing stored, broken JSON and implausible heights', () => {
    expect(rememberedTopBarHeight(null, 1600)).toBeUndefined();
    expect(rememberedTopBarHeight('{oops', 1600)).toBeUndefined();
    expect(rememberedTopBarHeight('null', 1600)).toBeUndefined();
    expect(rememberedTopBarHeight(JSON.stringify({ windowWidth: 1600, height: -3 }), 1600)).toBeUndefined();
    expect(rememberedTopBarHeight(JSON.stringify({ windowWidth: 1600, height: 9000 }), 1600)).toBeUndefined();
    expect(rememberedTopBarHeight(JSON.stringify({ windowWidth: 1600, height: '62' }), 1600)).toBeUndefined();
  });
});

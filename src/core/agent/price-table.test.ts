import { memoryStorage } from '../shared/key-value-storage';
import { describe, expect, it } from 'vitest';
import { PRICE_TABLE_STORAGE_KEY, PriceTable } from './price-table';

describe('PriceTable', () => {
  it('starts empty (no built-in prices), keeps what the person enters and survives a reload', () => {
    const storage = memoryStorage();
    const table = new PriceTable(storage);
    expect(table.getSnapshot().prices).toEqual({});
    const before = table.getSnapshot();
    table.setPrice('claude-x', 'input', 3);
    table.setPrice('claude-x', 'output', 15);
    expect(table.getSnapshot()).not.toBe(before);
    expect(new PriceTable(storage).getSnapshot().prices).toEqual({ 'claude-x': { input: 3, output: 15 } });
    table.setPrice('claude-x', 'input', undefined);
    table.setPrice('claude-x', 'output', undefined);
    expect(new PriceTable(storage).getSnapshot().prices).toEqual({});
  });

  it('refuses a negative price, and skips stored values that are not prices', () => {
    const table = new PriceTable(memoryStorage());
    expect(() => table.setPrice('m', 'input', -1)).toThrow(RangeError);
    const storage = memoryStorage({
      [PRICE_TABLE_STORAGE_KEY]: JSON.stringify({ version: 1, prices: { m: { input: 2, output: 'x' }, n: 5 } }),
    });
    const restored = new PriceTable(storage);
    expect(restored.getSnapshot().prices).toEqual({ m: { input: 2 } });
    expect(restored.getSnapshot().problems).toEqual(['2 stored prices were not understood and ignored.']);
  });
});

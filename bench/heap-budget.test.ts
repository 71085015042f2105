import { describe, expect, it } from 'vitest';
import { HEAP_AFTER_LOAD_BUDGET_BYTES, heapLine } from './heap-budget.mjs';

const MB = 1_000_000;

describe('heapLine', () => {
  it('passes a heap after load within the budget, and reports it against the Inspector and the blank page', () => {
    const line = heapLine([
      { appHeapBytes: 9.5 * MB, inspectorHeapBytes: 16 * MB, blankHeapBytes: 1.8 * MB },
      { appHeapBytes: 9.7 * MB, inspectorHeapBytes: 17 * MB, blankHeapBytes: 1.8 * MB },
      { appHeapBytes: 9.6 * MB, inspectorHeapBytes: 16.5 * MB, blankHeapBytes: 1.9 * MB },
    ]);
    expect(line).toMatchObject({ value: '9.6 MB', reference: 'Inspector 16.5 MB; blank 1.8 MB', ratio: '0.58×', pass: true });
  });

  it("fails a heap after load over the Inspector's measured in the same runs, even within the budget", () => {
    const line = heapLine([
      { appHeapBytes: 13 * MB, inspectorHeapBytes: 12 * MB },
      { appHeapBytes: 13.1 * MB, inspectorHeapBytes: 12.5 * MB },
    ]);
    expect(line).toMatchObject({ budget: "≤ 15.0 MB, ≤ the Inspector's", pass: false });
  });

  it('fails a heap after load over the budget (Monaco loaded on idle: 27.4 MB)', () => {
    const runs = [27.6, 27.4, 25.5].map((mb) => ({ appHeapBytes: mb * MB }));
    expect(heapLine(runs).pass).toBe(false);
    expect(heapLine([{ appHeapBytes: HEAP_AFTER_LOAD_BUDGET_BYTES + 1 }]).pass).toBe(false);
    expect(heapLine([{ appHeapBytes: HEAP_AFTER_LOAD_BUDGET_BYTES }]).pass).toBe(true);
  });

  it('fails when the heap could not be measured (no gc in the browser)', () => {
    expect(heapLine([{ appHeapBytes: Number.NaN }]).pass).toBe(false);
  });
});

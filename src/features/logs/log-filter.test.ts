import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../core/mcp';
import { filterLogEntries } from './log-filter';

const entry = (seq: number, server: string, level: LogEntry['level']): LogEntry => ({ seq, server, level, data: seq, at: seq });
const ENTRIES = [
  entry(1, 'a', 'debug'),
  entry(2, 'b', 'error'),
  entry(3, 'a', 'warning'),
  entry(4, 'a', 'unknown'),
  entry(5, 'b', 'emergency'),
];

describe('filterLogEntries', () => {
  it("keeps one server's entries, at or above a level, newest last", () => {
    expect(filterLogEntries(ENTRIES, {}, 100).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(filterLogEntries(ENTRIES, { server: 'a' }, 100).map((e) => e.seq)).toEqual([1, 3, 4]);
    expect(filterLogEntries(ENTRIES, { minLevel: 'warning' }, 100).map((e) => e.seq)).toEqual([2, 3, 5]);
    // An unknown level counts as info.
    expect(filterLogEntries(ENTRIES, { server: 'a', minLevel: 'info' }, 100).map((e) => e.seq)).toEqual([3, 4]);
    expect(filterLogEntries(ENTRIES, {}, 2).map((e) => e.seq)).toEqual([4, 5]);
  });
});

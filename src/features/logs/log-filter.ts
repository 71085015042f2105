/** Which log entries the view shows: one server or all, and the least severe level shown. */
import { severityOf } from '../../core/mcp';
import type { LogEntry, LogLevel } from '../../core/mcp';

/** The view's filter. */
export interface LogFilter {
  /** A server's name, or undefined for all. */
  server?: string;
  /** The least severe level shown, or undefined for every level. */
  minLevel?: LogLevel;
}

/** The entries that pass the filter, newest last, at most `limit` of them (the newest). */
export function filterLogEntries(entries: readonly LogEntry[], filter: LogFilter, limit: number): LogEntry[] {
  const least = filter.minLevel === undefined ? 0 : severityOf(filter.minLevel);
  const passing = entries.filter(
    (entry) => (filter.server === undefined || entry.server === filter.server) && severityOf(entry.level) >= least,
  );
  return passing.length > limit ? passing.slice(passing.length - limit) : passing;
}

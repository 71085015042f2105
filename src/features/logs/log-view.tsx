import { useMemo, useState } from 'react';
import { LOG_LEVELS, logEntriesOf } from '../../core/mcp';
import type { ConnectionManager, LogEntry, LogLevel } from '../../core/mcp';
import type { TrafficLog } from '../../core/traffic';
import { formatClock } from '../../ui/format-time';
import { useStore } from '../../ui/use-store';
import type { ExternalStore } from '../../ui/use-store';
import { filterLogEntries } from './log-filter';
import { LogLevelSelect } from './log-level-select';
import './logs.css';

/** Most rows drawn (the newest); the traffic log keeps them all. */
const MAX_ROWS = 1000;

/** Most characters of one message's data drawn. */
const MAX_DATA_CHARS = 4000;

/**
 * The servers' log messages (`notifications/message`), read from the MCP wire where they were
 * recorded: all servers or one, at or above a level, each with its time, level, logger, data as
 * JSON and, when it came on a request's stream, that request. The level asked of each server is
 * set here too.
 */
export function LogView({
  log,
  manager,
  stderr = NO_LINES,
}: {
  log: TrafficLog;
  manager: ConnectionManager;
  /** Local servers' stderr lines (the bridge's children), shown among the messages (logger `stderr`). */
  stderr?: ExternalStore<readonly LogEntry[]>;
}) {
  const traffic = useStore(log);
  const stderrLines = useStore(stderr);
  const { servers } = useStore(manager);
  const [server, setServer] = useState<string>();
  const [minLevel, setMinLevel] = useState<LogLevel>();
  // Only new messages change the entries: the snapshot's version moves on every exchange update too.
  const messages = useMemo(() => logEntriesOf(traffic.messages, traffic.messageCount), [traffic.messages, traffic.messageCount]);
  const entries = useMemo(() => mergeByTime(messages, stderrLines), [messages, stderrLines]);
  const shown = filterLogEntries(
    entries,
    { ...(server !== undefined ? { server } : {}), ...(minLevel !== undefined ? { minLevel } : {}) },
    MAX_ROWS,
  );
  const logging = servers.filter((state) => state.status === 'connected' && state.capabilities?.['logging'] !== undefined);
  return (
    <div className="log-panel">
      <div className="log-toolbar">
        <label>
          Server{' '}
          <select
            data-testid="log-filter-server"
            value={server ?? ''}
            onChange={(event) => setServer(event.target.value === '' ? undefined : event.target.value)}
          >
            <option value="">all</option>
            {servers.map((state) => (
              <option key={state.name} value={state.name}>
                {state.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Level at least{' '}
          <select
            data-testid="log-filter-level"
            value={minLevel ?? ''}
            onChange={(event) => setMinLevel(event.target.value === '' ? undefined : (event.target.value as LogLevel))}
          >
            <option value="">any</option>
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </label>
        <span className="faint" data-testid="log-count">
          {shown.length} of {entries.length}
        </span>
      </div>
      {logging.length > 0 && (
        <div className="log-levels" aria-label="Log level asked of each server">
          <span className="faint">Ask for messages at or above:</span>
          {logging.map((state) => (
            <LogLevelSelect key={state.name} server={state} manager={manager} />
          ))}
        </div>
      )}
      {entries.length === 0 && (
        <div className="empty">
          No log messages yet. Servers that declare the logging capability send <code>notifications/message</code>; choose a level for a
          server to ask for them (2025: <code>logging/setLevel</code>; 2026: a <code>_meta</code> on every request).
        </div>
      )}
      <ol className="log-list" data-testid="log-view" aria-label="Log messages">
        {shown.map((entry) => (
          <LogRow key={`${entry.logger === STDERR ? 'e' : 'm'}${entry.seq}`} entry={entry} />
        ))}
      </ol>
    </div>
  );
}

/** The logger name of a local process's stderr line. */
const STDERR = 'stderr';

const NO_LINES: ExternalStore<readonly LogEntry[]> = { subscribe: () => () => undefined, getSnapshot: () => [] };

/** Two time-ordered lists as one, by arrival time (stable: a tie keeps the messages first). */
function mergeByTime(first: readonly LogEntry[], second: readonly LogEntry[]): readonly LogEntry[] {
  if (second.length === 0) return first;
  const merged: LogEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    const a = first[i];
    const b = second[j];
    if (b === undefined || (a !== undefined && a.at <= b.at)) {
      merged.push(a!);
      i += 1;
    } else {
      merged.push(b);
      j += 1;
    }
  }
  return merged;
}

/** One message: server text rendered as text only (a stderr line as the line itself). */
function LogRow({ entry }: { entry: LogEntry }) {
  const json = entry.logger === STDERR && typeof entry.data === 'string' ? entry.data : (JSON.stringify(entry.data) ?? String(entry.data));
  return (
    <li className={`log-row level-${entry.level}`} data-testid="log-row" data-level={entry.level} data-server={entry.server}>
      <span className="mono faint">{formatClock(entry.at)}</span>
      <span className="badge log-level">{entry.rawLevel ?? entry.level}</span>
      <span className="log-server">{entry.server}</span>
      {entry.logger && <span className="mono faint">{entry.logger}</span>}
      {entry.request && (
        <span className="mono faint" title="The request whose stream carried this message">
          ↳ {entry.request.method} #{String(entry.request.rpcId)}
        </span>
      )}
      <pre className="log-data">{json.length > MAX_DATA_CHARS ? `${json.slice(0, MAX_DATA_CHARS)} …` : json}</pre>
    </li>
  );
}

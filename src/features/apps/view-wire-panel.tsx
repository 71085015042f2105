import { memo, useState } from 'react';
import type { ViewLogEntry, ViewLog } from '../../core/apps';
import { JsonView } from '../../ui/json-view';
import { useStore } from '../../ui/use-store';

/** Most rows rendered at once (the newest); the log itself keeps more. */
const ROWS_SHOWN = 300;

/**
 * The view log, shown as the App bridge wire: every postMessage between Glassbox and its app views, both directions,
 * pretty-printed, each row linked to the tool call whose view it belongs to.
 */
export function ViewWirePanel({
  log,
  selectedToolCallId,
  onSelectToolCall,
}: {
  log: ViewLog;
  selectedToolCallId?: string;
  onSelectToolCall?(id: string): void;
}) {
  const { entries, evicted } = useStore(log);
  const [onlySelected, setOnlySelected] = useState(false);
  const matching =
    onlySelected && selectedToolCallId !== undefined ? entries.filter((entry) => entry.toolCallId === selectedToolCallId) : entries;
  const shown = matching.slice(-ROWS_SHOWN);
  return (
    <div className="bridge-wire" data-testid="app-bridge-wire">
      <div className="bridge-wire-bar faint">
        <span>
          {entries.length} message{entries.length === 1 ? '' : 's'}
          {evicted > 0 ? ` (${evicted} older ones dropped)` : ''}
        </span>
        <label>
          <input type="checkbox" checked={onlySelected} onChange={(event) => setOnlySelected(event.target.checked)} /> only the selected
          tool call
        </label>
      </div>
      {entries.length === 0 ? (
        <p className="muted bridge-wire-empty">
          No app views yet. When a tool with an MCP App view runs (from the chat or the Servers panel), every message between the view and
          Glassbox appears here: ↓ to the view, ↑ from it.
        </p>
      ) : (
        <ol className="bridge-wire-rows">
          {shown.map((entry) => (
            <ViewMessageRow
              key={entry.id}
              entry={entry}
              selected={entry.toolCallId !== undefined && entry.toolCallId === selectedToolCallId}
              onSelect={onSelectToolCall}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * One message: direction, method, id and view; opens to the JSON (built only once opened, and a
 * row renders again only when it changes: a busy view adds rows many times a second).
 */
const ViewMessageRow = memo(function ViewMessageRow({
  entry,
  selected,
  onSelect,
}: {
  entry: ViewLogEntry;
  selected: boolean;
  onSelect?(id: string): void;
}) {
  const [open, setOpen] = useState(false);
  const arrow = entry.direction === 'to-app' ? '↓ to view' : '↑ from view';
  return (
    <li
      className={`bridge-row${selected ? ' selected' : ''}`}
      data-testid="app-bridge-row"
      data-method={entry.method}
      data-direction={entry.direction}
      data-tool-call-id={entry.toolCallId}
    >
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className={`badge ${entry.direction === 'to-app' ? '' : 'warn'}`}>{arrow}</span> <code>{entry.method}</code>
          {entry.rpcId !== undefined && <span className="faint"> #{String(entry.rpcId)}</span>}
          <span className="faint"> · {entry.server}</span>
          {entry.note && <span className="badge warn"> {entry.note}</span>}
        </summary>
        {open && entry.toolCallId !== undefined && onSelect && (
          <button type="button" className="link-button small" onClick={() => onSelect(entry.toolCallId as string)}>
            Show its tool call
          </button>
        )}
        {open && <JsonView value={entry.message} openDepth={3} label={`Bridge message ${entry.method}`} />}
      </details>
    </li>
  );
});

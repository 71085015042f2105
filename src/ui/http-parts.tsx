import { useState } from 'react';
import type { HeaderMap, SseEventRecord } from '../core/traffic';
import { formatCount } from '../core/shared';
import { formatClock, formatDuration } from './format-time';
import { JsonView, tryParseJson } from './json-view';
import './http-parts.css';

/** SSE events listed before a "show all" button. */
const EVENTS_SHOWN = 200;

/**
 * Headers as a two-column table, in the order recorded, as DevTools shows them: the name, and
 * the value in monospace wrapping between words; a token with no break in it (a long id, a JWT)
 * scrolls sideways in its cell instead of breaking one character per line.
 */
export function HeaderList({ headers, label }: { headers: HeaderMap | undefined; label: string }) {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return <div className="muted">none recorded</div>;
  return (
    <div className="header-table-wrap">
      <table className="header-table" aria-label={label} data-testid="header-table">
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([name, value]) => (
            <tr key={name} data-testid="header-row">
              <th scope="row" className="header-name">
                {name}
              </th>
              <td className="header-value">
                <div className="header-value-text">{value}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A body: a collapsible JSON tree when it parses, the text otherwise. */
export function BodyView({ text, label, openDepth = 3 }: { text: string | undefined; label: string; openDepth?: number }) {
  if (text === undefined || text === '') return <div className="muted">(no body)</div>;
  const parsed = tryParseJson(text);
  return parsed.ok ? <JsonView value={parsed.value} openDepth={openDepth} label={label} /> : <pre className="wire-text-body">{text}</pre>;
}

/** How one wire shows its events. */
export interface SseEventStyle {
  /** The test id of each event. */
  testId: string;
  /** The class of the event's number (`faint` or `muted`). */
  numberClass: string;
  /** What an event without data says. */
  emptyData: string;
  /** How deep an event's JSON data opens. Default is 3. */
  dataOpenDepth?: number;
}

/** One Server-Sent Event: number, time offset, name, id, and its data (collapsible JSON when it parses). */
function SseEventView({
  event,
  index,
  startedAt,
  flagged,
  style,
}: {
  event: SseEventRecord;
  index: number;
  startedAt: number;
  flagged: boolean;
  style: SseEventStyle;
}) {
  return (
    <li className={`sse-event${flagged ? ' is-flagged' : ''}`} data-testid={style.testId} data-event={event.event ?? 'message'}>
      <div className="sse-event-head mono">
        <span className={style.numberClass}>#{index + 1}</span>{' '}
        <span title={formatClock(startedAt + event.atMs)}>+{formatDuration(event.atMs)}</span>
        {' · '}event: <strong>{event.event ?? 'message'}</strong>
        {event.id !== undefined && <> · id: {event.id}</>}
      </div>
      {event.data.trim() === '' ? (
        <div className="muted">{style.emptyData}</div>
      ) : (
        <BodyView text={event.data} label={`event ${index + 1} data`} openDepth={style.dataOpenDepth} />
      )}
    </li>
  );
}

/** The events of a streamed response, the first 200 and then on request. `flaggedIndex` marks an event the parser rejected (always shown). */
export function SseEventList({
  events,
  startedAt,
  flaggedIndex,
  style,
}: {
  events: readonly SseEventRecord[];
  startedAt: number;
  flaggedIndex?: number;
  style: SseEventStyle;
}) {
  const [showAll, setShowAll] = useState(false);
  if (events.length === 0) return <div className="muted">No events yet.</div>;
  const shown = showAll || (flaggedIndex ?? 0) >= EVENTS_SHOWN ? events : events.slice(0, EVENTS_SHOWN);
  return (
    <>
      <ol className="sse-events" aria-label="Server-Sent Events">
        {shown.map((event, index) => (
          <SseEventView key={index} event={event} index={index} startedAt={startedAt} flagged={index === flaggedIndex} style={style} />
        ))}
      </ol>
      {shown.length < events.length && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          show all {formatCount(events.length)} events
        </button>
      )}
    </>
  );
}

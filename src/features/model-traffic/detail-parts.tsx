import { useState } from 'react';
import type { HeaderMap, SseEventRecord } from '../../core/traffic/types';
import { JsonView, tryParseJson } from '../../ui/json-view';
import { formatClock, formatDuration } from '../../ui/format-time';

/** SSE events listed before a "show all" button. */
const EVENTS_SHOWN = 200;

/** Headers as a name/value list, in the order recorded. */
export function HeaderList({ headers, label }: { headers: HeaderMap | undefined; label: string }) {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return <div className="muted">none recorded</div>;
  return (
    <dl className="kv" aria-label={label}>
      {entries.map(([name, value]) => (
        <div key={name} className="kv-pair">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A body: a collapsible JSON tree when it parses, the text otherwise. */
export function BodyView({ text, label, openDepth = 3 }: { text: string | undefined; label: string; openDepth?: number }) {
  if (text === undefined || text === '') return <div className="muted">(no body)</div>;
  const parsed = tryParseJson(text);
  return parsed.ok ? <JsonView value={parsed.value} openDepth={openDepth} label={label} /> : <pre className="model-text-body">{text}</pre>;
}

/** One Server-Sent Event: number, time offset, name, and its data (collapsible JSON when it parses). */
function SseEventView({ event, index, startedAt, flagged }: { event: SseEventRecord; index: number; startedAt: number; flagged: boolean }) {
  return (
    <li className={`sse-event${flagged ? ' is-flagged' : ''}`} data-testid="model-sse-event" data-event={event.event ?? 'message'}>
      <div className="sse-event-head mono">
        <span className="faint">#{index + 1}</span> <span title={formatClock(startedAt + event.atMs)}>+{formatDuration(event.atMs)}</span>
        {' · '}event: <strong>{event.event ?? 'message'}</strong>
        {event.id !== undefined && <> · id: {event.id}</>}
      </div>
      {event.data.trim() === '' ? <div className="muted">empty data</div> : <BodyView text={event.data} label={`event ${index + 1} data`} openDepth={1} />}
    </li>
  );
}

/** The events of a streamed response, the first 200 and then on request. `flaggedIndex` marks an event the parser rejected. */
export function SseEventList({ events, startedAt, flaggedIndex }: { events: readonly SseEventRecord[]; startedAt: number; flaggedIndex?: number }) {
  const [showAll, setShowAll] = useState(false);
  if (events.length === 0) return <div className="muted">No events yet.</div>;
  const shown = showAll || (flaggedIndex ?? 0) >= EVENTS_SHOWN ? events : events.slice(0, EVENTS_SHOWN);
  return (
    <>
      <ol className="sse-events" aria-label="Server-Sent Events">
        {shown.map((event, index) => (
          <SseEventView key={index} event={event} index={index} startedAt={startedAt} flagged={index === flaggedIndex} />
        ))}
      </ol>
      {shown.length < events.length && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          show all {events.length.toLocaleString()} events
        </button>
      )}
    </>
  );
}

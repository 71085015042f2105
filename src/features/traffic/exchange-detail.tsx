import { toCurl, teachingNoteForTopic, requestBodyOf } from '../../core/traffic';
import type { HttpExchange } from '../../core/traffic';
import { CopyButton } from '../../ui/copy-button';
import { formatClock, formatDuration } from '../../ui/format-time';
import { BodyView, HeaderList, SseEventList, type SseEventStyle } from '../../ui/http-parts';
import { exchangeStatusLabel, exchangeTone, isEventStream, teachingTopicsFor } from './exchange-status';
import { LoadDetail } from './load-detail';

/** How the MCP wire shows SSE events. */
const SSE_STYLE: SseEventStyle = {
  testId: 'traffic-sse-event',
  numberClass: 'muted',
  emptyData: 'empty data: a priming event, sent so the client has an id to resume from',
};

/**
 * One HTTP exchange in full: its note, method, URL, status and timing, the teaching notes
 * on what it shows, headers as recorded, the request body, and the response (JSON tree,
 * text, or the SSE events one by one), with "Copy as curl".
 */
export function ExchangeDetail({ exchange, topicsOpen }: { exchange: HttpExchange; topicsOpen: boolean }) {
  // A load probe's one row: its figures and sampled exchanges, not one request.
  if (exchange.load) return <LoadDetail exchange={{ ...exchange, load: exchange.load }} />;
  const tone = exchangeTone(exchange);
  const topics = teachingTopicsFor(exchange);
  return (
    <div className="exchange-detail" data-testid="traffic-exchange" data-exchange-id={exchange.id}>
      {exchange.note !== undefined && (
        <div className="warn-box exchange-note" data-testid="traffic-exchange-note" role="note">
          {exchange.note}
        </div>
      )}
      <div className="exchange-summary mono">
        <strong>{exchange.method.toUpperCase()}</strong> <span className="exchange-url">{exchange.url}</span>
      </div>
      <div className="exchange-facts">
        <span className={`status-chip tone-${tone}`} data-testid="traffic-exchange-status">
          {exchangeStatusLabel(exchange)}
          {exchange.statusText ? ` ${exchange.statusText}` : ''}
        </span>
        {exchange.status !== undefined && <span className="muted">{exchange.state}</span>}
        <span className="muted">started {formatClock(exchange.startedAt)}</span>
        {exchange.headersMs !== undefined && <span className="muted">headers after {formatDuration(exchange.headersMs)}</span>}
        {exchange.durationMs !== undefined && <span className="muted">took {formatDuration(exchange.durationMs)}</span>}
        {exchange.toolCallId !== undefined && <span className="muted">tool call {exchange.toolCallId}</span>}
        <span className="spacer" />
        <CopyButton text={() => toCurl(exchange)} label="Copy as curl" testId="traffic-copy-curl" />
      </div>
      {exchange.error !== undefined && (
        <div className="error-box" role="alert">
          <strong>Network error:</strong> {exchange.error}
          {exchange.status === undefined && (
            <div className="muted">
              No HTTP status reached the page. From a browser this is most often CORS: the server (or its preflight) did not allow this
              origin, method or headers.
            </div>
          )}
        </div>
      )}
      {topics.length > 0 && (
        <details className="exchange-topics" open={topicsOpen}>
          <summary>What this exchange shows</summary>
          {topics.map((topic) => (
            <p key={topic} className="note" data-topic={topic}>
              {teachingNoteForTopic(topic)}
            </p>
          ))}
        </details>
      )}

      <h3 className="section-title">Request headers</h3>
      <HeaderList headers={exchange.requestHeaders} label="Request headers" />
      <h3 className="section-title">Request body</h3>
      {exchange.requestBodyNote !== undefined && <div className="muted">{exchange.requestBodyNote}</div>}
      <BodyView text={requestBodyOf(exchange)} label="Request body" />

      <h3 className="section-title">Response headers</h3>
      <p className="hint muted">
        Only the headers the browser exposes: those the server lists in Access-Control-Expose-Headers (plus a few safe ones). Others were
        sent but this page cannot see them.
      </p>
      {exchange.responseHeaders !== undefined ? (
        <HeaderList headers={exchange.responseHeaders} label="Response headers" />
      ) : (
        <div className="muted">no response</div>
      )}
      <h3 className="section-title">
        Response body
        {exchange.responseContentType !== undefined && <span className="muted"> · {exchange.responseContentType}</span>}
      </h3>
      {exchange.responseBodyNote !== undefined && <div className="muted">{exchange.responseBodyNote}</div>}
      {exchange.sseEvents !== undefined || isEventStream(exchange.responseContentType) ? (
        <SseEventList events={exchange.sseEvents ?? []} startedAt={exchange.startedAt} style={SSE_STYLE} />
      ) : (
        <BodyView text={exchange.responseBody} label="Response body" />
      )}
    </div>
  );
}

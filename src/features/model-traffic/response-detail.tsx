import { useMemo } from 'react';
import type { NeutralResponse } from '../../core/conversation';
import { explainModelHttpError, PROVIDERS, type ModelExchangeKind, type ProviderId } from '../../core/providers';
import type { HttpExchange } from '../../core/traffic';
import { JsonView, tryParseJson } from '../../ui/json-view';
import { assembleStream } from './assemble-stream';
import type { AssembledStream } from './assemble-stream';
import { BodyView, HeaderList, SseEventList, type SseEventStyle } from '../../ui/http-parts';
import { formatDuration } from '../../ui/format-time';
import { isStreamResponse, modeLabel, summarizeRequest, summarizeResponse, usageLabel } from './summarize-exchange';
import { WarningList } from './warning-list';

/** How the model wire shows SSE events (the data of one event opens one level: events are many and small). */
const SSE_STYLE: SseEventStyle = { testId: 'model-sse-event', numberClass: 'faint', emptyData: 'empty data', dataOpenDepth: 1 };

/** Which teaching note explains this response. */
function noteKind(exchange: HttpExchange, failed: boolean): ModelExchangeKind {
  if (failed) return 'error';
  return isStreamResponse(exchange) ? 'stream' : 'response';
}

/** Why the model request failed, in plain words (HTTP error, network/CORS), or undefined when it did not. */
function FailureExplanation({ exchange, provider }: { exchange: HttpExchange; provider: ProviderId }) {
  if (exchange.state === 'aborted') {
    return (
      <div className="warn-box" role="note" data-testid="model-response-aborted">
        Stopped before the reply was complete (the person pressed Stop, or the agent gave up on it).
      </div>
    );
  }
  const body = tryParseJson(exchange.responseBody);
  const explanation = explainModelHttpError({
    provider,
    url: exchange.url,
    model: summarizeRequest(exchange).model,
    status: exchange.status,
    body: body.ok ? body.value : exchange.responseBody,
    retryAfter: exchange.responseHeaders?.['retry-after'],
    pageOrigin: typeof window !== 'undefined' ? window.location.origin : undefined,
    now: Date.now(),
  });
  return (
    <div className="error-box" role="alert" data-testid="model-response-error" data-code={explanation.code}>
      <strong>{explanation.title}</strong>
      <div>{explanation.detail}</div>
      {exchange.error !== undefined && <div className="muted mono">{exchange.error}</div>}
    </div>
  );
}

/** A neutral reply laid out for reading: text, tool calls with their input, stop reason and usage. */
function AssembledMessage({ response, provider }: { response: NeutralResponse; provider: ProviderId }) {
  return (
    <div className="model-assembled-message">
      <div className="model-facts">
        <span>
          stop reason <strong className="mono">{response.rawStopReason ?? '(none)'}</strong>
          <span className="faint"> ({response.stopReason})</span>
        </span>
        {usageLabel({ input: response.usage.inputTokens, output: response.usage.outputTokens }) !== '' && (
          <span className="muted">tokens {usageLabel({ input: response.usage.inputTokens, output: response.usage.outputTokens })}</span>
        )}
        {response.model !== undefined && <span className="muted mono">{response.model}</span>}
      </div>
      {response.parts.length === 0 && <div className="muted">No content.</div>}
      {response.parts.map((part, index) => {
        switch (part.type) {
          case 'text':
            return (
              <pre key={index} className="model-part-text" data-part="text">
                {part.text}
              </pre>
            );
          case 'tool-call':
            return (
              <div key={index} className="model-part-tool" data-part="tool-call">
                <div className="mono">
                  {PROVIDERS[provider].summary.toolCallWord} <strong>{part.toolName}</strong>{' '}
                  <span className="faint">{part.toolCallId}</span>
                </div>
                {part.input !== undefined ? (
                  <JsonView value={part.input} openDepth={2} label={`${part.toolName} input`} />
                ) : (
                  <div className="warn-box">
                    The arguments are not valid JSON: <span className="mono">{part.rawArguments ?? ''}</span>
                  </div>
                )}
              </div>
            );
          case 'image':
            return (
              <div key={index} className="muted" data-part="image">
                image · {part.mediaType}
              </div>
            );
          case 'tool-result':
            return (
              <div key={index} className="muted" data-part="tool-result">
                tool result for {part.toolCallId}
              </div>
            );
          default: {
            const unknownPart: never = part;
            return <JsonView key={index} value={unknownPart} />;
          }
        }
      })}
      <details className="model-neutral">
        <summary>As Glassbox’s neutral reply (JSON)</summary>
        <JsonView value={response} openDepth={2} label="Neutral reply" />
      </details>
    </div>
  );
}

/** The message assembled from the recorded events, or why it could not be. */
function AssembledStreamView({ assembled, provider, streaming }: { assembled: AssembledStream; provider: ProviderId; streaming: boolean }) {
  return (
    <div
      className="model-assembled"
      data-testid="model-assembled"
      data-ok={assembled.ok ? 'true' : 'false'}
      data-code={assembled.ok ? undefined : assembled.code}
    >
      {!assembled.ok &&
        (streaming ? (
          <div className="muted">Still streaming: what has arrived so far.</div>
        ) : (
          <div className="error-box" role="alert" data-testid="model-assembly-failure">
            <strong>
              {assembled.code === 'stream-cut'
                ? 'The stream was cut'
                : assembled.code === 'provider-stream-error'
                  ? 'The provider sent an error event'
                  : assembled.code === 'malformed'
                    ? 'An event could not be read'
                    : 'The stream could not be assembled'}
              :
            </strong>{' '}
            {assembled.reason}
            {assembled.partial !== undefined && <div className="muted">Below: what had arrived before that.</div>}
          </div>
        ))}
      {assembled.ok ? (
        <AssembledMessage response={assembled.response} provider={provider} />
      ) : (
        assembled.partial !== undefined && <AssembledMessage response={assembled.partial} provider={provider} />
      )}
      <WarningList warnings={assembled.warnings} label="Parser warnings" />
    </div>
  );
}

/**
 * The response half of a model exchange: status, timing, usage, headers, why it failed, and
 * the body; for a stream, the message assembled by the provider's own stream parser and then
 * every event with its time offset.
 */
export function ResponseDetail({ exchange, provider }: { exchange: HttpExchange; provider: ProviderId | undefined }) {
  const summary = summarizeResponse(exchange, provider);
  const stream = isStreamResponse(exchange);
  const events = exchange.sseEvents;
  const eventCount = events?.length ?? 0;
  // The events array grows in place: key the parse on its length.
  const assembled = useMemo(
    () => (provider !== undefined && events !== undefined ? assembleStream(provider, events.slice(0, eventCount)) : undefined),
    [provider, events, eventCount],
  );
  const streaming = exchange.state === 'streaming' || exchange.state === 'pending';
  return (
    <div className="model-response-detail" data-testid="model-response-detail">
      <div className="model-facts">
        <span
          className={`status-chip tone-${summary.failed ? 'failed' : summary.pending ? 'pending' : 'ok'}`}
          data-testid="model-response-status"
        >
          {summary.statusLabel}
          {exchange.statusText ? ` ${exchange.statusText}` : ''}
        </span>
        {exchange.state !== summary.statusLabel && <span className="muted">{exchange.state}</span>}
        {exchange.headersMs !== undefined && <span className="muted">headers after {formatDuration(exchange.headersMs)}</span>}
        {exchange.durationMs !== undefined && <span className="muted">took {formatDuration(exchange.durationMs)}</span>}
        {summary.stopReason !== undefined && (
          <span>
            stop <strong className="mono">{summary.stopReason}</strong>
          </span>
        )}
        {usageLabel(summary.usage) !== '' && <span className="muted">tokens {usageLabel(summary.usage)}</span>}
        {modeLabel(summary) !== '' && <span className="muted">{modeLabel(summary)}</span>}
      </div>
      {provider !== undefined && <p className="note">{PROVIDERS[provider].notes[noteKind(exchange, summary.failed)]}</p>}
      {(summary.failed || exchange.state === 'aborted') && provider !== undefined && (
        <FailureExplanation exchange={exchange} provider={provider} />
      )}

      <h3 className="section-title">Response headers</h3>
      <p className="hint faint">Only the headers the browser exposes (Access-Control-Expose-Headers plus a few safe ones).</p>
      {exchange.responseHeaders !== undefined ? (
        <HeaderList headers={exchange.responseHeaders} label="Response headers" />
      ) : (
        <div className="muted">no response</div>
      )}

      {exchange.responseBodyNote !== undefined && <div className="muted">{exchange.responseBodyNote}</div>}
      {stream ? (
        <>
          <h3 className="section-title">Assembled message</h3>
          {assembled !== undefined && provider !== undefined ? (
            <AssembledStreamView assembled={assembled} provider={provider} streaming={streaming} />
          ) : (
            <div className="muted">Unknown wire format: the events cannot be assembled.</div>
          )}
          <h3 className="section-title">
            Server-Sent Events <span className="faint">· {eventCount}</span>
          </h3>
          <SseEventList
            events={events ?? []}
            startedAt={exchange.startedAt}
            flaggedIndex={assembled !== undefined && !assembled.ok ? assembled.eventIndex : undefined}
            style={SSE_STYLE}
          />
        </>
      ) : (
        <>
          <h3 className="section-title">
            Response body
            {exchange.responseContentType !== undefined && <span className="faint"> · {exchange.responseContentType}</span>}
          </h3>
          <BodyView text={exchange.responseBody} label="Response body" />
        </>
      )}
    </div>
  );
}

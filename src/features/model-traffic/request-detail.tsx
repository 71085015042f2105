import { useMemo, useState } from 'react';
import { diffBodies, PROVIDERS } from '../../core/providers';
import type { RequestDiff, ProviderId } from '../../core/providers';
import { REDACTED } from '../../core/secrets';
import { comparableBodies, requestBodyOf } from '../../core/traffic';
import type { HttpExchange } from '../../core/traffic';
import { JsonView } from '../../ui/json-view';
import { BodyView, HeaderList } from '../../ui/http-parts';
import { formatClock } from '../../ui/format-time';
import { otherProviders, rebuildRequest } from './rebuild-request';
import type { ModelRequestSource } from './rebuild-request';
import { WarningList } from './warning-list';
import { RequestDiffView } from './request-diff-view';
import { isPlainObject } from '../../core/shared';
import { ForkEditor } from './fork-editor';
import type { SendFork } from './fork-editor';

/** Levels opened when comparing formats: deep enough to show `input_schema` beside `function.parameters`. */
const COMPARE_DEPTH = 5;

/** A small padlock drawn in the text colour (no emoji font needed). */
function LockIcon() {
  return (
    <svg className="lock-icon" width="10" height="12" viewBox="0 0 10 12" aria-hidden="true" focusable="false">
      <path d="M2.5 5V3.5a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <rect x="1" y="5" width="8" height="6.5" rx="1" fill="currentColor" />
    </svg>
  );
}

/** True when any recorded header value was redacted. */
function hasRedactedHeader(exchange: HttpExchange): boolean {
  return Object.values(exchange.requestHeaders).some((value) => value.includes(REDACTED));
}

/** The same request rebuilt in another provider's format (or why it cannot be). */
function OtherFormat({
  exchange,
  target,
  session,
}: {
  exchange: HttpExchange;
  target: ProviderId;
  session: ModelRequestSource | undefined;
}) {
  const { turn, step } = exchange;
  // Keyed on turn and step: the exchange object is replaced on every streamed event.
  const rebuilt = useMemo(() => rebuildRequest({ turn, step }, target, session), [turn, step, target, session]);
  if (!rebuilt.ok) {
    return (
      <div className="model-format-pane" data-testid="model-format-other" data-provider={target}>
        <h3 className="section-title">As {rebuilt.label}</h3>
        <div className="warn-box" role="note" data-testid="model-format-unavailable">
          {rebuilt.reason}
        </div>
      </div>
    );
  }
  return (
    <div className="model-format-pane" data-testid="model-format-other" data-provider={target}>
      <h3 className="section-title">Rebuilt as {rebuilt.label}</h3>
      <p className="hint faint">
        The same conversation, built by Glassbox’s {target} adapter from the history it kept. The URL uses that provider’s default address;
        the key is a placeholder, redacted here.
      </p>
      <div className="model-summary mono">
        <strong>POST</strong> <span className="model-url">{rebuilt.url}</span>
      </div>
      <HeaderList headers={rebuilt.headers} label={`${rebuilt.label} request headers`} />
      <WarningList warnings={rebuilt.warnings} label="Conversion warnings" />
      <JsonView value={rebuilt.body} openDepth={COMPARE_DEPTH} label={`${rebuilt.label} request body`} />
    </div>
  );
}

/** The diff of a request against the previous one of its turn, when both bodies are JSON objects of one wire. */
function useRequestDiff(
  exchange: HttpExchange,
  previous: HttpExchange | undefined,
  provider: ProviderId | undefined,
): RequestDiff | undefined {
  // Bodies kept in shared parts are compared without their common entries (never parsed whole).
  // Equal texts are equal strings, so the parse below runs again only when a body changed.
  const { current, previous: before } = useMemo(
    () => (previous === undefined ? {} : comparableBodies(previous, exchange)),
    [exchange, previous],
  );
  return useMemo(() => {
    if (provider === undefined || current === undefined || before === undefined) return undefined;
    try {
      const [a, b] = [JSON.parse(before) as unknown, JSON.parse(current) as unknown];
      return isPlainObject(a) && isPlainObject(b) ? diffBodies(PROVIDERS[provider].summary, a, b) : undefined;
    } catch {
      return undefined;
    }
  }, [current, before, provider]);
}

/**
 * The request half of a model exchange: URL, headers as recorded (the key was redacted when
 * it was recorded), the exact JSON body, the teaching note, and a toggle that shows the same
 * request rebuilt in any other provider's format beside it (the first other one until another is picked).
 */
export function RequestDetail({
  exchange,
  previous,
  provider,
  session,
  onFork,
}: {
  exchange: HttpExchange;
  /** Sends an edited copy of this request as a fork; without it there is no Fork button (an imported session). */
  onFork?: SendFork | undefined;
  /** The request of the previous step of the same turn: the body shows what is new since it. */
  previous?: HttpExchange;
  provider: ProviderId | undefined;
  session: ModelRequestSource | undefined;
}) {
  const [compare, setCompare] = useState(false);
  const [whole, setWhole] = useState(false);
  const diff = useRequestDiff(exchange, previous, provider);
  const others = provider !== undefined ? otherProviders(provider) : [];
  const [picked, setPicked] = useState<ProviderId>();
  const other = picked !== undefined && others.includes(picked) ? picked : others[0];
  const redacted = hasRedactedHeader(exchange);
  return (
    <div className="model-request-detail" data-testid="model-request-detail">
      <div className="model-summary mono">
        <strong>{exchange.method.toUpperCase()}</strong> <span className="model-url">{exchange.url}</span>
      </div>
      <div className="model-facts">
        {provider !== undefined && <span className="badge info">{PROVIDERS[provider].label}</span>}
        {exchange.turn !== undefined && (
          <span className="muted">
            turn {exchange.turn}
            {exchange.step !== undefined ? `, step ${exchange.step}` : ''}
          </span>
        )}
        {exchange.forkOf !== undefined && (
          <span className="badge info" data-testid="request-fork-of">
            fork of #{exchange.forkOf}
          </span>
        )}
        {exchange.replayOf !== undefined && (
          <span className="badge info" data-testid="request-replay-of">
            replay of the turn of #{exchange.replayOf}
          </span>
        )}
        <span className="muted">sent {formatClock(exchange.startedAt)}</span>
      </div>
      {onFork !== undefined && exchange.wire === 'model' && <ForkEditor key={exchange.id} exchange={exchange} onFork={onFork} />}
      {provider !== undefined && <p className="note">{PROVIDERS[provider].notes.request}</p>}

      <h3 className="section-title">Request headers</h3>
      <p className="hint faint" data-testid="model-key-redacted">
        {redacted ? (
          <>
            <LockIcon />
            API key redacted at record time: it never reaches this panel, an export or “Copy as curl”.
          </>
        ) : (
          'No API key was sent with this request.'
        )}
      </p>
      <HeaderList headers={exchange.requestHeaders} label="Request headers" />

      <div className="section-row">
        <h3 className="section-title">Request body</h3>
        <span className="spacer" />
        {diff !== undefined && !compare && (
          <button type="button" className="small-button" aria-pressed={whole} data-testid="request-whole" onClick={() => setWhole(!whole)}>
            {whole ? 'Show only what is new' : 'Show whole request'}
          </button>
        )}
        {other !== undefined && (
          <button
            type="button"
            className="small-button"
            aria-pressed={compare}
            data-testid="model-format-toggle"
            onClick={() => setCompare(!compare)}
            title="Rebuild this request in another provider's wire format and show both side by side"
          >
            {compare ? `Hide ${PROVIDERS[other].label} format` : `Show in ${PROVIDERS[other].label} format`}
          </button>
        )}
        {compare && others.length > 1 && (
          <select
            className="small-select"
            aria-label="Format to compare with"
            data-testid="model-format-target"
            value={other}
            onChange={(event) => setPicked(others.find((id) => id === event.target.value))}
          >
            {others.map((id) => (
              <option key={id} value={id}>
                {PROVIDERS[id].label}
              </option>
            ))}
          </select>
        )}
      </div>
      {exchange.requestBodyNote !== undefined && <div className="muted">{exchange.requestBodyNote}</div>}
      {compare && other !== undefined ? (
        <div className="model-compare">
          <div className="model-format-pane" data-testid="model-format-original" data-provider={provider}>
            <h3 className="section-title">As sent{provider !== undefined ? ` (${PROVIDERS[provider].label})` : ''}</h3>
            <BodyView text={requestBodyOf(exchange)} label="Request body as sent" openDepth={COMPARE_DEPTH} />
          </div>
          <OtherFormat exchange={exchange} target={other} session={session} />
        </div>
      ) : diff !== undefined && !whole && previous?.step !== undefined ? (
        <RequestDiffView diff={diff} previousStep={previous.step} />
      ) : (
        <BodyView text={requestBodyOf(exchange)} label="Request body" />
      )}
    </div>
  );
}

import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { toCurl } from '../../core/traffic';
import type { TrafficLog, HttpExchange } from '../../core/traffic';
import { CopyButton } from '../../ui/copy-button';
import { formatCount } from '../../core/shared';
import { PanelFrame } from '../../ui/panel-frame';
import { useHarExport } from '../../ui/use-har-export';
import { useStore } from '../../ui/use-store';
import type { RequestFocus } from './model-list';
import { modelExchangesOf, ModelRowsBuilder, rowKey } from './model-rows';
import type { ModelRow, ModelRowKind, TurnStep } from './model-rows';
import type { ModelRequestSource } from './rebuild-request';
import type { SendFork } from './fork-editor';
import { isExchangeFailed } from '../../ui/exchange-outcome';
import { detectProvider } from './summarize-exchange';
import { lazyNamed, preloadWhenIdle } from '../../ui/lazy-named';
import './model-traffic.css';

// The detail pane loads the first time a row is opened: the first screen's wire is an empty list.
const RequestDetail = lazyNamed(() => import('./request-detail'), 'RequestDetail');
const ResponseDetail = lazyNamed(() => import('./response-detail'), 'ResponseDetail');
/** Both panes, fetched once the page is idle: a first click then opens at once (no Suspense pause). */
const DETAIL_PANES = [RequestDetail, ResponseDetail];
// The list (its virtualiser and row views) loads beside the app's start, not in its first chunk:
// the first screen's wire is empty, and the page fetches it at once (preloadModelList).
const ModelList = lazyNamed(() => import('./model-list'), 'ModelList');

/** Fetches the wire's list ahead of its first rows (a failed fetch is left for its first render to retry). */
export function preloadModelList(): Promise<void> {
  return ModelList.preload();
}

/** The model requests linked to the tool call selected in the chat. */
interface ModelTrafficLinks {
  /** The model request whose response asked for the tool call. */
  responseKey?: TurnStep;
  /** The next model request, which carried the tool call's result. */
  requestKey?: TurnStep;
}

/** Props for ModelTrafficPanel. */
export interface ModelTrafficPanelProps {
  log: TrafficLog;
  /** The agent session (`AgentSession`): only `requestFor(turn, step)` is used, to rebuild a request in the other format. */
  session?: ModelRequestSource;
  /** The tool call selected in the chat; the panel scrolls again when it changes. */
  selectedToolCallId?: string;
  /** The rows to highlight and scroll into view for the selected tool call. */
  linked?: ModelTrafficLinks;
  /** Written into the HAR export's `creator.version`. Default is "dev". */
  appVersion?: string;
  /** Sends an edited copy of a model request as a fork of it (live sessions only). */
  onFork?: SendFork | undefined;
  /** A request to select, scroll to and open (a replay's link in the chat). */
  focusRequest?: RequestFocus | undefined;
}

/** The model request of the step before `exchange`'s in the same turn and wire, if recorded. */
function previousOf(exchanges: readonly HttpExchange[], exchange: HttpExchange): HttpExchange | undefined {
  const { turn, step, source } = exchange;
  if (turn === undefined || step === undefined || step < 2) return undefined;
  return exchanges.find((other) => other.wire === 'model' && other.source === source && other.turn === turn && other.step === step - 1);
}

/** The selected half of an exchange. */
interface Selection {
  id: number;
  kind: ModelRowKind;
}

/**
 * The model wire panel: every request Glassbox sent to the model and its response, as exact
 * JSON, two rows per exchange; a detail pane with headers (key redacted), the body, the same
 * request rebuilt in the other provider's format, the streamed events and the message they
 * assemble into, "Copy as curl", the teaching note, and a HAR export of the model wire.
 */
export function ModelTrafficPanel({
  log,
  session,
  selectedToolCallId,
  linked,
  appVersion = 'dev',
  onFork,
  focusRequest,
}: ModelTrafficPanelProps) {
  useEffect(() => preloadWhenIdle(DETAIL_PANES), []);
  const snapshot = useStore(log);
  const [builder] = useState(() => new ModelRowsBuilder());
  const rows = useMemo(() => builder.build(snapshot), [builder, snapshot]);
  const [selection, setSelection] = useState<Selection>();

  const exchangeAt = useCallback(
    (row: ModelRow): HttpExchange | undefined => {
      const exchange = snapshot.exchanges[row.index];
      return exchange?.id === row.id ? exchange : log.getExchange(row.id);
    },
    [snapshot, log],
  );

  const selected = selection !== undefined ? log.getExchange(selection.id) : undefined;
  const selectedKey = selection !== undefined && selected !== undefined ? rowKey(selection.kind, selection.id) : undefined;
  const pairedKey =
    selection !== undefined && selected !== undefined
      ? rowKey(selection.kind === 'request' ? 'response' : 'request', selection.id)
      : undefined;
  const provider = selected !== undefined ? detectProvider(selected) : undefined;

  const onSelect = useCallback((row: ModelRow) => setSelection({ id: row.id, kind: row.kind }), []);
  // A request asked for from outside (a replay's link) becomes the selection: its detail opens.
  useEffect(() => {
    if (focusRequest !== undefined) setSelection({ id: focusRequest.id, kind: 'request' });
  }, [focusRequest]);
  const onDeselect = useCallback(() => setSelection(undefined), []);

  const exchangesToExport = useCallback(() => modelExchangesOf(log.getSnapshot()), [log]);
  const { exportHar, exportError } = useHarExport('model', exchangesToExport, appVersion);

  const exchangeCount = rows.length / 2;
  const failedCount = useMemo(() => {
    let count = 0;
    for (const row of rows) {
      if (row.kind !== 'response') continue;
      const exchange = snapshot.exchanges[row.index];
      if (exchange !== undefined && isExchangeFailed(exchange)) count++;
    }
    return count;
  }, [rows, snapshot]);

  return (
    <PanelFrame
      className="model-traffic"
      prefix="model"
      testId="model-traffic"
      toolbarLabel="Model traffic"
      exportError={exportError}
      toolbar={
        <>
          <span className="model-count faint" aria-live="polite" data-testid="model-count">
            {exchangeCount === 1 ? '1 request' : `${formatCount(exchangeCount)} requests`}
            {failedCount > 0 && <span className="tone-failed"> · {failedCount} failed</span>}
          </span>
          <span className="spacer" />
          <button
            type="button"
            className="small-button"
            onClick={exportHar}
            disabled={exchangeCount === 0}
            data-testid="model-export-har"
            title="Download the model wire's HTTP exchanges as a HAR file (opens in DevTools); keys are already redacted"
          >
            <Download aria-hidden size={12} />
            Export HAR
          </button>
        </>
      }
      detail={
        selection !== undefined && selected !== undefined
          ? {
              testId: 'model-detail',
              label: 'Selected model exchange',
              data: { 'data-exchange-id': selected.id },
              title: (
                <div className="tabs" role="tablist" aria-label="Request or response">
                  {(['request', 'response'] as const).map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      role="tab"
                      className="tab"
                      aria-selected={selection.kind === kind}
                      data-testid={`model-detail-tab-${kind}`}
                      onClick={() => setSelection({ id: selected.id, kind })}
                    >
                      {kind}
                    </button>
                  ))}
                </div>
              ),
              actions: <CopyButton text={() => toCurl(selected)} label="Copy as curl" testId="model-copy-curl" />,
              onClose: onDeselect,
              children: (
                <Suspense fallback={null}>
                  {selection.kind === 'request' ? (
                    <RequestDetail
                      key={selected.id}
                      exchange={selected}
                      previous={previousOf(snapshot.exchanges, selected)}
                      provider={provider}
                      session={session}
                      onFork={onFork}
                    />
                  ) : (
                    <ResponseDetail key={selected.id} exchange={selected} provider={provider} />
                  )}
                </Suspense>
              ),
            }
          : undefined
      }
    >
      {rows.length === 0 ? (
        <div className="empty model-empty" data-testid="model-traffic-empty">
          <p>
            Every request Glassbox sends to the model appears here, with its response, as the exact JSON that went over the wire: the model,
            the whole conversation, the tool definitions, and the reply — streamed events one by one, or the JSON body.
          </p>
          <p>
            The API key is redacted when the request is recorded, so it never shows here, in “Copy as curl” or in a HAR export. Send a
            message in the chat to see the first request.
          </p>
        </div>
      ) : (
        <Suspense fallback={<div className="model-list" aria-busy="true" />}>
          <ModelList
            rows={rows}
            exchangeAt={exchangeAt}
            selectedKey={selectedKey}
            pairedKey={pairedKey}
            linkedResponse={linked?.responseKey}
            linkedRequest={linked?.requestKey}
            linkVersion={selectedToolCallId}
            focusRequest={focusRequest}
            onSelect={onSelect}
            onDeselect={onDeselect}
          />
        </Suspense>
      )}
    </PanelFrame>
  );
}

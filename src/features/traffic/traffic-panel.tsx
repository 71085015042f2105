import { Suspense, useCallback, useEffect, useDeferredValue, useMemo, useState } from 'react';
import { Ban, Download } from 'lucide-react';
import type { ProtocolEra, TrafficLog, TrafficSnapshot, HttpExchange, RpcMessageRecord } from '../../core/traffic';
import { inPageDemoLabel } from '../../core/config';
import { formatCount } from '../../core/shared';
import { PanelFrame } from '../../ui/panel-frame';
import { useHarExport } from '../../ui/use-har-export';
import { useStore } from '../../ui/use-store';
import { mcpExchangesOf, TrafficRowsBuilder } from './build-rows';
import { exchangeKey, messageKey } from './traffic-rows';
import type { ClearMark, TrafficRow } from './traffic-rows';
import { isExchangeFailed } from './exchange-status';
import { lazyNamed, preloadWhenIdle } from '../../ui/lazy-named';
import './traffic.css';

// The detail pane loads the first time a row is opened: the first screen's wire is an empty list.
const ExchangeDetail = lazyNamed(() => import('./exchange-detail'), 'ExchangeDetail');
const MessageDetail = lazyNamed(() => import('./message-detail'), 'MessageDetail');
/** Both panes, fetched once the page is idle: a first click then opens at once (no Suspense pause). */
const DETAIL_PANES = [ExchangeDetail, MessageDetail];
// The list (its virtualiser and row views) loads beside the app's start, not in its first chunk:
// the first screen's wire is empty, and the page fetches it at once (preloadTrafficList).
const TrafficList = lazyNamed(() => import('./traffic-list'), 'TrafficList');

/** Fetches the wire's list ahead of its first rows (a failed fetch is left for its first render to retry). */
export function preloadTrafficList(): Promise<void> {
  return TrafficList.preload();
}

/** Props for TrafficPanel. */
export interface TrafficPanelProps {
  log: TrafficLog;
  /** The protocol era of a server's connection, for the teaching notes. */
  eraOf?: (server: string) => ProtocolEra | undefined;
  /** The agent tool call selected elsewhere (the chat): its rows are highlighted. */
  selectedToolCallId?: string;
  /** Called with the tool call id of a clicked row that has one. */
  onSelectToolCall?(id: string | undefined): void;
  /** Written into the HAR export's `creator.version`. Default is "dev". */
  appVersion?: string;
  /** Exchanges asked for elsewhere (a check's finding): the first is selected and scrolled to, each is marked. */
  focusExchanges?: ExchangeFocus | undefined;
}

/** Exchanges to select on the MCP wire; `seq` grows with each request, so asking again selects again. */
export interface ExchangeFocus {
  ids: readonly number[];
  seq: number;
}

/** The selected row: a message by `seq` or an exchange by `id`. */
type Selection = { type: 'message'; seq: number } | { type: 'exchange'; id: number };

/** The row key of a selection. */
function selectionKey(selection: Selection | undefined): string | undefined {
  if (selection === undefined) return undefined;
  return selection.type === 'message' ? messageKey(selection.seq) : exchangeKey(selection.id);
}

/** True when a message's carrying exchange can change the row (requests we sent, answers we got). */
function rowShowsExchangeStatus(message: RpcMessageRecord): boolean {
  return message.direction === 'out' || message.kind === 'response' || message.kind === 'error';
}

/** A filter by one field: "All …" or one of the values seen (a chosen value stays listed after it is gone). */
function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
  testId: string;
}) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
      <option value="">{allLabel}</option>
      {options.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      {value !== '' && !options.includes(value) && <option value={value}>{value}</option>}
    </select>
  );
}

/**
 * The MCP wire panel: every JSON-RPC message to and from each MCP server, with the HTTP
 * exchanges that carried them, filters, a virtualised list that stays smooth at 100,000
 * rows, and a detail pane with the message, its teaching note and its HTTP exchange.
 */
export function TrafficPanel({ log, eraOf, selectedToolCallId, onSelectToolCall, appVersion = 'dev', focusExchanges }: TrafficPanelProps) {
  useEffect(() => preloadWhenIdle(DETAIL_PANES), []);
  const snapshot = useStore(log);
  const [server, setServer] = useState('');
  const [method, setMethod] = useState('');
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  // "Clear" hides what was recorded so far; the mark lapses when the log itself is cleared or reloaded (new arrays).
  const [clear, setClear] = useState<{ mark: ClearMark; messages: TrafficSnapshot['messages'] }>();
  const clearMark = clear !== undefined && clear.messages === snapshot.messages ? clear.mark : undefined;
  const [selection, setSelection] = useState<Selection>();
  // The row asked for last from elsewhere (a check's finding), scrolled to once per request.
  const [focusKey, setFocusKey] = useState<string>();

  const [builder] = useState(() => new TrafficRowsBuilder());
  const view = useMemo(
    () => builder.build(snapshot, clearMark, { server, method, text: deferredText }),
    [builder, snapshot, clearMark, server, method, deferredText],
  );

  // A message knows its exchange: the wire tap recorded the exchange id with it.
  const exchangeFor = useCallback(
    (message: RpcMessageRecord): HttpExchange | undefined =>
      message.exchangeId === undefined ? undefined : log.getExchange(message.exchangeId),
    [log],
  );
  const failedExchangeFor = useCallback(
    (message: RpcMessageRecord): HttpExchange | undefined => {
      // A message from the server on a stream arrived, so its stream did not fail; skip the search.
      if (!rowShowsExchangeStatus(message)) return undefined;
      const exchange = exchangeFor(message);
      return exchange !== undefined && isExchangeFailed(exchange) ? exchange : undefined;
    },
    [exchangeFor],
  );

  const checkRunFor = useCallback((message: RpcMessageRecord) => exchangeFor(message)?.checkRun, [exchangeFor]);
  const labelFor = useCallback((message: RpcMessageRecord) => inPageDemoLabel(exchangeFor(message)?.url), [exchangeFor]);

  const selectedMessage = selection?.type === 'message' ? log.getMessage(selection.seq) : undefined;
  const selectedExchange = selection?.type === 'exchange' ? log.getExchange(selection.id) : undefined;
  const pairedMessage = selectedMessage?.pairedSeq !== undefined ? log.getMessage(selectedMessage.pairedSeq) : undefined;
  const selectedKey = selectionKey(selection);
  const pairedKey = pairedMessage !== undefined ? messageKey(pairedMessage.seq) : undefined;

  const onSelect = useCallback(
    (row: TrafficRow) => {
      setFocusKey(undefined);
      setSelection(row.type === 'message' ? { type: 'message', seq: row.seq } : { type: 'exchange', id: row.id });
      if (row.toolCallId !== undefined) onSelectToolCall?.(row.toolCallId);
    },
    [onSelectToolCall],
  );
  const onDeselect = useCallback(() => {
    setSelection(undefined);
    setFocusKey(undefined);
  }, []);

  // Exchanges asked for elsewhere: the first one's request is selected (its own row when it carried
  // no message), and the filters that would hide it are cleared.
  useEffect(() => {
    const first = focusExchanges?.ids[0];
    if (focusExchanges === undefined || first === undefined) return;
    const current = log.getSnapshot();
    const message = current.messages.slice(0, current.messageCount).find((each) => each.exchangeId === first && each.direction === 'out');
    const next: Selection = message !== undefined ? { type: 'message', seq: message.seq } : { type: 'exchange', id: first };
    setServer('');
    setMethod('');
    setText('');
    setClear(undefined);
    setSelection(next);
    setFocusKey(`${selectionKey(next)}:${focusExchanges.seq}`);
  }, [focusExchanges, log]);
  const focusedIds = useMemo(() => new Set(focusKey === undefined ? [] : (focusExchanges?.ids ?? [])), [focusExchanges, focusKey]);

  const clearView = () => {
    const current = log.getSnapshot();
    setClear({
      mark: {
        lastSeq: current.messages[current.messageCount - 1]?.seq ?? 0,
        lastExchangeId: current.exchanges[current.exchangeCount - 1]?.id ?? 0,
      },
      messages: current.messages,
    });
    setSelection(undefined);
  };

  const exchangesToExport = useCallback(() => mcpExchangesOf(log.getSnapshot(), clearMark), [log, clearMark]);
  // Each HAR entry carries the JSON-RPC messages its exchange carried, linked when they were recorded.
  const messagesToExport = useCallback(
    (exchanges: readonly HttpExchange[]) => {
      const shown = new Set(exchanges.map((exchange) => exchange.id));
      const current = log.getSnapshot();
      return current.messages
        .slice(0, current.messageCount)
        .filter((message) => message.exchangeId !== undefined && shown.has(message.exchangeId));
    },
    [log],
  );
  const { exportHar, exportError } = useHarExport('mcp', exchangesToExport, appVersion, messagesToExport);

  const filtered = server !== '' || method !== '' || text.trim() !== '';

  return (
    <PanelFrame
      className="traffic-panel"
      prefix="traffic"
      testId="mcp-traffic"
      toolbarLabel="MCP traffic filters"
      exportError={exportError}
      toolbar={
        <>
          <FilterSelect
            label="Filter by server"
            allLabel="All servers"
            value={server}
            options={view.servers}
            onChange={setServer}
            testId="traffic-filter-server"
          />
          <FilterSelect
            label="Filter by method"
            allLabel="All methods"
            value={method}
            options={view.methods}
            onChange={setMethod}
            testId="traffic-filter-method"
          />
          <input
            type="search"
            className="traffic-filter-text"
            placeholder="Text, #id, URL"
            aria-label="Filter by text"
            title="Filter by text, a JSON-RPC #id or a URL"
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="traffic-filter-text"
          />
          <span className="traffic-count muted" aria-live="polite" data-testid="traffic-count">
            {filtered ? `${formatCount(view.visible.length)} of ${formatCount(view.total)}` : `${formatCount(view.total)} rows`}
          </span>
          <span className="spacer" />
          <button
            type="button"
            className="small-button"
            onClick={clearView}
            disabled={view.total === 0}
            data-testid="traffic-clear"
            title="Hide everything recorded so far"
          >
            <Ban aria-hidden size={12} />
            <span className="wire-tool-label">Clear</span>
          </button>
          <button
            type="button"
            className="small-button"
            onClick={exportHar}
            disabled={view.total === 0}
            data-testid="traffic-export-har"
            title="Download the MCP wire's HTTP exchanges as a HAR file (opens in DevTools)"
          >
            <Download aria-hidden size={12} />
            <span className="wire-tool-label">Export HAR</span>
          </button>
        </>
      }
      detail={
        selectedMessage !== undefined || selectedExchange !== undefined
          ? {
              testId: 'traffic-detail',
              label: 'Selected row',
              title: <span className="section-title">{selectedMessage !== undefined ? 'Message' : 'HTTP exchange'}</span>,
              onClose: onDeselect,
              children: (
                <Suspense fallback={null}>
                  {selectedMessage !== undefined ? (
                    <MessageDetail
                      key={selectedMessage.seq}
                      message={selectedMessage}
                      exchange={exchangeFor(selectedMessage)}
                      era={eraOf?.(selectedMessage.server)}
                      paired={pairedMessage}
                      onSelectPaired={(seq) => setSelection({ type: 'message', seq })}
                    />
                  ) : selectedExchange !== undefined ? (
                    <ExchangeDetail key={selectedExchange.id} exchange={selectedExchange} topicsOpen />
                  ) : null}
                </Suspense>
              ),
            }
          : undefined
      }
    >
      {view.total === 0 ? (
        <div className="empty traffic-empty" data-testid="traffic-empty">
          <p>
            Every HTTP exchange with each MCP server appears here, message by message: the handshake (<code>initialize</code> or{' '}
            <code>server/discover</code>), <code>tools/list</code>, each <code>tools/call</code>, notifications, and the HTTP requests that
            carry no message (the GET stream, the DELETE that ends a session, failed requests).
          </p>
          <p>
            Select a row to see the exact JSON-RPC message, a note on what it is for, and the HTTP request and response that carried it.
          </p>
        </div>
      ) : view.visible.length === 0 ? (
        <div className="empty" data-testid="traffic-no-match">
          No rows match the filters.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setServer('');
              setMethod('');
              setText('');
            }}
          >
            Show all
          </button>
        </div>
      ) : (
        <Suspense fallback={<div className="traffic-list" aria-busy="true" />}>
          <TrafficList
            rows={view.visible}
            records={snapshot}
            selectedKey={selectedKey}
            pairedKey={pairedKey}
            linkedToolCallId={selectedToolCallId}
            onSelect={onSelect}
            onDeselect={onDeselect}
            failedExchangeFor={failedExchangeFor}
            labelFor={labelFor}
            focus={focusKey === undefined ? undefined : { linkId: focusKey, rowKey: selectedKey }}
            focusedExchanges={focusedIds}
            checkRunFor={checkRunFor}
          />
        </Suspense>
      )}
    </PanelFrame>
  );
}

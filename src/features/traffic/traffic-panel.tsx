import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { ProtocolEra } from '../../core/traffic';
import type { TrafficLog, TrafficSnapshot } from '../../core/traffic/traffic-log';
import type { HttpExchange, RpcMessageRecord } from '../../core/traffic/types';
import { downloadText } from '../../ui/download';
import { Splitter } from '../../ui/splitter';
import { useStore } from '../../ui/use-store';
import { exchangeKey, mcpExchangesOf, messageKey, TrafficRowsBuilder } from './build-rows';
import type { ClearMark, TrafficRow } from './build-rows';
import { ExchangeDetail } from './exchange-detail';
import { isExchangeFailed } from './exchange-status';
import { fileTimestamp } from '../../ui/format-time';
import { MessageDetail } from './message-detail';
import { TrafficList } from './traffic-list';
import './traffic.css';

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
}

/** The smallest heights of the list and the detail pane while resizing, in pixels. */
const MIN_PANE = 60;

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

/**
 * The MCP wire panel: every JSON-RPC message to and from each MCP server, with the HTTP
 * exchanges that carried them, filters, a virtualised list that stays smooth at 100,000
 * rows, and a detail pane with the message, its teaching note and its HTTP exchange.
 */
export function TrafficPanel({ log, eraOf, selectedToolCallId, onSelectToolCall, appVersion = 'dev' }: TrafficPanelProps) {
  const snapshot = useStore(log);
  const [server, setServer] = useState('');
  const [method, setMethod] = useState('');
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  // "Clear" hides what was recorded so far; the mark lapses when the log itself is cleared or reloaded (new arrays).
  const [clear, setClear] = useState<{ mark: ClearMark; messages: TrafficSnapshot['messages'] }>();
  const clearMark = clear !== undefined && clear.messages === snapshot.messages ? clear.mark : undefined;
  const [selection, setSelection] = useState<Selection>();
  const [detailHeight, setDetailHeight] = useState<number>();
  const [exportError, setExportError] = useState<string>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  const [builder] = useState(() => new TrafficRowsBuilder());
  const view = useMemo(
    () => builder.build(snapshot, clearMark, { server, method, text: deferredText }),
    [builder, snapshot, clearMark, server, method, deferredText],
  );

  // A message knows its exchange: the wire tap recorded the exchange id with it.
  const exchangeFor = useCallback(
    (message: RpcMessageRecord): HttpExchange | undefined => (message.exchangeId === undefined ? undefined : log.getExchange(message.exchangeId)),
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

  const selectedMessage = selection?.type === 'message' ? log.getMessage(selection.seq) : undefined;
  const selectedExchange = selection?.type === 'exchange' ? log.getExchange(selection.id) : undefined;
  const pairedMessage = selectedMessage?.pairedSeq !== undefined ? log.getMessage(selectedMessage.pairedSeq) : undefined;
  const selectedKey = selectionKey(selection);
  const pairedKey = pairedMessage !== undefined ? messageKey(pairedMessage.seq) : undefined;

  const onSelect = useCallback(
    (row: TrafficRow) => {
      setSelection(row.type === 'message' ? { type: 'message', seq: row.seq } : { type: 'exchange', id: row.id });
      if (row.toolCallId !== undefined) onSelectToolCall?.(row.toolCallId);
    },
    [onSelectToolCall],
  );
  const onDeselect = useCallback(() => setSelection(undefined), []);

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

  const exportHar = async () => {
    setExportError(undefined);
    try {
      const snapshot = log.getSnapshot();
      const exchanges = mcpExchangesOf(snapshot, clearMark);
      const shown = new Set(exchanges.map((exchange) => exchange.id));
      const messages = snapshot.messages.slice(0, snapshot.messageCount).filter((message) => message.exchangeId !== undefined && shown.has(message.exchangeId));
      // Loaded on demand: the HAR code is a separate chunk.
      const { toHar } = await import('../../core/traffic/har');
      // Each entry carries the JSON-RPC messages its exchange carried, linked when they were recorded.
      const har = toHar(exchanges, { creatorVersion: appVersion, messages });
      downloadText(`glassbox-mcp-${fileTimestamp(Date.now())}.har`, JSON.stringify(har, null, 2), 'application/json');
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };

  const resizeDetail = (delta: number) => {
    const total = bodyRef.current?.clientHeight ?? 0;
    const current = detailHeight ?? detailRef.current?.clientHeight ?? total / 2;
    setDetailHeight(Math.max(MIN_PANE, Math.min(total - MIN_PANE, current - delta)));
  };

  const filtered = server !== '' || method !== '' || text.trim() !== '';
  const hasDetail = selectedMessage !== undefined || selectedExchange !== undefined;

  return (
    <div className="traffic-panel" data-testid="mcp-traffic">
      <div className="traffic-toolbar" role="toolbar" aria-label="MCP traffic filters">
        <select aria-label="Filter by server" value={server} onChange={(event) => setServer(event.target.value)} data-testid="traffic-filter-server">
          <option value="">All servers</option>
          {view.servers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          {server !== '' && !view.servers.includes(server) && <option value={server}>{server}</option>}
        </select>
        <select aria-label="Filter by method" value={method} onChange={(event) => setMethod(event.target.value)} data-testid="traffic-filter-method">
          <option value="">All methods</option>
          {view.methods.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          {method !== '' && !view.methods.includes(method) && <option value={method}>{method}</option>}
        </select>
        <input
          type="search"
          className="traffic-filter-text"
          placeholder="Filter text, #id, URL…"
          aria-label="Filter by text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="traffic-filter-text"
        />
        <span className="traffic-count muted" aria-live="polite" data-testid="traffic-count">
          {filtered ? `${view.visible.length.toLocaleString()} of ${view.total.toLocaleString()}` : `${view.total.toLocaleString()} rows`}
        </span>
        <span className="spacer" />
        <button type="button" className="small-button" onClick={clearView} disabled={view.total === 0} data-testid="traffic-clear" title="Hide everything recorded so far">
          Clear
        </button>
        <button
          type="button"
          className="small-button"
          onClick={() => void exportHar()}
          disabled={view.total === 0}
          data-testid="traffic-export-har"
          title="Download the MCP wire's HTTP exchanges as a HAR file (opens in DevTools)"
        >
          Export HAR
        </button>
      </div>
      {exportError !== undefined && (
        <div className="error-box" role="alert">
          <strong>Export failed:</strong> {exportError}
        </div>
      )}
      <div className="traffic-body" ref={bodyRef}>
        {view.total === 0 ? (
          <div className="empty traffic-empty" data-testid="traffic-empty">
            <p>
              Every HTTP exchange with each MCP server appears here, message by message: the handshake (<code>initialize</code> or{' '}
              <code>server/discover</code>), <code>tools/list</code>, each <code>tools/call</code>, notifications, and the HTTP requests that carry no
              message (the GET stream, the DELETE that ends a session, failed requests).
            </p>
            <p>Select a row to see the exact JSON-RPC message, a note on what it is for, and the HTTP request and response that carried it.</p>
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
          <TrafficList
            rows={view.visible}
            records={snapshot}
            selectedKey={selectedKey}
            pairedKey={pairedKey}
            linkedToolCallId={selectedToolCallId}
            onSelect={onSelect}
            onDeselect={onDeselect}
            failedExchangeFor={failedExchangeFor}
          />
        )}
        {hasDetail && (
          <>
            <Splitter orientation="horizontal" label="Resize the detail pane" onResize={resizeDetail} />
            <div
              className="traffic-detail"
              ref={detailRef}
              style={detailHeight !== undefined ? { flex: `0 0 ${detailHeight}px` } : undefined}
              data-testid="traffic-detail"
              aria-label="Selected row"
              role="region"
            >
              <div className="traffic-detail-bar">
                <span className="section-title">{selectedMessage !== undefined ? 'Message' : 'HTTP exchange'}</span>
                <span className="spacer" />
                <button type="button" className="small-button" onClick={onDeselect} aria-label="Close the detail pane">
                  ×
                </button>
              </div>
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
            </div>
          </>
        )}
      </div>
    </div>
  );
}

import { memo } from 'react';
import type { HttpExchange, RpcMessageRecord } from '../../core/traffic';
import { inPageDemoLabel } from '../../core/config';
import { exchangeStatusLabel, exchangeTone, shortPath } from './exchange-status';
import { formatClock, formatDuration } from '../../ui/format-time';

/** A kind's short label, which a narrow wire shows in place of the word (traffic.css) so the method keeps its room. */
const SHORT_KIND: Readonly<Record<RpcMessageRecord['kind'], string>> = {
  request: 'req',
  response: 'res',
  notification: 'note',
  error: 'err',
};

/** How a row is highlighted besides its own content. */
interface RowHighlight {
  selected: boolean;
  /** The request or response paired with the selected message. */
  paired: boolean;
  /** Belongs to the tool call selected elsewhere (the chat). */
  linked: boolean;
}

/** Common props of both row kinds. */
interface RowProps extends RowHighlight {
  rowKey: string;
  /** 1-based position among the rows, for assistive technology. */
  position: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  onSelect(key: string): void;
}

/** Class names for a row's highlight state. */
function highlightClass({ selected, paired, linked }: RowHighlight): string {
  return `traffic-row${selected ? ' is-selected' : ''}${paired ? ' is-paired' : ''}${linked ? ' is-linked' : ''}`;
}

/** A row for one JSON-RPC message. `failed` is the exchange that carried it, when that exchange failed. */
export const MessageRowView = memo(function MessageRowView({
  message,
  failed,
  label,
  rowKey,
  position,
  top,
  onSelect,
  checkRun,
  ...highlight
}: RowProps & {
  message: RpcMessageRecord;
  failed?: HttpExchange | undefined;
  label?: string | undefined;
  /** The server check whose own probe carried this message. */
  checkRun?: string | undefined;
}) {
  const tone = failed ? exchangeTone(failed) : undefined;
  return (
    <div
      role="row"
      tabIndex={-1}
      className={`${highlightClass(highlight)} kind-${message.kind} dir-${message.direction}`}
      style={{ transform: `translateY(${top}px)` }}
      aria-rowindex={position}
      aria-selected={highlight.selected}
      data-testid="traffic-row"
      data-key={rowKey}
      data-method={message.method}
      data-server={message.server}
      data-direction={message.direction}
      data-kind={message.kind}
      data-rpc-id={message.rpcId === undefined ? undefined : String(message.rpcId)}
      data-tool-call-id={message.toolCallId}
      data-round-of={message.roundOf === undefined ? undefined : String(message.roundOf)}
      data-exchange-id={message.exchangeId}
      data-linked={highlight.linked ? 'true' : undefined}
      data-paired={highlight.paired ? 'true' : undefined}
      data-status={failed ? exchangeStatusLabel(failed) : undefined}
      data-failed={tone === 'failed' ? 'true' : undefined}
      data-check-run={checkRun}
      onClick={() => onSelect(rowKey)}
    >
      <TimeAndServerCells at={message.at} server={message.server} label={label} />
      <span role="gridcell" className="c-dir" aria-label={message.direction === 'out' ? 'client to server' : 'server to client'}>
        {message.direction === 'out' ? '→' : '←'}
      </span>
      <span
        role="gridcell"
        className="c-method"
        title={
          message.roundOf === undefined
            ? message.method
            : `${message.method}: a round retrying request #${String(message.roundOf)}${message.requestState === undefined ? '' : ` with requestState ${message.requestState}`}`
        }
      >
        {message.method || '(no method)'}
        {checkRun !== undefined && <CheckTag />}
        {message.roundOf !== undefined && (
          <small className="round-tag" data-testid="traffic-round">
            {' '}
            ↻ #{String(message.roundOf)}
            {message.requestState !== undefined &&
              ` · state ${message.requestState.slice(0, 24)}${message.requestState.length > 24 ? '…' : ''}`}
          </small>
        )}
      </span>
      <span role="gridcell" className="c-kind">
        <span className={`kind-badge kind-${message.kind}`} data-short={SHORT_KIND[message.kind]}>
          <span className="kind-word">{message.kind}</span>
        </span>
      </span>
      <span role="gridcell" className="c-id">
        {message.rpcId !== undefined ? (
          `#${String(message.rpcId)}`
        ) : message.kind === 'notification' ? (
          <span className="no-id">no id</span>
        ) : (
          ''
        )}
      </span>
      <span
        role="gridcell"
        className={`c-status tone-${tone ?? 'none'}`}
        title={failed ? (failed.note ?? failed.error ?? failed.statusText) : undefined}
      >
        {failed ? exchangeStatusLabel(failed) : ''}
      </span>
      <span role="gridcell" className="c-took">
        {message.latencyMs !== undefined && (message.kind === 'response' || message.kind === 'error')
          ? formatDuration(message.latencyMs)
          : ''}
      </span>
    </div>
  );
});

/** The first two cells of every row: when, and which server (with a small label such as "demo server in this page"). */
/** Marks a row the server check sent itself (a probe), not the person or the agent. */
function CheckTag() {
  return (
    <small className="check-tag" title="Sent by the server check (a probe)">
      {' '}
      check
    </small>
  );
}

function TimeAndServerCells({ at, server, label }: { at: number; server: string; label?: string | undefined }) {
  return (
    <>
      <span role="gridcell" className="c-time">
        {formatClock(at)}
      </span>
      {/* The server column (52–64 px) holds a name, not the label as well: the label stays the cell's
          text for assistive technology and is in its tooltip, so the name is never cut to make room. */}
      <span role="gridcell" className="c-server" title={label ? `${server} — ${label}` : server}>
        {server}
        {label && <small className="demo-tag visually-hidden"> {label}</small>}
      </span>
    </>
  );
}

/** A row for an HTTP exchange that carried no JSON-RPC message (or failed). */
export const ExchangeRowView = memo(function ExchangeRowView({
  exchange,
  rowKey,
  position,
  top,
  onSelect,
  ...highlight
}: RowProps & { exchange: HttpExchange }) {
  const tone = exchangeTone(exchange);
  const method = `HTTP ${exchange.method.toUpperCase()}`;
  const status = exchangeStatusLabel(exchange);
  return (
    <div
      role="row"
      tabIndex={-1}
      className={`${highlightClass(highlight)} kind-http row-tone-${tone}`}
      style={{ transform: `translateY(${top}px)` }}
      aria-rowindex={position}
      aria-selected={highlight.selected}
      data-testid="traffic-row"
      data-key={rowKey}
      data-method={method}
      data-server={exchange.source}
      data-direction="out"
      data-kind="http"
      data-purpose={exchange.purpose}
      data-status={status}
      data-failed={tone === 'failed' ? 'true' : undefined}
      data-tool-call-id={exchange.toolCallId}
      data-linked={highlight.linked ? 'true' : undefined}
      data-check-run={exchange.checkRun}
      onClick={() => onSelect(rowKey)}
    >
      <TimeAndServerCells at={exchange.startedAt} server={exchange.source} label={inPageDemoLabel(exchange.url)} />
      <span role="gridcell" className="c-dir" aria-label="HTTP request">
        →
      </span>
      <span role="gridcell" className="c-method" title={`${exchange.method} ${exchange.url}${exchange.note ? ` — ${exchange.note}` : ''}`}>
        {exchange.method.toUpperCase()} <span className="path">{shortPath(exchange.url)}</span>
        {exchange.checkRun !== undefined && <CheckTag />}
        {exchange.note ? <span className="row-note"> · {exchange.note}</span> : null}
      </span>
      <span role="gridcell" className="c-kind">
        {exchange.purpose === 'auth' ? (
          <span className="kind-badge kind-auth" title="An OAuth exchange of the server's sign-in (secrets removed when it was recorded)">
            auth
          </span>
        ) : (
          <span className="kind-badge kind-http">http</span>
        )}
      </span>
      <span role="gridcell" className="c-id" />
      <span role="gridcell" className={`c-status tone-${tone}`} title={exchange.error ?? exchange.statusText}>
        {status}
      </span>
      <span role="gridcell" className="c-took">
        {exchange.durationMs !== undefined ? formatDuration(exchange.durationMs) : ''}
      </span>
    </div>
  );
});

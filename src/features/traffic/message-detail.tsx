import { teachingNoteFor } from '../../core/traffic';
import type { ProtocolEra, HttpExchange, RpcMessageRecord } from '../../core/traffic';
import { CopyButton } from '../../ui/copy-button';
import { JsonView } from '../../ui/json-view';
import { ExchangeDetail } from './exchange-detail';
import { formatClock, formatDuration } from '../../ui/format-time';

/** Props for MessageDetail. */
export interface MessageDetailProps {
  message: RpcMessageRecord;
  /** The exchange that carried it, when one was found. */
  exchange: HttpExchange | undefined;
  era: ProtocolEra | undefined;
  /** The paired request or response, when the log holds it. */
  paired: RpcMessageRecord | undefined;
  onSelectPaired(seq: number): void;
}

/**
 * The selected JSON-RPC message: what it is, its teaching note, the message as a
 * collapsible tree, and the HTTP exchange that carried it.
 */
export function MessageDetail({ message, exchange, era, paired, onSelectPaired }: MessageDetailProps) {
  const isAnswer = message.kind === 'response' || message.kind === 'error';
  return (
    <div className="message-detail" data-testid="traffic-message-detail" data-seq={message.seq}>
      <div className="detail-head">
        <span className={`dir-arrow dir-${message.direction}`} aria-hidden>
          {message.direction === 'out' ? '→' : '←'}
        </span>
        <span className="muted">{message.direction === 'out' ? `client → ${message.server}` : `${message.server} → client`}</span>
        <span className={`kind-badge kind-${message.kind}`}>{message.kind}</span>
        <strong className="mono">{message.method || '(no method)'}</strong>
        <span className="mono">
          {message.rpcId !== undefined ? `#${String(message.rpcId)}` : message.kind === 'notification' ? 'no id' : ''}
        </span>
        <span className="muted mono">{formatClock(message.at)}</span>
        {isAnswer && message.latencyMs !== undefined && <span className="muted">answered after {formatDuration(message.latencyMs)}</span>}
        {message.toolCallId !== undefined && <span className="badge info">tool call {message.toolCallId}</span>}
        {paired !== undefined && (
          <button type="button" className="link-button" onClick={() => onSelectPaired(paired.seq)} data-testid="traffic-go-paired">
            {isAnswer ? `go to request #${String(paired.rpcId ?? '')}` : `go to ${paired.kind} #${String(paired.rpcId ?? '')}`}
          </button>
        )}
      </div>
      <p className="note teaching-note" data-testid="traffic-teaching-note">
        {teachingNoteFor(message.method, message.kind, era)}
      </p>
      <div className="section-row">
        <h3 className="section-title">JSON-RPC message</h3>
        <CopyButton text={() => JSON.stringify(message.message, null, 2)} label="Copy JSON" />
      </div>
      <JsonView value={message.message} openDepth={3} label="JSON-RPC message" />
      <h3 className="section-title">HTTP exchange</h3>
      {exchange !== undefined ? (
        <ExchangeDetail exchange={exchange} topicsOpen={false} />
      ) : (
        <div className="muted" data-testid="traffic-no-exchange">
          No HTTP exchange was recorded with this message (a record from an export made before messages named their exchange, or one cleared
          since).
        </div>
      )}
    </div>
  );
}

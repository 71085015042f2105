import { memo } from 'react';
import type { ProviderId } from '../../core/providers';
import type { HttpExchange } from '../../core/traffic';
import { formatClock, formatDuration } from '../../ui/format-time';
import type { ModelRowKind } from './model-rows';
import { askedLabel, detectProvider, modeLabel, requestLabel, summarizeRequest, summarizeResponse, usageLabel } from './summarize-exchange';

/** Props of one row. */
export interface ModelRowProps {
  rowKey: string;
  kind: ModelRowKind;
  exchange: HttpExchange;
  /** 1 for a first request, 2+ for a retry of the same (turn, step). */
  attempt: number;
  /** 1-based position among the rows, for assistive technology. */
  position: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  selected: boolean;
  /** The other half of the selected exchange. */
  paired: boolean;
  /** The model response or request linked to the tool call selected in the chat. */
  linked: boolean;
  onSelect(key: string): void;
}

/** The short name of a provider for the row. */
function providerTag(provider: ProviderId | undefined, source: string): string {
  return provider ?? source;
}

/** The turn/step label: `t1·s2`. */
function turnStepLabel(exchange: HttpExchange): string {
  if (exchange.turn === undefined) return '';
  return exchange.step === undefined ? `t${exchange.turn}` : `t${exchange.turn}·s${exchange.step}`;
}

/**
 * One row: the request half (`POST /v1/messages · model · tools: 4 · msgs: 3`) or the response
 * half (status, duration, stop reason, usage, stream or JSON, and what the model asked for).
 * Failed responses are red; a retry of the same step says which attempt it is.
 */
export const ModelRowView = memo(function ModelRowView({
  rowKey,
  kind,
  exchange,
  attempt,
  position,
  top,
  selected,
  paired,
  linked,
  onSelect,
}: ModelRowProps) {
  const provider = detectProvider(exchange);
  const response = kind === 'response' ? summarizeResponse(exchange, provider) : undefined;
  const failed = response?.failed ?? false;
  const tone =
    response === undefined ? 'none' : failed ? 'failed' : response.pending ? 'pending' : exchange.state === 'aborted' ? 'aborted' : 'ok';
  const className =
    `model-row kind-${kind} row-tone-${tone}` +
    `${selected ? ' is-selected' : ''}${paired ? ' is-paired' : ''}${linked ? ' is-linked' : ''}`;

  let text: string;
  let title: string;
  if (response === undefined) {
    text = requestLabel(summarizeRequest(exchange));
    title = `${exchange.method} ${exchange.url}`;
  } else {
    const parts = [
      response.durationMs !== undefined ? formatDuration(response.durationMs) : response.pending ? '…' : '',
      response.stopReason ?? '',
      usageLabel(response.usage),
      modeLabel(response),
      askedLabel(response, provider),
      failed ? (response.errorMessage ?? '') : '',
    ].filter((part) => part !== '');
    text = parts.join(' · ');
    title = response.errorMessage ?? text;
  }

  return (
    <div
      role="row"
      tabIndex={-1}
      className={className}
      style={{ transform: `translateY(${top}px)` }}
      aria-rowindex={position}
      aria-selected={selected}
      data-testid="model-row"
      data-key={rowKey}
      data-kind={kind}
      data-exchange-id={exchange.id}
      data-turn={exchange.turn}
      data-step={exchange.step}
      data-attempt={attempt}
      data-provider={provider}
      data-status={response?.statusLabel}
      data-failed={failed ? 'true' : undefined}
      data-linked={linked ? 'true' : undefined}
      data-sampling-for={exchange.samplingFor}
      data-fork-of={exchange.forkOf}
      data-replay-of={exchange.replayOf}
      data-eval-run={exchange.evalRun}
      onClick={() => onSelect(rowKey)}
    >
      <span role="gridcell" className="c-time">
        {kind === 'request' ? formatClock(exchange.startedAt) : ''}
      </span>
      <span
        role="gridcell"
        className="c-step"
        title={exchange.turn !== undefined ? `turn ${exchange.turn}, step ${exchange.step ?? '?'}` : undefined}
      >
        {turnStepLabel(exchange)}
      </span>
      <span role="gridcell" className="c-dir" aria-label={kind === 'request' ? 'request to the model' : 'response from the model'}>
        {kind === 'request' ? '→' : '←'}
      </span>
      <span role="gridcell" className="c-status">
        {response !== undefined ? (
          <span className={`tone-${tone}`}>{response.statusLabel}</span>
        ) : (
          <span className="provider-tag">{providerTag(provider, exchange.source)}</span>
        )}
      </span>
      <span role="gridcell" className="c-text" title={title}>
        {kind === 'request' && attempt > 1 && (
          <span className="retry-badge" data-testid="model-row-retry">
            retry {attempt - 1}
          </span>
        )}
        {exchange.forkOf !== undefined && (
          <span
            className="retry-badge"
            data-testid="model-row-fork"
            title={`An edited copy of request #${exchange.forkOf}, sent by you; the conversation does not include it`}
          >
            fork of #{exchange.forkOf}
          </span>
        )}
        {exchange.replayOf !== undefined && (
          <span
            className="retry-badge"
            data-testid="model-row-replay"
            title={`A replay of the turn that began with request #${exchange.replayOf}, run by you; the conversation does not include it`}
          >
            replay of #{exchange.replayOf}
          </span>
        )}
        {exchange.evalRun !== undefined && kind === 'request' && (
          <span
            className="retry-badge"
            data-testid="model-row-eval"
            title="A request of an eval run (the Evals tab), in its own fresh conversation; the chat does not include it"
          >
            eval
          </span>
        )}
        {exchange.samplingFor !== undefined && (
          <span
            className="retry-badge"
            data-testid="model-row-sampling"
            title={`A sampling request of the MCP server "${exchange.samplingFor}", approved by you`}
          >
            sampling · {exchange.samplingFor}
          </span>
        )}
        {text}
      </span>
    </div>
  );
});

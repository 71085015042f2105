import type { HttpExchange } from '../../core/traffic';
import { formatClock } from '../../ui/format-time';
import { BodyView } from '../../ui/http-parts';

/**
 * A load probe's one row in full: its figures, its errors by HTTP status and JSON-RPC code, and
 * the few requests it kept whole (the first ones and one example per error group).
 */
export function LoadDetail({ exchange }: { exchange: HttpExchange & { load: NonNullable<HttpExchange['load']> } }) {
  const { load } = exchange;
  const figures = load.figures;
  return (
    <div className="exchange-detail" data-testid="traffic-exchange" data-exchange-id={exchange.id} data-load-run={load.run}>
      {exchange.note !== undefined && (
        <div className="warn-box exchange-note" data-testid="traffic-exchange-note" role="note">
          {exchange.note}
        </div>
      )}
      <div className="exchange-summary mono">
        <strong>Load probe</strong> <span className="exchange-url">{exchange.url}</span>
      </div>
      <p className="muted">
        started {formatClock(exchange.startedAt)}; {load.requests} requests on the wire, recorded here as one row.
      </p>
      {figures && (
        <p data-testid="traffic-load-figures">
          {figures.method}
          {figures.tool ? ` ${figures.tool}` : ''}: {figures.completed} answered ({figures.errors} errors) in {figures.durationMs} ms,{' '}
          {figures.throughput}/s; p50 {figures.p50} ms, p95 {figures.p95} ms, p99 {figures.p99} ms; concurrency {figures.concurrencyReached}{' '}
          reached of {figures.concurrencyAsked} asked{figures.stopped ? '; stopped' : ''}.
        </p>
      )}
      {load.groups.length > 0 && (
        <>
          <h3 className="section-title">Errors</h3>
          <ul>
            {load.groups.map((group) => (
              <li key={group.key}>
                {group.key}: {group.count}
                {group.message ? ` (${group.message})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="section-title">Sampled exchanges</h3>
      {load.samples.map((sample, index) => (
        <details key={index} data-testid="traffic-load-sample" data-group={sample.group}>
          <summary>
            {sample.group ? `Example of ${sample.group}` : `Request ${index + 1}`}: HTTP {sample.exchange.status ?? '(no answer)'},{' '}
            {sample.exchange.durationMs ?? '?'} ms
          </summary>
          <BodyView text={sample.exchange.requestBody} label="Request body" />
          <BodyView
            text={sample.exchange.responseBody ?? sample.exchange.sseEvents?.map((event) => event.data).join('\n')}
            label="Response body"
          />
        </details>
      ))}
    </div>
  );
}

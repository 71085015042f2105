/**
 * What a load probe shows while it runs and once it ends: its figures and plots, its errors grouped
 * as the wire saw them with one example each, and, for a 2026 server, whether its answers agreed.
 */
import type { LoadProbe, LoadState } from '../../core/load';
import { useStore } from '../../ui/use-store';
import { LoadPlots } from './load-plots';

/** The figures of a running or ended probe. */
function Figures({ state }: { state: LoadState }) {
  const asked = state.spec.requests;
  return (
    <div className="load-figures" aria-live="polite">
      <dl className="load-numbers">
        <div>
          <dt>Answered</dt>
          <dd data-testid="load-count" data-completed={state.completed} data-errors={state.errors} data-aborted={state.aborted}>
            {state.completed}
            {asked !== undefined ? ` of ${asked}` : ''}
            {state.errors > 0 ? ` (${state.errors} errors)` : ''}
            {state.aborted > 0 ? `, ${state.aborted} stopped in flight` : ''}
          </dd>
        </div>
        <div>
          <dt>Throughput</dt>
          <dd data-testid="load-throughput" data-value={state.throughput.toFixed(1)}>
            {state.throughput.toFixed(1)} requests/s
          </dd>
        </div>
        <div>
          <dt>Concurrency</dt>
          <dd data-testid="load-concurrency" data-reached={state.concurrencyReached} data-asked={state.spec.concurrency}>
            {state.concurrencyReached} reached of {state.spec.concurrency} asked
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd data-testid="load-percentiles">
            p50 {state.p50.toFixed(1)} ms · p95 {state.p95.toFixed(1)} ms · p99 {state.p99.toFixed(1)} ms
          </dd>
        </div>
      </dl>
      {state.concurrencyNote && (
        <p className="load-note" data-testid="load-concurrency-note">
          {state.concurrencyNote}
        </p>
      )}
      <LoadPlots state={state} />
      <ErrorGroups state={state} />
      <Consistency state={state} />
      {state.exchangeId !== undefined && (
        <p className="load-note">
          On the MCP wire: one row for this probe (exchange #{state.exchangeId}) with its figures and a few sampled exchanges.
        </p>
      )}
    </div>
  );
}

/** Errors grouped by HTTP status and JSON-RPC code, each with its example exchange (shown as text). */
function ErrorGroups({ state }: { state: LoadState }) {
  if (state.groups.length === 0) return null;
  return (
    <section aria-label="Errors" className="load-errors">
      <h3>Errors</h3>
      <ul>
        {state.groups.map((group) => (
          <li key={group.key} data-testid="load-error-group" data-key={group.key} data-count={group.count}>
            <strong>{group.key}</strong>: {group.count}
            {group.message ? ` — ${group.message}` : ''}
            {group.example && (
              <details>
                <summary>Example exchange</summary>
                <pre className="load-example" data-testid="load-error-example">
                  {`${group.example.exchange.method} ${group.example.exchange.url}\nHTTP ${group.example.exchange.status ?? '(no answer)'}\n\n${group.example.exchange.requestBody ?? ''}\n\n${(group.example.exchange.responseBody ?? group.example.exchange.sseEvents?.map((event) => event.data).join('\n') ?? group.example.exchange.error ?? '').slice(0, 2000)}`}
                </pre>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The same request's answers compared (for a 2026 stateless server). */
function Consistency({ state }: { state: LoadState }) {
  const report = state.consistency;
  if (!report) return null;
  const compared = report.groups.reduce((sum, group) => sum + group.indices.length, 0);
  return (
    <section
      aria-label="Consistency"
      className="load-consistency"
      data-testid="load-consistency"
      data-consistent={String(report.consistent)}
    >
      <h3>Consistency</h3>
      {report.consistent ? (
        <p>The {compared} answers compared are the same.</p>
      ) : (
        <>
          <p>
            {report.differing.length} of {compared} answers differ from the most common one: a sign of state kept per instance, which a 2026
            stateless server must not keep.
          </p>
          <ul>
            {report.differing.slice(0, 10).map((entry) => (
              <li key={entry.index}>
                Answer {entry.index + 1}: differs at {entry.differences.map((difference) => difference.path || '/').join(', ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Subscribes to a probe while it is shown. */
export function ProbeView({ probe }: { probe: LoadProbe }) {
  const state = useStore(probe);
  return <Figures state={state} />;
}

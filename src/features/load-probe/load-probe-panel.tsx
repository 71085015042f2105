import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Services } from '../../core/composition';
import { checkLoadSpec, LoadProbe, MAX_CONCURRENCY, probeSafety, remoteSentence } from '../../core/load';
import type { LoadSpec, LoadState } from '../../core/load';
import type { McpToolInfo } from '../../core/mcp';
import { useStore } from '../../ui/use-store';
import { LoadPlots } from './load-plots';
import { watchWireConcurrency } from './wire-concurrency';
import '../../ui/side-panel.css';
import './load-probe.css';

/** An arguments object to start from: each required property with an empty value of its type. */
function argumentsTemplate(tool: McpToolInfo | undefined): string {
  const schema = tool?.inputSchema as
    { properties?: Record<string, { type?: unknown; default?: unknown }>; required?: unknown } | undefined;
  const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
  const value: Record<string, unknown> = {};
  for (const name of required) {
    const property = schema?.properties?.[name];
    value[name] =
      property?.default !== undefined
        ? property.default
        : property?.type === 'string'
          ? ''
          : property?.type === 'number' || property?.type === 'integer'
            ? 0
            : property?.type === 'boolean'
              ? false
              : property?.type === 'array'
                ? []
                : property?.type === 'object'
                  ? {}
                  : null;
  }
  return JSON.stringify(value, null, 2);
}

/** A number typed in a field, or undefined when it is empty. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

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
function ProbeView({ probe }: { probe: LoadProbe }) {
  const state = useStore(probe);
  return <Figures state={state} />;
}

/**
 * A server's load probe: choose the method (tools/list, or a tool with its arguments), the
 * concurrency, the requests or a duration and an optional rate; Start (never by itself), Stop at
 * once. A host that is not this machine is confirmed with the rate; a destructive tool's name is
 * typed. A non-modal panel like the server check's; closing it stops a running probe.
 */
export function LoadProbePanel({ services, server, onClose }: { services: Services; server: string; onClose(): void }) {
  const titleId = useId();
  const { servers } = useStore(services.connections);
  const state = servers.find((entry) => entry.name === server);
  const tools = useMemo(() => state?.tools ?? [], [state]);
  const [method, setMethod] = useState<'tools/list' | 'tools/call'>('tools/list');
  const [toolName, setToolName] = useState('');
  const tool = tools.find((entry) => entry.name === toolName);
  const [argsText, setArgsText] = useState('{}');
  const [concurrency, setConcurrency] = useState('6');
  const [amount, setAmount] = useState<'requests' | 'duration'>('requests');
  const [requests, setRequests] = useState('200');
  const [duration, setDuration] = useState('10');
  const [rate, setRate] = useState('');
  const [remoteOk, setRemoteOk] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [probe, setProbe] = useState<LoadProbe>();
  const running = useStoreRunning(probe);

  // Closing the panel (or choosing another server) stops a probe that is running.
  useEffect(() => () => probe?.stop(), [probe]);

  const chooseTool = (name: string) => {
    setToolName(name);
    setArgsText(argumentsTemplate(tools.find((entry) => entry.name === name)));
    setTypedName('');
  };

  const spec = (): LoadSpec | string => {
    let args: Record<string, unknown> | undefined;
    if (method === 'tools/call') {
      if (!tool) return 'Choose the tool to call.';
      try {
        args = JSON.parse(argsText) as Record<string, unknown>;
      } catch (error) {
        return `The arguments are not JSON: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    const n = numberOf(amount === 'requests' ? requests : duration);
    const r = numberOf(rate);
    const built: LoadSpec = {
      method,
      concurrency: Number(concurrency),
      ...(method === 'tools/call' && { tool: toolName, args: args ?? {} }),
      ...(amount === 'requests' ? { requests: n ?? Number.NaN } : { durationMs: (n ?? Number.NaN) * 1000 }),
      ...(r !== undefined && { rate: r }),
    };
    return checkLoadSpec(built) ?? built;
  };
  const current = spec();
  const safety = probeSafety(state?.url ?? '', method === 'tools/call' ? tool : undefined);

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (typeof current === 'string') return setProblem(current);
    const connection = services.connections.get(server);
    if (!connection || state?.status !== 'connected') return setProblem(`Connect ${server} first.`);
    if (safety.remoteHost && !remoteOk) return setProblem(`Confirm the probe of ${safety.remoteHost} first (above Start).`);
    if (safety.destructiveTool && typedName !== safety.destructiveTool)
      return setProblem(`${safety.destructiveTool} is marked destructive: type its name to confirm.`);
    setProblem(undefined);
    const wire = watchWireConcurrency(state.url ?? '');
    const next = new LoadProbe(connection, current, {
      server,
      url: state.url ?? '',
      log: services.log,
      wireConcurrency: () => wire.read(),
    });
    setProbe(next);
    void next.start().finally(() => wire.stop());
  };

  return (
    <section
      className="side-panel load-probe"
      role="dialog"
      aria-labelledby={titleId}
      data-testid={`load-probe-panel-${server}`}
      data-running={running ? 'true' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="load-probe-head">
        <h2 id={titleId}>Load probe: {server}</h2>
        <span className="spacer" />
        <button type="button" className="small-button" onClick={onClose} data-testid="load-probe-close">
          Close
        </button>
      </header>
      <form className="load-form" onSubmit={start}>
        <label>
          Method
          <select
            value={method}
            onChange={(event) => setMethod(event.target.value as 'tools/list' | 'tools/call')}
            disabled={running}
            data-testid="load-method"
          >
            <option value="tools/list">tools/list (harmless)</option>
            <option value="tools/call">tools/call (a tool)</option>
          </select>
        </label>
        {method === 'tools/call' && (
          <>
            <label>
              Tool
              <select value={toolName} onChange={(event) => chooseTool(event.target.value)} disabled={running} data-testid="load-tool">
                <option value="">Choose a tool…</option>
                {tools.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {entry.name}
                    {entry.annotations?.destructiveHint ? ' (destructive)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <label className="load-args">
              Arguments (JSON)
              <textarea
                value={argsText}
                onChange={(event) => setArgsText(event.target.value)}
                rows={4}
                spellCheck={false}
                disabled={running}
                data-testid="load-args"
              />
            </label>
          </>
        )}
        <label>
          Concurrency (1–{MAX_CONCURRENCY})
          <input
            type="number"
            min={1}
            max={MAX_CONCURRENCY}
            value={concurrency}
            onChange={(event) => setConcurrency(event.target.value)}
            disabled={running}
            data-testid="load-concurrency-input"
          />
        </label>
        <fieldset className="load-amount" disabled={running}>
          <legend>How much</legend>
          <label>
            <input
              type="radio"
              name={`${titleId}-amount`}
              checked={amount === 'requests'}
              onChange={() => setAmount('requests')}
              data-testid="load-amount-requests"
            />
            Requests
          </label>
          <label>
            <input
              type="radio"
              name={`${titleId}-amount`}
              checked={amount === 'duration'}
              onChange={() => setAmount('duration')}
              data-testid="load-amount-duration"
            />
            Duration
          </label>
          {amount === 'requests' ? (
            <label>
              Number of requests
              <input
                type="number"
                min={1}
                value={requests}
                onChange={(event) => setRequests(event.target.value)}
                data-testid="load-requests"
              />
            </label>
          ) : (
            <label>
              Seconds
              <input
                type="number"
                min={0.1}
                step={0.1}
                value={duration}
                onChange={(event) => setDuration(event.target.value)}
                data-testid="load-duration"
              />
            </label>
          )}
        </fieldset>
        <label>
          Rate (requests/s, empty: no limit)
          <input
            type="number"
            min={0}
            value={rate}
            placeholder="no limit"
            onChange={(event) => setRate(event.target.value)}
            disabled={running}
            data-testid="load-rate"
          />
        </label>
        {safety.remoteHost && typeof current !== 'string' && (
          <div className="load-confirm" data-testid="load-confirm-remote">
            <p>{remoteSentence(safety.remoteHost, current)}</p>
            <label>
              <input
                type="checkbox"
                checked={remoteOk}
                onChange={(event) => setRemoteOk(event.target.checked)}
                disabled={running}
                data-testid="load-confirm-remote-check"
              />
              Send this load to {safety.remoteHost}
            </label>
          </div>
        )}
        {safety.destructiveTool && (
          <label className="load-confirm">
            {safety.destructiveTool} is marked destructive: every request of the probe runs it. Type its name to confirm.
            <input
              value={typedName}
              onChange={(event) => setTypedName(event.target.value)}
              disabled={running}
              data-testid="load-confirm-tool"
              autoComplete="off"
            />
          </label>
        )}
        {problem && (
          <p className="error-box" role="alert" data-testid="load-form-error">
            {problem}
          </p>
        )}
        {/* Both buttons stay: swapping one for the other under the pointer would let the click that stops submit the form again. */}
        <div className="load-actions">
          <button type="submit" className="button primary" disabled={running || state?.status !== 'connected'} data-testid="load-start">
            {probe ? 'Start again' : 'Start'}
          </button>
          <button type="button" className="button" onClick={() => probe?.stop()} disabled={!running} data-testid="load-stop">
            Stop
          </button>
        </div>
      </form>
      {probe && <ProbeView key={probe.getState().run} probe={probe} />}
    </section>
  );
}

/** Whether the probe is running (false without one). */
function useStoreRunning(probe: LoadProbe | undefined): boolean {
  const state = useStore(probe ?? IDLE);
  return state?.running ?? false;
}

const IDLE = { subscribe: () => () => undefined, getSnapshot: () => undefined };

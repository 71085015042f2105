import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Services } from '../../core/composition';
import { checkLoadSpec, LoadProbe, MAX_CONCURRENCY, probeSafety, remoteSentence } from '../../core/load';
import type { LoadSpec } from '../../core/load';
import type { McpToolInfo } from '../../core/mcp';
import { useStore } from '../../ui/use-store';
import { ProbeView } from './load-results';
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

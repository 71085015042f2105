import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { OtelSettingsStore } from '../../core/trace';
import { useStore } from '../../ui/use-store';
import './otel.css';

/** Props for OtelSettingsDialog. */
export interface OtelSettingsDialogProps {
  store: OtelSettingsStore;
  onClose(): void;
}

/**
 * The OpenTelemetry settings: the OTLP/HTTP endpoint each turn's trace is sent to as the turn
 * ends, the collector's headers (secrets: typed here, kept in this tab's memory, never shown back
 * nor exported), and the opt-in propagation of the trace context to MCP servers. The last send's
 * outcome, with the CORS headers to add when the collector refused the page.
 */
export function OtelSettingsDialog({ store, onClose }: OtelSettingsDialogProps) {
  const snapshot = useStore(store);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const endpointId = useId();
  const headersId = useId();
  const headersHelpId = useId();
  const [endpoint, setEndpoint] = useState(snapshot.endpoint);
  const [headers, setHeaders] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const endpointProblem = store.setEndpoint(endpoint);
    if (endpointProblem) return setProblem(endpointProblem);
    if (headers.trim() !== '') {
      const headerProblem = store.setHeaders(headers);
      if (headerProblem) return setProblem(headerProblem);
      setHeaders('');
    }
    setProblem(undefined);
    setSaved(true);
  };

  const send = snapshot.lastSend;
  return (
    <dialog
      ref={ref}
      className="otel-dialog"
      aria-labelledby={titleId}
      data-testid="otel-settings"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>OpenTelemetry</h2>
      <form onSubmit={save} className="otel-form">
        <label htmlFor={endpointId}>OTLP/HTTP endpoint (each turn&apos;s trace is sent there as the turn ends; empty: none)</label>
        <input
          id={endpointId}
          type="url"
          value={endpoint}
          placeholder="http://127.0.0.1:4318/v1/traces"
          onChange={(event) => setEndpoint(event.target.value)}
          data-testid="otel-endpoint"
          autoFocus
        />
        <label htmlFor={headersId}>Headers for the collector</label>
        <textarea
          id={headersId}
          rows={2}
          value={headers}
          placeholder="Authorization: Bearer …"
          aria-describedby={headersHelpId}
          onChange={(event) => setHeaders(event.target.value)}
          data-testid="otel-headers"
          spellCheck={false}
          autoComplete="off"
        />
        <p id={headersHelpId} className="faint otel-help">
          One per line, <code>Name: value</code>. Secrets: kept in this tab only, never shown again nor exported.{' '}
          {snapshot.headerNames.length > 0 ? `Set now: ${snapshot.headerNames.join(', ')}.` : 'None set.'}
        </p>
        <label className="otel-check">
          <input
            type="checkbox"
            checked={snapshot.propagate}
            onChange={(event) => store.setPropagate(event.target.checked)}
            data-testid="otel-propagate"
          />
          <span>
            Propagate the trace to MCP servers: while a turn runs, each request carries <code>traceparent</code> in its{' '}
            <code>params._meta</code> (this changes the bytes on the MCP wire, where it shows).
          </span>
        </label>
        {problem && (
          <p className="error-box" role="alert" data-testid="otel-problem">
            {problem}
          </p>
        )}
        {saved && !problem && (
          <p className="faint" role="status">
            Saved.
          </p>
        )}
        <div className="otel-actions">
          <button type="submit" className="button primary" data-testid="otel-save">
            Save
          </button>
          <button type="button" className="button" onClick={onClose} data-testid="otel-close">
            Close
          </button>
        </div>
      </form>
      {send && (
        <div className={`otel-status ${send.state}`} role="status" data-testid="otel-status" data-state={send.state}>
          <p>{send.message}</p>
          {send.headersToAdd && send.headersToAdd.length > 0 && (
            <pre className="otel-cors" data-testid="otel-cors-headers">
              {send.headersToAdd.join('\n')}
            </pre>
          )}
        </div>
      )}
    </dialog>
  );
}

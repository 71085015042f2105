import { useState } from 'react';
import type { ConnectionManager, InboxRoot } from '../../core/mcp';
import { rootProblem } from '../../core/inbox';
import type { RootsStore, SamplingPolicy, SamplingPolicyStore } from '../../core/inbox';
import { useStore } from '../../ui/use-store';
import './inbox.css';

/**
 * The client side of the protocol a person sets: the roots Glassbox declares (a browser has no
 * file system, so they are URIs typed here, kept with the settings) and, per server, whether its
 * sampling requests wait for approval.
 */
export function RootsEditor({
  roots,
  policies,
  connections,
}: {
  roots: RootsStore;
  policies: SamplingPolicyStore;
  connections: ConnectionManager;
}) {
  const saved = useStore(roots).roots;
  const servers = useStore(connections).servers.map((server) => server.name);
  const policy = useStore(policies);
  const [rows, setRows] = useState<InboxRoot[]>(() => saved.map((root) => ({ ...root })));
  const [error, setError] = useState<string>();
  const problems = rows.map((row) => (row.uri.trim() === '' ? 'Type a URI or remove this row' : rootProblem(row.uri.trim())));
  const changed = JSON.stringify(rows) !== JSON.stringify(saved);
  const setRow = (index: number, patch: Partial<InboxRoot>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const save = () => {
    try {
      roots.set(rows.map((row) => ({ uri: row.uri.trim(), ...(row.name?.trim() ? { name: row.name.trim() } : {}) })));
      setError(undefined);
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    }
  };
  return (
    <div className="roots-editor" data-testid="roots-editor">
      <h3 className="section-title">Roots</h3>
      <p className="faint">
        Servers may ask a client for its roots (<span className="mono">roots/list</span>): the places they may work in, usually folders on
        your computer. A web page has no file system, so Glassbox only tells servers the URIs you list here (none by default), for example{' '}
        <span className="mono">file:///home/me/project</span> for a folder the server knows on its own machine. Nothing is read or shared
        from your computer. Servers are told when the list changes.
      </p>
      <ul className="roots-list">
        {rows.map((row, index) => (
          <li key={index}>
            <input
              aria-label={`Root ${index + 1} URI`}
              data-testid={`root-uri-${index}`}
              className="mono"
              value={row.uri}
              placeholder="file:///home/me/project"
              onChange={(event) => setRow(index, { uri: event.target.value })}
              aria-invalid={problems[index] ? true : undefined}
            />
            <input
              aria-label={`Root ${index + 1} name`}
              data-testid={`root-name-${index}`}
              value={row.name ?? ''}
              placeholder="name (optional)"
              onChange={(event) => setRow(index, { name: event.target.value })}
            />
            <button
              type="button"
              className="small-button"
              aria-label={`Remove root ${index + 1}`}
              onClick={() => setRows(rows.filter((_row, at) => at !== index))}
            >
              Remove
            </button>
            {problems[index] && <span className="field-error">{problems[index]}</span>}
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="button" data-testid="root-add" onClick={() => setRows([...rows, { uri: '' }])}>
          Add a root
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="roots-save"
          disabled={!changed || problems.some(Boolean)}
          onClick={save}
        >
          Save roots
        </button>
        {!changed && (
          <span className="faint">
            {saved.length === 0 ? 'No roots declared.' : `${saved.length} root${saved.length === 1 ? '' : 's'} declared.`}
          </span>
        )}
      </div>
      {error && <div className="field-error">{error}</div>}
      <h3 className="section-title">Sampling</h3>
      <p className="faint">
        A server may ask your model for a reply. By default each request waits for you twice: before it goes to the model, and before the
        reply goes back.
      </p>
      <ul className="roots-list">
        {servers.map((server) => (
          <li key={server}>
            <label>
              {server}{' '}
              <select
                data-testid={`sampling-policy-${server}`}
                value={policy[server] ?? 'ask'}
                onChange={(event) => policies.set(server, event.target.value as SamplingPolicy)}
              >
                <option value="ask">ask every time</option>
                <option value="allow">always allow (sent and returned without asking)</option>
              </select>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { NeutralToolDefinition } from '../../core/conversation';
import { PROVIDERS, type ProviderId } from '../../core/providers';
import { billTools, toolBillCsv } from '../../core/tools';
import type { DefinitionCounter, ToolRegistrySnapshot } from '../../core/tools';
import { downloadText } from '../../ui/download';
import { useStore, type ExternalStore } from '../../ui/use-store';
import './token-bill.css';

/** The registry as the bill needs it: its snapshot, and each wire's definitions. */
export interface BillableRegistry extends ExternalStore<ToolRegistrySnapshot> {
  definitionsFor(provider: ProviderId): NeutralToolDefinition[];
}

/** The wire formats whose tokens can be counted in the page. */
const OFFLINE_WIRES = ['openai', 'openai-responses'] as const;
type OfflineWire = (typeof OFFLINE_WIRES)[number];

/** Loads the OpenAI-style counter (a large vocabulary) the first time the bill is shown. */
function useOpenAICounter(): DefinitionCounter | 'failed' | undefined {
  const [counter, setCounter] = useState<DefinitionCounter | 'failed'>();
  useEffect(() => {
    let live = true;
    import('./openai-counter').then(
      (module) => live && setCounter(() => module.countOpenAIDefinition),
      () => live && setCounter('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return counter;
}

/**
 * The token bill: what each tool definition costs on every model request, counted offline the
 * OpenAI way (the rendering the model reads, o200k_base), sortable, with the total and a CSV.
 */
export function TokenBillPanel({ registry, provider }: { registry: BillableRegistry; provider: ProviderId }) {
  const snapshot = useStore(registry);
  const counter = useOpenAICounter();
  const [wire, setWire] = useState<OfflineWire>(provider === 'openai-responses' ? 'openai-responses' : 'openai');
  const [byName, setByName] = useState(false);
  const bill = useMemo(
    () => (typeof counter === 'function' ? billTools(snapshot.tools, registry.definitionsFor(wire), counter) : undefined),
    [counter, snapshot, registry, wire],
  );
  const rows = useMemo(
    () => (bill === undefined ? [] : [...bill.rows].sort((a, b) => (byName ? a.tool.localeCompare(b.tool) : b.tokens - a.tokens || a.tool.localeCompare(b.tool)))),
    [bill, byName],
  );
  return (
    <div className="token-bill" data-testid="token-bill" data-wire={wire}>
      <p className="note">
        Every model request carries every offered tool&apos;s definition. This is what each one costs, on every request, in the{' '}
        {PROVIDERS[wire].label} format: counted here in the page the way OpenAI renders function tools for its models (o200k_base), nothing sent
        anywhere. Anthropic counts tokens only with its own count_tokens endpoint and your key; Glassbox does not call it for the bill yet.
      </p>
      <div className="token-bill-bar">
        <label>
          Format{' '}
          <select className="small-select" value={wire} onChange={(event) => setWire(event.target.value === 'openai-responses' ? 'openai-responses' : 'openai')} data-testid="token-bill-wire">
            {OFFLINE_WIRES.map((id) => (
              <option key={id} value={id}>
                {PROVIDERS[id].label}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <button type="button" className="small-button" disabled={bill === undefined} data-testid="token-bill-csv" onClick={() => bill && downloadText(`glassbox-token-bill-${wire}.csv`, toolBillCsv(bill, wire), 'text/csv')}>
          Export CSV
        </button>
      </div>
      {counter === undefined && <p className="muted">Loading the tokenizer…</p>}
      {counter === 'failed' && <p className="warn-box">The tokenizer could not be loaded; reload the page to try again.</p>}
      {bill !== undefined && (
        <table className="token-bill-table">
          <thead>
            <tr>
              <th scope="col">
                <button type="button" className="link-button" aria-pressed={byName} onClick={() => setByName(true)}>
                  Tool
                </button>
              </th>
              <th scope="col">Server</th>
              <th scope="col" className="num">
                <button type="button" className="link-button" aria-pressed={!byName} onClick={() => setByName(false)}>
                  Tokens per request
                </button>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tool} data-testid="token-bill-row" data-tool={row.tool} data-tokens={row.tokens}>
                <td className="mono">{row.tool}</td>
                <td>{row.server}</td>
                <td className="num">{row.tokens.toLocaleString('en')}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="token-bill-total" data-tokens={bill.total}>
              <th scope="row" colSpan={2}>
                Total for {rows.length} tools
              </th>
              <td className="num">{bill.total.toLocaleString('en')}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { BillServices } from '../../core/agent';
import type { NeutralToolDefinition } from '../../core/conversation';
import { PROVIDERS, type ProviderId } from '../../core/providers';
import { billTools, toolBillCsv } from '../../core/tools';
import type { BillSort, DefinitionCounter, PolicyStore, ToolRegistrySnapshot } from '../../core/tools';
import type { TrafficLog } from '../../core/traffic';
import { downloadText } from '../../ui/download';
import { useStore, type ExternalStore } from '../../ui/use-store';
import { AnthropicCountControl, useAnthropicCount } from './anthropic-count';
import { ToolBillTable } from './tool-bill-table';
import { TurnUsageSection } from './turn-usage-section';
import './token-bill.css';

/** The registry as the bill needs it: its snapshot, and each wire's definitions. */
interface BillableRegistry extends ExternalStore<ToolRegistrySnapshot> {
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
    import('../../core/tools/openai-counter').then(
      (module) => live && setCounter(() => module.countOpenAIDefinition),
      () => live && setCounter('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return counter;
}

/** Props of the token bill. */
export interface TokenBillPanelProps {
  registry: BillableRegistry;
  /** Which tools are offered to the model: the bill switches them off and on. */
  policies: Pick<PolicyStore, 'subscribe' | 'getSnapshot' | 'isOffered' | 'setOffered'>;
  /** The chat's wire format: counting with Anthropic needs it to be Anthropic's. */
  provider: ProviderId;
  /** The traffic shown, whose model responses reported the per-turn usage. */
  log: Pick<TrafficLog, 'subscribe' | 'getSnapshot'>;
  bill: BillServices;
}

/**
 * The token bill: what each tool definition costs on every model request — counted offline the
 * OpenAI way (o200k_base), or by Anthropic's count_tokens on the person's click — sortable, with
 * totals, a CSV, and one click to stop offering a tool; then what each turn's responses reported
 * and what that cost at the person's own prices.
 */
export function TokenBillPanel({ registry, policies, provider, log, bill }: TokenBillPanelProps) {
  const snapshot = useStore(registry);
  const policySnapshot = useStore(policies);
  const counter = useOpenAICounter();
  const [wire, setWire] = useState<OfflineWire>(provider === 'openai-responses' ? 'openai-responses' : 'openai');
  const [sort, setSort] = useState<BillSort>({ key: 'tokens', direction: 'descending' });
  const [anthropic, countWithAnthropic] = useAnthropicCount((signal) => bill.countWithAnthropic(signal));
  const tools = useMemo(
    () =>
      typeof counter === 'function'
        ? billTools(snapshot.tools, registry.definitionsFor(wire), counter, (tool) => policies.isOffered(tool.server, tool.remoteName))
        : undefined,
    // policySnapshot: a tool switched off or on changes the rows.
    [counter, snapshot, registry, wire, policies, policySnapshot],
  );
  const counts = anthropic.status === 'done' ? anthropic.counts : undefined;
  return (
    <div className="token-bill" data-testid="token-bill" data-wire={wire}>
      <p className="note">
        Every model request carries every offered tool&apos;s definition. This is what each one costs, on every request, in the{' '}
        {PROVIDERS[wire].label} format: counted here in the page the way OpenAI renders function tools for its models (o200k_base), nothing
        sent anywhere. A tool you disable is no longer offered to the model (nor counted in the total) until you enable it again.
      </p>
      <div className="token-bill-bar">
        <label>
          Format{' '}
          <select
            className="small-select"
            value={wire}
            onChange={(event) => setWire(event.target.value === 'openai-responses' ? 'openai-responses' : 'openai')}
            data-testid="token-bill-wire"
          >
            {OFFLINE_WIRES.map((id) => (
              <option key={id} value={id}>
                {PROVIDERS[id].label}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <button
          type="button"
          className="small-button"
          disabled={tools === undefined}
          data-testid="token-bill-csv"
          onClick={() => tools && downloadText(`glassbox-token-bill-${wire}.csv`, toolBillCsv(tools, wire, counts), 'text/csv')}
        >
          Export CSV
        </button>
      </div>
      <AnthropicCountControl
        state={anthropic}
        onCount={countWithAnthropic}
        enabled={provider === 'anthropic'}
        toolCount={snapshot.tools.length}
      />
      {counter === undefined && <p className="muted">Loading the tokenizer…</p>}
      {counter === 'failed' && <p className="warn-box">The tokenizer could not be loaded; reload the page to try again.</p>}
      {tools !== undefined && (
        <ToolBillTable
          bill={tools}
          wireLabel={PROVIDERS[wire].label}
          anthropic={counts}
          sort={sort}
          onSort={setSort}
          onSetOffered={(row, offered) => policies.setOffered(row.server, row.remoteName, offered)}
        />
      )}
      <TurnUsageSection log={log} prices={bill.prices} />
    </div>
  );
}

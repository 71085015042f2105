/**
 * What the token bill needs from the running app, wired once: the person's price table, and a
 * count with Anthropic's counter using the chat's current model, base URL and key, through the
 * recording fetch of the Anthropic wire (so every count shows on the model wire, key redacted).
 */
import type { KeyValueStorage } from '../shared/key-value-storage';
import type { ProviderId } from '../providers';
import type { PolicyStore, ToolRegistry } from '../tools';
import type { CallContext } from '../traffic';
import type { AgentSession } from './agent-session';
import type { AnthropicToolCounts } from './count-anthropic-tokens';
import { PriceTable } from './price-table';

/** The token bill's services. */
export interface BillServices {
  prices: PriceTable;
  /** Counts every listed tool alone and the offered ones together with Anthropic's count_tokens (only ever on the person's click). */
  countWithAnthropic(signal?: AbortSignal): Promise<AnthropicToolCounts>;
}

/** What the bill's services are made from. */
export interface BillServicesDeps {
  storage: KeyValueStorage;
  registry: ToolRegistry;
  policies: PolicyStore;
  session: Pick<AgentSession, 'getSnapshot' | 'getApiKey'>;
  modelFetch(provider: ProviderId, context: CallContext): typeof fetch;
}

/** Creates the bill's services. */
export function createBillServices(deps: BillServicesDeps): BillServices {
  return {
    prices: new PriceTable(deps.storage),
    async countWithAnthropic(signal) {
      // Only ever on the person's click: the counter's code loads then.
      const { countAnthropicTools } = await import('./count-anthropic-tokens');
      const { model, baseUrl } = deps.session.getSnapshot().settings;
      const tools = deps.registry.definitionsFor('anthropic');
      const offered = deps.registry.definitionsFor('anthropic', (tool) => deps.policies.isOffered(tool.server, tool.remoteName));
      return countAnthropicTools(tools, offered, {
        fetch: deps.modelFetch('anthropic', {}),
        model,
        baseUrl,
        apiKey: deps.session.getApiKey(),
        ...(signal ? { signal } : {}),
      });
    },
  };
}

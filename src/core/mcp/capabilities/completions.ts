/**
 * The completions capability: `completion/complete` suggestions for a prompt's argument or a
 * resource template's variable, with the values already given (`context.arguments`) so a server
 * can narrow one argument by another. Asked as the person types (the UI debounces).
 */
import type { Client } from '@modelcontextprotocol/client';
import type { CapabilityHost, CapabilityModule } from './capability';

/** What is being completed: a prompt (by name) or a resource template (by its URI template). */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** The server's suggestions for one argument. */
export interface CompletionSuggestions {
  /** At most 100 values, as the spec caps them. */
  values: string[];
  /** How many there are in all, when the server says. */
  total?: number;
  /** True when there are more than those sent. */
  hasMore?: boolean;
}

/** The spec's cap on the values of one completion result. */
const MAX_VALUES = 100;

/** True when the server declares `completions` (without it, no request is sent). */
export function offersCompletions(capabilities: Record<string, unknown> | undefined): boolean {
  return typeof capabilities?.completions === 'object' && capabilities.completions !== null;
}

/** The completions capability of one connection. */
export class CompletionsCapability implements CapabilityModule {
  readonly name = 'completions';

  constructor(
    private readonly host: CapabilityHost,
    private readonly serverCapabilities: () => Record<string, unknown> | undefined,
  ) {}

  /**
   * Suggestions for `argument` of `ref` given what it holds so far. A server without the
   * capability gets no request and yields no suggestions; its own error is thrown as sent.
   */
  async complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    context: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<CompletionSuggestions> {
    if (!offersCompletions(this.serverCapabilities())) return { values: [] };
    const others = Object.fromEntries(Object.entries(context).filter(([name, value]) => name !== argument.name && value !== ''));
    const params = { ref, argument, ...(Object.keys(others).length > 0 ? { context: { arguments: others } } : {}) };
    const result = await this.host.request({ methods: ['completion/complete'], ...(signal ? { signal } : {}) }, (client: Client, call) =>
      client.complete(params, { signal: call.controller.signal, timeout: this.host.timeoutMs() }),
    );
    const values = result.completion.values.filter((value): value is string => typeof value === 'string').slice(0, MAX_VALUES);
    return {
      values,
      ...(typeof result.completion.total === 'number' ? { total: result.completion.total } : {}),
      ...(typeof result.completion.hasMore === 'boolean' ? { hasMore: result.completion.hasMore } : {}),
    };
  }
}

/**
 * The prompts capability: `prompts/list` (every page), refreshed on
 * `notifications/prompts/list_changed` (then told as a content change), and `prompts/get` with the person's arguments.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { McpCall } from '../call-registry';
import type { McpPromptMessage } from '../server-items';
import type { ContentChanges } from '../content-changes';
import type { CapabilityHost, CapabilityLoad, CapabilityModule } from './capability';
import { listOrWarn, refreshOnListChanged, readPromptList } from './listed-items';

/** What prompts/get returned: its description and messages (content blocks kept as sent, untrusted). */
export interface PromptResult {
  description?: string;
  messages: McpPromptMessage[];
}

/** The prompts capability of one connection. */
export class PromptsCapability implements CapabilityModule {
  readonly name = 'prompts';
  readonly loadMethods = ['prompts/list'] as const;

  constructor(
    private readonly host: CapabilityHost,
    private readonly changes?: ContentChanges,
  ) {}

  /** The list is fetched again here on `notifications/prompts/list_changed`. */
  clientOptions() {
    return { listChanged: { prompts: refreshOnListChanged('prompts', () => this.refresh(), this.host) } };
  }

  /** Lists every prompt (the SDK walks `nextCursor`). */
  async load(client: Client, call: McpCall): Promise<CapabilityLoad> {
    const capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
    if (typeof capabilities?.prompts !== 'object' || capabilities.prompts === null) return { state: { prompts: [] }, warnings: [] };
    const warnings: string[] = [];
    const listed = await listOrWarn(
      'prompts/list',
      async () =>
        (await client.listPrompts(undefined, { timeout: this.host.timeoutMs(), signal: call.controller.signal, cacheMode: 'refresh' }))
          .prompts,
      warnings,
    );
    const prompts = readPromptList(listed);
    if (listed.length > prompts.length) warnings.push(`${listed.length - prompts.length} listed prompt(s) had no name and are not shown.`);
    return { state: { prompts }, warnings };
  }

  /** Lists the prompts again (a list_changed), then tells the content changes. */
  async refresh(): Promise<void> {
    const listed = await this.host.request({ methods: this.loadMethods }, (client, call) => this.load(client, call));
    this.host.loaded(this.name, listed);
    this.changes?.emit({ kind: 'prompts-listed' });
  }

  /** Gets a prompt with these arguments (empty values are left out, as "not given"). */
  get(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<PromptResult> {
    const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== ''));
    return this.host.request({ methods: ['prompts/get'], ...(signal ? { signal } : {}) }, async (client, call) => {
      const result = await client.getPrompt({ name, arguments: given }, { signal: call.controller.signal, timeout: this.host.timeoutMs() });
      const messages = (result.messages as unknown[]).flatMap((message): McpPromptMessage[] => {
        const m = message as { role?: unknown; content?: unknown };
        if ((m.role !== 'user' && m.role !== 'assistant') || typeof m.content !== 'object' || m.content === null) return [];
        return [{ role: m.role, content: m.content as McpPromptMessage['content'] }];
      });
      return { ...(typeof result.description === 'string' ? { description: result.description } : {}), messages };
    });
  }
}

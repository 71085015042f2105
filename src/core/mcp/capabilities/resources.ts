/**
 * The resources capability: resources and resource templates (every page), `resources/read`,
 * and, when the server offers `resources.subscribe`, subscribing: `resources/subscribe` in a 2025
 * session, a `subscriptions/listen` stream of its own per resource in the 2026-07-28 era (closed to
 * unsubscribe). Each `notifications/resources/updated` of a subscribed URI is counted in the server's
 * state and told as a content change (whoever shows the resource reads it again). `list_changed`
 * lists both again, then tells it.
 */
import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import type { McpCall } from '../call-registry';
import type { ServerState } from '../connection-state';
import type { McpResourceContent, ResourceSubscription } from '../server-items';
import type { ContentChanges } from '../content-changes';
import type { CapabilityHost, CapabilityLoad, CapabilityModule } from './capability';
import { listOrWarn, refreshOnListChanged, readResourceContents, readResourceList, readTemplateList } from './listed-items';

/** True when the server's capabilities include `resources`. */
export function offersResources(capabilities: Record<string, unknown> | undefined): boolean {
  return typeof capabilities?.resources === 'object' && capabilities.resources !== null;
}

/**
 * True when this session can subscribe: the server declares `resources.subscribe` (a 2025 session
 * sends `resources/subscribe`; the 2026-07-28 era listens with `resourceSubscriptions`).
 */
export function canSubscribe(state: Pick<ServerState, 'capabilities' | 'era'>): boolean {
  const resources = state.capabilities?.resources as { subscribe?: unknown } | undefined;
  return state.era !== undefined && resources?.subscribe === true;
}

/** The resources capability of one connection. */
export class ResourcesCapability implements CapabilityModule {
  readonly name = 'resources';
  readonly loadMethods = ['resources/list', 'resources/templates/list'] as const;
  private subscriptions: Record<string, ResourceSubscription> = {};
  /** 2026: the open `subscriptions/listen` stream of each subscribed URI. */
  private readonly listens = new Map<string, McpSubscription>();
  /** The client the subscriptions were made on: a new session (reconnect, renewal) starts with none. */
  private subscribedOn?: Client;
  private warnings: readonly string[] = [];

  constructor(
    private readonly host: CapabilityHost,
    private readonly changes?: ContentChanges,
    private readonly now: () => number = Date.now,
  ) {}

  /** The lists are fetched again here on `notifications/resources/list_changed`. */
  clientOptions() {
    return { listChanged: { resources: refreshOnListChanged('resources', () => this.refresh(), this.host) } };
  }

  /** Each update of a subscribed resource is counted and told (an update of another URI is ignored). */
  register(client: Client): void {
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      const uri = notification.params.uri;
      if (client === this.subscribedOn && this.subscriptions[uri]) this.updated(uri);
    });
  }

  /** Lists resources and templates, every page of each (the SDK walks `nextCursor`). */
  async load(client: Client, call: McpCall): Promise<CapabilityLoad> {
    this.follow(client);
    if (!offersResources(client.getServerCapabilities() as Record<string, unknown> | undefined)) {
      return { state: { resources: [], resourceTemplates: [], resourceSubscriptions: this.subscriptions }, warnings: [] };
    }
    const options = { timeout: this.host.timeoutMs(), signal: call.controller.signal, cacheMode: 'refresh' as const };
    const warnings: string[] = [];
    const listed = await listOrWarn('resources/list', async () => (await client.listResources(undefined, options)).resources, warnings);
    const templates = await listOrWarn(
      'resources/templates/list',
      async () => (await client.listResourceTemplates(undefined, options)).resourceTemplates,
      warnings,
    );
    const resources = readResourceList(listed);
    const resourceTemplates = readTemplateList(templates);
    const dropped = listed.length - resources.length + templates.length - resourceTemplates.length;
    if (dropped > 0) warnings.push(`${dropped} listed resource(s) or template(s) had no uri or name and are not shown.`);
    this.warnings = warnings;
    return { state: { resources, resourceTemplates, resourceSubscriptions: this.subscriptions }, warnings: this.warnings };
  }

  /** Lists resources and templates again (a list_changed), then tells the content changes. */
  async refresh(): Promise<void> {
    const listed = await this.host.request({ methods: this.loadMethods }, (client, call) => this.load(client, call));
    this.host.loaded(this.name, listed);
    this.changes?.emit({ kind: 'resources-listed' });
  }

  /** Reads a resource (never from the SDK's cache: every read is on the wire). */
  read(uri: string, signal?: AbortSignal): Promise<McpResourceContent[]> {
    return this.host.request({ methods: ['resources/read'], ...(signal ? { signal } : {}) }, async (client, call) => {
      const result = await client.readResource(
        { uri },
        { signal: call.controller.signal, timeout: this.host.timeoutMs(), cacheMode: 'bypass' },
      );
      return readResourceContents(result.contents);
    });
  }

  /** Subscribes to a resource's updates; its entry appears in the state with no updates yet. */
  async subscribe(uri: string): Promise<void> {
    if (this.listens.has(uri)) return;
    await this.host.request({ methods: ['resources/subscribe', 'subscriptions/listen'] }, async (client, call) => {
      this.follow(client);
      if (client.getProtocolEra() === 'modern') await this.listen(client, uri);
      else await client.subscribeResource({ uri }, { signal: call.controller.signal, timeout: this.host.timeoutMs() });
    });
    this.publish({ ...this.subscriptions, [uri]: { updates: 0 } });
  }

  /** Unsubscribes (2026: closes the resource's listen stream); the entry leaves the state. */
  async unsubscribe(uri: string): Promise<void> {
    const listen = this.listens.get(uri);
    if (listen) {
      this.listens.delete(uri);
      await listen.close();
    } else {
      await this.host.request({ methods: ['resources/unsubscribe'] }, (client, call) =>
        client.unsubscribeResource({ uri }, { signal: call.controller.signal, timeout: this.host.timeoutMs() }),
      );
    }
    this.drop(uri);
  }

  /**
   * 2026: opens a listen stream for one resource (resolved once the server acknowledged it). A
   * server that does not honour the URI is told so; one that ends the stream later drops the
   * subscription with a warning (the SDK never listens again by itself).
   */
  private async listen(client: Client, uri: string): Promise<void> {
    // Not the call's signal: the call ends with the acknowledgement, the stream stays open.
    const listen = await client.listen({ resourceSubscriptions: [uri] }, { timeout: this.host.timeoutMs() });
    if (!listen.honoredFilter.resourceSubscriptions?.includes(uri)) {
      await listen.close();
      throw new Error(`The server acknowledged the subscription without ${uri}: it does not send updates of that resource.`);
    }
    this.listens.set(uri, listen);
    void listen.closed.then((how) => {
      if (this.listens.get(uri) !== listen) return;
      this.listens.delete(uri);
      this.drop(uri);
      this.host.warn(
        `The server ended the subscription to ${uri} (${how === 'graceful' ? 'it closed the listen stream' : 'the stream broke'}): subscribe again to follow its updates.`,
      );
    });
  }

  /** Subscriptions belong to one client: a new session (reconnect, renewal) starts with none. */
  private follow(client: Client): void {
    if (client === this.subscribedOn) return;
    this.subscribedOn = client;
    this.subscriptions = {};
    for (const listen of this.listens.values()) void listen.close();
    this.listens.clear();
  }

  private drop(uri: string): void {
    const { [uri]: _gone, ...rest } = this.subscriptions;
    this.publish(rest);
  }

  /** An update arrived: count it, and tell whoever shows the resource to read it again. */
  private updated(uri: string): void {
    this.publish({ ...this.subscriptions, [uri]: { updates: (this.subscriptions[uri]?.updates ?? 0) + 1, updatedAt: this.now() } });
    this.changes?.emit({ kind: 'resource-updated', uri });
  }

  private publish(subscriptions: Record<string, ResourceSubscription>): void {
    this.subscriptions = subscriptions;
    this.host.loaded(this.name, { state: { resourceSubscriptions: subscriptions }, warnings: this.warnings });
  }
}

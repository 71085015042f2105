/**
 * The inbox of server-initiated requests: sampling (`sampling/createMessage`, with `sampling.tools`),
 * elicitation (`elicitation/create`, form and URL mode) and roots (`roots/list`). It declares the
 * client capabilities and registers the handlers; what to answer is decided above this layer (the
 * person, through cards), so every request is handed to an injected InboxHandler. The same
 * handlers answer a 2025 server→client request on the session and a 2026 `input_required` round
 * (the SDK fulfils the embedded requests through them and retries the call).
 */
import type { Client, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { CapabilityClientOptions, CapabilityHost, CapabilityModule, InputContext, InputRequest } from './capability';

/** The server-initiated request methods the inbox answers. */
export type InboxMethod = 'sampling/createMessage' | 'elicitation/create' | 'roots/list';

/** Where a server's request came from: the server, its era, and the agent tool call it arrived during, if any. */
export interface InboxOrigin {
  server: string;
  era: 'legacy' | 'modern';
  /** The agent tool call in flight on this server when the request came (a chat turn); none for a manual call. */
  toolCallId?: string;
  /** A 2026 `input_required` round: the key the server gave the embedded request. */
  inputKey?: string;
}

/** A root the client exposes: a URI and an optional name. */
export interface InboxRoot {
  uri: string;
  name?: string;
}

/** What answers the server's requests (the inbox service). A rejection is sent back as a JSON-RPC error. */
export interface InboxHandler {
  /** A `sampling/createMessage`; resolves to its CreateMessageResult. */
  sampling(origin: InboxOrigin, params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** An `elicitation/create`; resolves to its ElicitResult (`action`, `content`). */
  elicitation(origin: InboxOrigin, params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** The roots to answer `roots/list` with. */
  roots(origin: InboxOrigin): readonly InboxRoot[];
  /** A request the client refused before it reached a card (malformed): what was sent back. */
  refused(origin: InboxOrigin, method: InboxMethod, message: string): void;
}

/** The client capabilities Glassbox declares (sampling with tools, both elicitation modes, roots with list_changed). */
const INBOX_CLIENT_CAPABILITIES = {
  sampling: { tools: {} },
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
} as const;

/** The SDK's message prefix on the JSON-RPC error it sends for a request its schema rejected. */
const REFUSAL_PREFIXES: ReadonlyArray<[string, InboxMethod]> = [
  ['Invalid sampling request', 'sampling/createMessage'],
  ['Invalid elicitation request', 'elicitation/create'],
];

const INBOX_METHODS: readonly InboxMethod[] = ['sampling/createMessage', 'elicitation/create', 'roots/list'];

/** The inbox capability of one connection. */
export class InboxCapability implements CapabilityModule {
  readonly name = 'inbox';
  readonly inputMethods = INBOX_METHODS;
  private client?: Client;

  constructor(
    private readonly host: Pick<CapabilityHost, 'server' | 'toolCallInFlight'>,
    private readonly handler: InboxHandler,
  ) {}

  /** Declares sampling (with tools), elicitation (form and URL) and roots (with list_changed). */
  clientOptions(): CapabilityClientOptions {
    return { capabilities: structuredClone(INBOX_CLIENT_CAPABILITIES) as CapabilityClientOptions['capabilities'] };
  }

  /** Registers the three handlers on a new client; each hands the request to the inbox. */
  register(client: Client): void {
    this.client = client;
    const origin = (inputKey: string | number | undefined): InboxOrigin => {
      const era = client.getProtocolEra() ?? 'legacy';
      const toolCallId = this.host.toolCallInFlight();
      return {
        server: this.host.server,
        era,
        ...(toolCallId !== undefined ? { toolCallId } : {}),
        // An embedded request of a 2026 round is dispatched with the server's key as its id.
        ...(era === 'modern' && typeof inputKey === 'string' ? { inputKey } : {}),
      };
    };
    client.setRequestHandler(
      'sampling/createMessage',
      (request, ctx) => this.handler.sampling(origin(ctx.mcpReq.id), request.params as Record<string, unknown>, ctx.mcpReq.signal) as never,
    );
    client.setRequestHandler(
      'elicitation/create',
      (request, ctx) =>
        this.handler.elicitation(origin(ctx.mcpReq.id), request.params as Record<string, unknown>, ctx.mcpReq.signal) as never,
    );
    client.setRequestHandler('roots/list', (_request, ctx) => ({
      roots: this.handler.roots(origin(ctx.mcpReq.id)).map((root) => ({ ...root })),
    }));
  }

  /**
   * Answers an embedded request a 2026 task asks with `inputRequests` (the client sends the
   * answers with `tasks/update`): the same handler, with the task's key and tool call as origin.
   */
  async answerInput(key: string, request: InputRequest, context: InputContext): Promise<Record<string, unknown>> {
    const origin: InboxOrigin = {
      server: this.host.server,
      era: 'modern',
      inputKey: key,
      ...(context.toolCallId !== undefined ? { toolCallId: context.toolCallId } : {}),
    };
    if (request.method === 'sampling/createMessage') return this.handler.sampling(origin, request.params, context.signal);
    if (request.method === 'elicitation/create') return this.handler.elicitation(origin, request.params, context.signal);
    if (request.method === 'roots/list') return { roots: this.handler.roots(origin).map((root) => ({ ...root })) };
    throw new Error(`The inbox does not answer ${request.method}.`);
  }

  /**
   * Watches what the client sends: the SDK checks a sampling or elicitation request against its
   * schema before any handler runs and answers a malformed one with a JSON-RPC error itself; that
   * answer is the one place the refusal can be seen, so the inbox is told from here.
   */
  watch(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.noticeRefusal(message);
      return send(message, options);
    };
  }

  private noticeRefusal(message: JSONRPCMessage): void {
    const error = (message as { error?: { message?: unknown } }).error;
    if (typeof error?.message !== 'string') return;
    const text = error.message;
    const match = REFUSAL_PREFIXES.find(([prefix]) => text.startsWith(prefix));
    if (!match) return;
    const era = this.client?.getProtocolEra() ?? 'legacy';
    this.handler.refused({ server: this.host.server, era }, match[1], text);
  }

  /** Tells the server the roots changed (2025 sessions; a 2026 server asks for them in each round). */
  async rootsChanged(): Promise<void> {
    const client = this.client;
    if (!client || client.getProtocolEra() !== 'legacy' || !client.transport) return;
    await client.sendRootsListChanged();
  }
}

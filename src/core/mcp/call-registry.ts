/**
 * The calls a connection is making through the SDK, and which JSON-RPC requests each one sent:
 * the typed per-call context the wire tap asks for by id (which tool call a request serves), and
 * the way to fail the right call when the tap finds that its answer cannot come.
 *
 * A request is claimed by its call as the SDK hands it to the transport (`send` is the one place
 * that sees the id the SDK gave it): a tools/call by the very arguments object the call passed
 * (the SDK forwards it untouched), any other request by its method.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { RequestRef } from '../traffic';
import type { CallContext } from '../traffic';

/** One call in flight: what it is, what it sent, and how it is failed. */
export interface McpCall {
  /** The methods whose requests belong to it (a listing's pages, a handshake's probe and initialize). */
  readonly methods: readonly string[];
  /** For a tools/call: the arguments object handed to the SDK (matched by identity). */
  readonly arguments?: object;
  /** What its traffic carries (the agent's tool call id). */
  readonly context?: CallContext;
  /** Aborts the SDK's request: with the person's reason, or with the coded error the tap found. */
  readonly controller: AbortController;
  /** The JSON-RPC requests it sent so far, oldest first. */
  readonly requests: RequestRef[];
  /** The coded error the tap found in an answer, if any: it is what the call fails with. */
  failure?: Error;
  /**
   * A 2026 task handle (`resultType: "task"`) the server answered instead of the result: the SDK's
   * codec refuses that result type, so it is kept here as it arrived, for the tasks capability.
   */
  taskHandle?: Record<string, unknown>;
}

/** What a new call is given. */
export interface CallSpec {
  methods: readonly string[];
  arguments?: object;
  context?: CallContext;
  /** The person's signal (a stop button); the call's controller follows it. */
  signal?: AbortSignal;
}

/** The key of an id (1 and "1" are different ids). */
const idKey = (id: string | number): string => `${typeof id}:${id}`;

/** The methods a 2026 server may answer with `input_required`, retried by the client in rounds. */
const ROUND_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** How many requests are remembered after their call ended (late progress notifications). */
const MAX_REMEMBERED = 1000;

/** How many unused controllers of ended calls are kept for the next calls. */
const MAX_SPARE_CONTROLLERS = 8;

/** The calls of one SDK session (its JSON-RPC ids are unique within it). */
export class CallRegistry {
  private readonly open = new Set<McpCall>();
  private readonly byId = new Map<string, McpCall>();
  /** Each open call's listener on the person's signal, removed when the call ends. */
  private readonly unfollow = new WeakMap<McpCall, () => void>();
  /**
   * Controllers of ended calls that were never aborted. One call after another reuses them, as the
   * SDK reuses its one transport signal: a fresh signal per call makes Chromium's fetch and the tap
   * set up their abort plumbing again on every request (measured: about 5 % of a tools/call round
   * trip against the bare SDK). The SDK removes its listeners from a signal when a request ends.
   */
  private readonly spare: AbortController[] = [];

  /** Starts a call; `end` it when the SDK call settles. */
  begin(spec: CallSpec): McpCall {
    const controller = this.spare.pop() ?? new AbortController();
    const call: McpCall = {
      methods: spec.methods,
      controller,
      requests: [],
      ...(spec.arguments ? { arguments: spec.arguments } : {}),
      ...(spec.context ? { context: spec.context } : {}),
    };
    const signal = spec.signal;
    if (signal?.aborted) controller.abort(signal.reason);
    else if (signal) {
      const follow = () => controller.abort(signal.reason);
      signal.addEventListener('abort', follow, { once: true });
      this.unfollow.set(call, () => signal.removeEventListener('abort', follow));
    }
    this.open.add(call);
    return call;
  }

  /** The call is over: later requests are not claimed by it, and its unused controller serves a later call. */
  end(call: McpCall): void {
    if (!this.open.delete(call)) return;
    this.unfollow.get(call)?.();
    this.unfollow.delete(call);
    if (!call.controller.signal.aborted && this.spare.length < MAX_SPARE_CONTROLLERS) this.spare.push(call.controller);
  }

  /** True while the call has not ended (only then may its controller be aborted: an ended call's may serve another). */
  isOpen(call: McpCall): boolean {
    return this.open.has(call);
  }

  /** The agent tool call of an open call, if one is in flight (a server's request during it belongs to it). */
  toolCallInFlight(): string | undefined {
    for (const call of this.open) if (call.context?.toolCallId !== undefined) return call.context.toolCallId;
    return undefined;
  }

  /**
   * The context of the request with this id: its call's, plus, for a retry of the call's first
   * request (a 2026 `input_required` round: same method, new id), that first request's id.
   */
  contextOf(id: string | number): CallContext | undefined {
    const call = this.of(id);
    if (!call) return undefined;
    const first = call.requests[0];
    const own = call.requests.find((request) => idKey(request.id) === idKey(id));
    if (!first || !own || own === first || own.method !== first.method || !ROUND_METHODS.has(own.method)) return call.context;
    return { ...call.context, roundOf: first.id };
  }

  /** Gives a request sent outside the SDK (a load probe's repeat, probe-sender.ts) to its call, as the SDK's own are claimed. */
  adopt(call: McpCall, id: string | number, method: string): void {
    call.requests.push({ id, method });
    this.remember(id, call);
  }

  /** The call that sent the request with this id, if one of ours did. */
  of(id: string | number): McpCall | undefined {
    return this.byId.get(idKey(id));
  }

  /**
   * Makes the transport's `send` give each request to the call that made it, and its `onmessage`
   * (an accessor: the client sets it while connecting) show each answer to that call first.
   */
  watch(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      for (const single of Array.isArray(message) ? (message as JSONRPCMessage[]) : [message]) this.claim(single);
      return send(message, options);
    };
    let handler: Transport['onmessage'];
    const observed: NonNullable<Transport['onmessage']> = (message, extra) => {
      this.observe(message);
      handler?.(message, extra);
    };
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      get: () => (handler ? observed : undefined),
      set: (next: Transport['onmessage']) => {
        handler = next;
      },
    });
  }

  /** Keeps a 2026 task handle on the call whose request it answers. */
  private observe(message: JSONRPCMessage): void {
    const m = message as { id?: unknown; result?: unknown };
    if ((typeof m.id !== 'string' && typeof m.id !== 'number') || typeof m.result !== 'object' || m.result === null) return;
    const result = m.result as Record<string, unknown>;
    if (result['resultType'] !== 'task') return;
    const call = this.of(m.id);
    if (call) call.taskHandle = result;
  }

  /** Finds the call a request belongs to (oldest first) and remembers it under the request's id. */
  private claim(message: JSONRPCMessage): void {
    const m = message as { id?: unknown; method?: unknown; params?: { arguments?: unknown } };
    if (typeof m.method !== 'string' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return;
    for (const call of this.open) {
      const mine =
        call.arguments !== undefined
          ? m.method === 'tools/call' && m.params?.arguments === call.arguments
          : call.methods.includes(m.method);
      if (!mine) continue;
      call.requests.push({ id: m.id, method: m.method });
      this.remember(m.id, call);
      return;
    }
  }

  /** Remembers the call of a request id (the oldest forgotten past MAX_REMEMBERED). */
  private remember(id: string | number, call: McpCall): void {
    this.byId.set(idKey(id), call);
    for (const key of this.byId.keys()) {
      if (this.byId.size <= MAX_REMEMBERED) break;
      this.byId.delete(key);
    }
  }
}

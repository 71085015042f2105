/**
 * The inbox service: answers the servers' requests (it is the connections' InboxHandler). Sampling
 * and elicitation wait for the person on cards (sampling twice: before the model sees it, and
 * before its reply goes back), unless the server's sampling policy is `allow`; roots are answered
 * from the person's list. Tool uses in a sampling reply pass the chat's tool gate before the reply
 * goes back (see sampling-tool-gate.ts). A framework-free store the cards read.
 */
import type { ElicitationFieldMessage, ElicitationValues } from '../elicitation';
import type { InboxHandler, InboxMethod, InboxOrigin, InboxRoot } from '../mcp';
import type { SamplingRequest } from '../sampling';
import { Listeners } from '../shared/listeners';
import type { ApprovalDecision } from '../agent';
import { memoryStorage, PolicyStore } from '../tools';
import type { SamplingModel } from './ask-model';
import { INVALID_PARAMS_CODE, ServerRequestRefusal, USER_REJECTED_CODE } from './inbox-error';
import type { ElicitationItem, InboxItem, InboxSnapshot, RefusedItem, RootsItem, SamplingItem } from './inbox-types';
import type { RootsStore } from './roots-store';
import type { SamplingPolicyStore } from './sampling-policy';
import { decideToolUse, gateToolUses, hasPendingToolUse, resultToReturn } from './sampling-tool-gate';
import type { SamplingToolPolicies } from './sampling-tool-gate';

/** The request readers' module (request-readers.ts). */
type RequestReaders = typeof import('./request-readers');

/** Most items kept (the oldest finished ones go first). */
const MAX_INBOX_ITEMS = 200;

/** What the inbox is built from. */
export interface InboxOptions {
  model: SamplingModel;
  policies: SamplingPolicyStore;
  roots: RootsStore;
  /** The chat's tool policies, which gate tool uses in sampling replies. Default: a store of its own in memory (every tool `ask`). */
  toolPolicies?: SamplingToolPolicies;
  now?: () => number;
}

/** A request waiting for the person: how its handler's promise is settled. */
interface Waiting {
  resolve(result: Record<string, unknown>): void;
  reject(reason: unknown): void;
  signal: AbortSignal;
}

/** See the file comment. */
export class Inbox implements InboxHandler {
  private readonly listeners = new Listeners();
  private readonly waiting = new Map<string, Waiting>();
  private items: InboxItem[] = [];
  private snapshot: InboxSnapshot = { items: [] };
  private nextId = 0;
  private readonly now: () => number;
  private readonly toolPolicies: SamplingToolPolicies;
  /** The request readers, once the first request loaded them. */
  private readers: RequestReaders | undefined;

  constructor(private readonly options: InboxOptions) {
    this.now = options.now ?? Date.now;
    this.toolPolicies = options.toolPolicies ?? new PolicyStore({ storage: memoryStorage() });
  }

  /** Registers a listener; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The current items, oldest first. */
  getSnapshot = (): InboxSnapshot => this.snapshot;

  /** A server asks the client's model. */
  async sampling(origin: InboxOrigin, params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>> {
    const { parseSamplingRequest } = await this.loadReaders();
    const parsed = parseSamplingRequest(params);
    const automatic = parsed.ok && this.options.policies.policyOf(origin.server) === 'allow';
    const item = this.add<SamplingItem>({
      kind: 'sampling',
      origin,
      status: parsed.ok ? 'pending' : 'invalid',
      ...(parsed.ok ? { request: parsed.request } : {}),
      problems: parsed.ok ? [] : parsed.problems.map((problem) => problem.message),
      warnings: [],
      automatic,
    });
    if (!parsed.ok) {
      throw new ServerRequestRefusal(INVALID_PARAMS_CODE, `Invalid sampling request: ${item.problems.join('; ')}`);
    }
    const answer = this.wait(item.id, signal);
    if (automatic) void this.approveSampling(item.id).then(() => this.returnSampling(item.id));
    return answer;
  }

  /** A server asks the person for input (a form, or a visit to a link). */
  async elicitation(origin: InboxOrigin, params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>> {
    const { ElicitationUrlError, parseElicitationUrl, readElicitationForm } = await this.loadReaders();
    const message = typeof params['message'] === 'string' ? params['message'] : '';
    const problems: string[] = [];
    const fields: Partial<ElicitationItem> = {};
    if (params['mode'] === 'url') {
      try {
        fields.link = parseElicitationUrl(String(params['url'] ?? ''));
      } catch (error) {
        if (!(error instanceof ElicitationUrlError)) throw error;
        problems.push(error.message);
      }
    } else {
      const read = readElicitationForm(params['requestedSchema']);
      if (read.ok) fields.form = read.form;
      else problems.push(...read.problems.map((problem) => problem.message));
    }
    const item = this.add<ElicitationItem>({
      kind: 'elicitation',
      origin,
      status: 'pending',
      message,
      mode: params['mode'] === 'url' ? 'url' : 'form',
      ...fields,
      problems,
    });
    return this.wait(item.id, signal);
  }

  /** A server asks for the roots: answered from the person's list, noted in the inbox. */
  roots(origin: InboxOrigin): readonly InboxRoot[] {
    const roots = this.options.roots.getSnapshot().roots;
    this.add<RootsItem>({ kind: 'roots', origin, roots });
    return roots;
  }

  /** The client refused a malformed request (the SDK answered it with a JSON-RPC error). */
  refused(origin: InboxOrigin, method: InboxMethod, message: string): void {
    this.add<RefusedItem>({ kind: 'refused', origin, method, message });
  }

  /** Sends a pending sampling request (as the person edited it) to the model; its reply waits for `returnSampling`. */
  async approveSampling(id: string, edited?: SamplingRequest): Promise<void> {
    const item = this.find(id, 'sampling');
    const waiting = this.waiting.get(id);
    if (!item?.request || !waiting || (item.status !== 'pending' && item.status !== 'failed')) return;
    const request = edited ?? item.request;
    this.update(id, { status: 'sending', request });
    delete (this.find(id, 'sampling') as { error?: string }).error;
    try {
      // Sending to the model (conversion, request, streaming) loads with the first approved request.
      const { askModel } = await import('./ask-model');
      const reply = await askModel(request, item.origin.server, this.options.model, waiting.signal);
      const toolUses = gateToolUses(reply.result, request.tools, item.origin.server, this.toolPolicies);
      if (this.find(id, 'sampling')?.status === 'sending')
        this.update(id, { status: 'replied', reply, warnings: reply.warnings, toolUses });
    } catch (error) {
      if (this.find(id, 'sampling')?.status === 'sending')
        this.update(id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Sends the model's reply back to the server, once no tool use in it waits for a decision; refused tool uses are left out. */
  returnSampling(id: string): void {
    const item = this.find(id, 'sampling');
    if (item?.status !== 'replied' || !item.reply || hasPendingToolUse(item.toolUses)) return;
    const result = resultToReturn(item.reply.result, item.toolUses ?? []);
    this.settle(id, { status: 'returned' }, (waiting) => waiting.resolve(result as unknown as Record<string, unknown>));
  }

  /**
   * The person's decision on a tool use in a sampling reply (as on the chat's approval card). With
   * the server's sampling policy `allow`, the reply goes back once the last one is decided.
   */
  decideSamplingToolUse(id: string, toolUseId: string, decision: ApprovalDecision): void {
    const item = this.find(id, 'sampling');
    if (item?.status !== 'replied' || !item.toolUses) return;
    const toolUses = decideToolUse(item.toolUses, toolUseId, decision, item.origin.server, this.toolPolicies);
    if (!toolUses) return;
    this.update(id, { toolUses });
    if (item.automatic) this.returnSampling(id);
  }

  /** Refuses a sampling request (before or after the model answered): the server gets the spec's error. */
  denySampling(id: string): void {
    const item = this.find(id, 'sampling');
    if (!item || !['pending', 'sending', 'replied', 'failed'].includes(item.status)) return;
    this.settle(id, { status: 'denied' }, (waiting) =>
      waiting.reject(new ServerRequestRefusal(USER_REJECTED_CODE, 'User rejected sampling request')),
    );
  }

  /**
   * Answers an elicitation. Accepting a form checks the values first: the messages come back (one
   * per problem, per field) and nothing is sent while there are any.
   */
  answerElicitation(id: string, action: 'accept' | 'decline' | 'cancel', values: ElicitationValues = {}): ElicitationFieldMessage[] {
    const item = this.find(id, 'elicitation');
    if (item?.status !== 'pending') return [];
    if (action !== 'accept') {
      this.settle(id, { status: action }, (waiting) => waiting.resolve({ action }));
      return [];
    }
    if (item.problems.length > 0)
      return [{ field: '', code: 'required', message: 'This request cannot be accepted: decline or cancel it.' }];
    if (item.mode === 'url') {
      this.settle(id, { status: 'accept' }, (waiting) => waiting.resolve({ action: 'accept' }));
      return [];
    }
    const form = item.form!;
    // Loaded: the item exists because elicitation() read it with them.
    const { buildAcceptResult, validateElicitationValues } = this.readers!;
    const messages = validateElicitationValues(form, values);
    if (messages.length > 0) return messages;
    const result = buildAcceptResult(form, values);
    this.settle(id, { status: 'accept' }, (waiting) => waiting.resolve(result));
    return [];
  }

  /** The request readers, loaded with the first request a server makes. */
  private async loadReaders(): Promise<RequestReaders> {
    return (this.readers ??= await import('./request-readers'));
  }

  /** The pending request's handler promise, withdrawn (rejected) when the server or the call gives up. */
  private wait(id: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    let waiting!: Waiting;
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => (waiting = { resolve, reject, signal }));
    this.waiting.set(id, waiting);
    const onAbort = () => {
      if (!this.waiting.delete(id)) return;
      this.update(id, { status: 'withdrawn' });
      waiting.reject(signal.reason ?? new Error('The request was withdrawn'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    return answer.finally(() => signal.removeEventListener('abort', onAbort));
  }

  private settle(id: string, patch: Partial<InboxItem>, answer: (waiting: Waiting) => void): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    this.update(id, patch);
    answer(waiting);
  }

  private find<K extends InboxItem['kind']>(id: string, kind: K): Extract<InboxItem, { kind: K }> | undefined {
    const item = this.items.find((entry) => entry.id === id);
    return item?.kind === kind ? (item as Extract<InboxItem, { kind: K }>) : undefined;
  }

  private add<T extends InboxItem>(fields: Omit<T, 'id' | 'at'>): T {
    const item = { ...fields, id: `inbox-${++this.nextId}`, at: this.now() } as T;
    this.items = [...this.items, item];
    // The oldest items that no longer wait go first.
    while (this.items.length > MAX_INBOX_ITEMS) {
      const index = this.items.findIndex((entry) => !this.waiting.has(entry.id));
      if (index < 0) break;
      this.items.splice(index, 1);
    }
    this.publish();
    return item;
  }

  private update(id: string, patch: Partial<InboxItem>): void {
    this.items = this.items.map((item) => (item.id === id ? ({ ...item, ...patch } as InboxItem) : item));
    this.publish();
  }

  private publish(): void {
    this.snapshot = { items: this.items };
    this.listeners.notify();
  }
}

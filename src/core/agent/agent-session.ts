/**
 * The agent session: one conversation with a model that can call MCP and local tools. It owns
 * the settings, the chat items, the neutral history and the timelines, runs turns with the
 * agent loop (run-turn), and publishes immutable snapshots for the UI
 * (`useSyncExternalStore(session.subscribe, session.getSnapshot)`). No React, no DOM.
 */
import { isProviderId, PROVIDER_IDS, PROVIDERS, type ProviderId } from '../providers';
import type { PolicyStore, ToolRegistry } from '../tools';
import { ApprovalGate, createAbortError } from './approval-gate';
import { sleepWithSignal } from './call-model';
import type { CallMcpTool } from './execute-tool-call';
import { runTurn, type TurnOutcome } from './run-turn';
import { parseSessionData } from './session-data';
import { SessionState } from './session-state';
import type { AgentSessionData, AgentSnapshot, ChatItem, ModelSettings, TurnTimeline } from './session-types';
import type { NeutralRequest } from '../conversation';
import type { CallContext } from '../traffic';

export type {
  AgentSessionData,
  AgentSnapshot,
  AssistantItem,
  ChatItem,
  ErrorItem,
  ModelSettings,
  NoticeItem,
  PublicSettings,
  RequestRecord,
  TimelineSpan,
  ToolCallDecision,
  ToolCallItem,
  ToolCallStatus,
  TurnTimeline,
  UserItem,
} from './session-types';

/** What a session needs from the rest of the app. */
export interface AgentSessionDeps {
  /** The tools the model can see (MCP stand-ins and local tools). */
  registry: ToolRegistry;
  /** The person's allow / ask / deny choices. */
  policies: PolicyStore;
  /** Calls a tool on a connected MCP server; resolves to its CallToolResult. */
  callMcpTool: CallMcpTool;
  /** Per-server tool-call timeout in milliseconds; undefined = the connection's default. */
  timeoutFor?(server: string): number | undefined;
  /** The fetch a model request goes through: tapped, its source the provider, its exchange part of `context` (turn, step). */
  modelFetch(provider: ProviderId, context: CallContext): typeof fetch;
  /** Wall clock in epoch milliseconds. Default is `Date.now`. */
  now?(): number;
  /** Ids for chat items. Default is a counter with a random prefix. */
  generateId?(): string;
  /** Waits between retries, rejecting when the signal aborts. Injectable for tests. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** Settings to start with; the rest are the defaults (see DEFAULT_SETTINGS). */
  initialSettings?: Partial<ModelSettings>;
  /** Called with the API key whenever it is set, so the traffic log can redact it everywhere. */
  registerSecret?(value: string): void;
  /** The page's origin (a same-origin failure is not blamed on CORS). Default: `location.origin` when there is one. */
  pageOrigin?: string;
  /** True when the browser is offline. Default: `navigator.onLine === false` when there is a navigator. */
  isOffline?(): boolean;
  /** First retry pause in milliseconds. Default is 1000. */
  retryBaseMs?: number;
  /** Most text characters the model receives from one tool result. Default is 20000. */
  maxResultChars?: number;
}

/** The format a session starts with: the registry's first. */
const DEFAULT_PROVIDER = PROVIDER_IDS[0]!;

/** The settings a session starts with: the registry's first format and its first suggested model. */
export const DEFAULT_SETTINGS: Readonly<ModelSettings> = Object.freeze({
  provider: DEFAULT_PROVIDER,
  model: PROVIDERS[DEFAULT_PROVIDER].modelSuggestions[0] ?? '',
  baseUrl: '',
  apiKey: '',
  maxSteps: 10,
  maxTokens: 4096,
});

/** Error codes of AgentSessionError. */
export type AgentSessionErrorCode = 'busy';

/** A call the session cannot honour in its current state. */
export class AgentSessionError extends Error {
  override readonly name = 'AgentSessionError';
  readonly code: AgentSessionErrorCode;

  constructor(code: AgentSessionErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The turn being run, so stop() can abort it and the next turn can wait for it to unwind. */
interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

/** One conversation with the model; see the file comment. */
export class AgentSession {
  private readonly deps: AgentSessionDeps;
  private readonly now: () => number;
  private readonly generateId: () => string;
  private readonly listeners = new Set<() => void>();
  private readonly approvals = new ApprovalGate();
  private settings: ModelSettings;
  private state: SessionState;
  private active: ActiveRun | undefined;
  private running = false;
  private canRetry = false;
  private retryStep = 1;
  private canContinue = false;
  private continueStep = 1;
  private snapshot: AgentSnapshot | undefined;
  private notifyScheduled = false;

  constructor(deps: AgentSessionDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => Date.now());
    this.generateId = deps.generateId ?? counterIds();
    this.settings = normalizeSettings({ ...DEFAULT_SETTINGS, ...deps.initialSettings });
    if (this.settings.apiKey !== '') deps.registerSecret?.(this.settings.apiKey);
    this.state = this.createState();
  }

  /** Registers a listener called (at most once per microtask) after changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The current immutable snapshot (the same object until something changes). */
  getSnapshot = (): AgentSnapshot => {
    if (!this.snapshot) this.snapshot = this.buildSnapshot();
    return this.snapshot;
  };

  /** The API key, for the key input only (snapshots never hold it). */
  getApiKey(): string {
    return this.settings.apiKey;
  }

  /** Changes settings. Switching provider mid-chat is allowed: the next request uses the new format with the same history. */
  setSettings(patch: Partial<ModelSettings>): void {
    const previous = this.settings;
    const next = normalizeSettings({ ...previous, ...withoutUndefined(patch) });
    if ('system' in patch && patch.system === undefined) delete next.system;
    this.settings = next;
    if (next.apiKey !== previous.apiKey && next.apiKey !== '') this.deps.registerSecret?.(next.apiKey);
    if (next.provider !== previous.provider && this.state.items.length > 0) {
      this.state.addItem({
        kind: 'notice',
        id: this.generateId(),
        turn: this.state.turn,
        text: `Next request in ${PROVIDERS[next.provider].label} format — same history, same MCP messages.`,
        at: this.now(),
      });
    }
    this.changed();
  }

  /**
   * Adds a user message and runs a turn; resolves when the turn ends (done, failed or stopped).
   * Blank text is ignored; rejects with AgentSessionError `busy` while another turn runs.
   */
  async send(text: string): Promise<void> {
    if (text.trim() === '') return;
    if (this.running) throw new AgentSessionError('busy', 'A turn is running: wait for it or stop it before sending.');
    await this.active?.done;
    if (this.running) throw new AgentSessionError('busy', 'A turn is running: wait for it or stop it before sending.');
    const state = this.state;
    state.turn += 1;
    state.addItem({ kind: 'user', id: this.generateId(), text, at: this.now() });
    state.appendHistory({ role: 'user', parts: [{ type: 'text', text }] });
    this.canRetry = false;
    this.canContinue = false;
    await this.run(state.turn, 1);
  }

  /** Aborts the model stream and the tool calls in flight; the conversation is kept and stays valid. */
  stop(): void {
    if (!this.active || this.active.controller.signal.aborted) return;
    this.active.controller.abort(createAbortError('Stopped by the person.'));
    this.running = false;
    this.changed();
  }

  /** Runs the last failed turn again from the kept history; does nothing when there is nothing to retry. */
  async retry(): Promise<void> {
    if (this.running || !this.canRetry) return;
    await this.active?.done;
    if (this.running || !this.canRetry) return;
    this.canRetry = false;
    this.canContinue = false;
    await this.run(this.state.turn, this.retryStep);
  }

  /**
   * Continues the last turn after it stopped at its step limit: the model is asked again (it sees
   * that its last calls were not run) with a fresh budget of `maxSteps` requests. Does nothing
   * when the last turn did not stop at its limit.
   */
  async continueTurn(): Promise<void> {
    if (this.running || !this.canContinue) return;
    await this.active?.done;
    if (this.running || !this.canContinue) return;
    this.canContinue = false;
    this.canRetry = false;
    await this.run(this.state.turn, this.continueStep, this.continueStep);
  }

  /** Lets a tool call that waits for approval run; `always` also sets the tool's policy to allow. */
  approve(toolCallId: string, mode: 'once' | 'always'): void {
    this.approvals.decide(toolCallId, mode);
  }

  /** Refuses a tool call that waits for approval; the model is told the person denied it. */
  deny(toolCallId: string): void {
    this.approvals.decide(toolCallId, 'deny');
  }

  /** Starts an empty conversation (settings kept); a running turn is stopped. */
  newSession(): void {
    this.replaceState(this.createState());
  }

  /** The neutral request built for model request (turn, step), to rebuild it in the other format. */
  requestFor(turn: number, step: number): NeutralRequest | undefined {
    return this.state.requestFor(turn, step);
  }

  /** The conversation as plain JSON (no API key), for saving. */
  exportData(): AgentSessionData {
    const { apiKey: _apiKey, ...settings } = this.settings;
    const snapshot = this.getSnapshot();
    return structuredCloneJson({
      version: 1,
      settings,
      items: [...snapshot.items],
      history: [...snapshot.history],
      timelines: [...snapshot.timelines],
      turn: this.state.turn,
      requests: [...this.state.requests.values()],
    });
  }

  /**
   * Replaces the conversation with saved data (a running turn is stopped). Settings are taken
   * from the data, the API key is kept. Returns what could not be restored.
   */
  importData(data: unknown): { problems: string[] } {
    const parsed = parseSessionData(data);
    if (!parsed.data) return { problems: parsed.problems };
    const restored = parsed.data;
    const state = this.createState();
    state.items = restored.items;
    state.history = restored.history;
    state.timelines = restored.timelines;
    state.turn = restored.turn;
    for (const record of restored.requests) state.requests.set(`${record.turn}:${record.step}`, record);
    this.settings = normalizeSettings({ ...this.settings, ...restored.settings, apiKey: this.settings.apiKey });
    if (restored.settings.system === undefined) delete this.settings.system;
    this.replaceState(state);
    return { problems: parsed.problems };
  }

  private async run(turn: number, startStep: number, budgetFrom?: number): Promise<void> {
    const controller = new AbortController();
    const state = this.state;
    let outcome: TurnOutcome | undefined;
    const active: ActiveRun = { controller, done: Promise.resolve() };
    this.active = active;
    this.running = true;
    this.changed();
    active.done = (async () => {
      try {
        outcome = await runTurn({
          state,
          services: {
            registry: this.deps.registry,
            policies: this.deps.policies,
            callMcpTool: this.deps.callMcpTool,
            ...(this.deps.timeoutFor ? { timeoutFor: (server: string) => this.deps.timeoutFor?.(server) } : {}),
            modelFetch: (provider, context) => this.deps.modelFetch(provider, context),
            now: this.now,
            generateId: this.generateId,
            sleep: this.deps.sleep ?? sleepWithSignal,
            ...optional('pageOrigin', this.deps.pageOrigin ?? defaultPageOrigin()),
            isOffline: this.deps.isOffline ?? defaultIsOffline,
            ...optional('retryBaseMs', this.deps.retryBaseMs),
            ...optional('maxResultChars', this.deps.maxResultChars),
          },
          approvals: this.approvals,
          settings: () => this.settings,
          turn,
          startStep,
          ...optional('budgetFrom', budgetFrom),
          signal: controller.signal,
        });
      } catch (error) {
        // runTurn reports failures as items; reaching here is a bug, shown rather than lost.
        state.addItem({
          kind: 'error',
          id: this.generateId(),
          turn,
          title: 'Something went wrong in Glassbox',
          detail: error instanceof Error ? error.message : String(error),
          code: 'internal',
          retryable: true,
          at: this.now(),
        });
        outcome = { kind: 'failed', step: startStep };
      }
    })();
    await active.done;
    if (this.active !== active) return;
    this.active = undefined;
    this.running = false;
    if (outcome?.kind === 'failed' && !state.isDetached) {
      this.canRetry = true;
      this.retryStep = outcome.step;
    }
    if (outcome?.kind === 'step-limit' && !state.isDetached) {
      this.canContinue = true;
      this.continueStep = outcome.step + 1;
    }
    this.changed();
  }

  private replaceState(state: SessionState): void {
    this.active?.controller.abort(createAbortError('A new session was started.'));
    this.approvals.cancelAll(createAbortError('A new session was started.'));
    this.active = undefined;
    this.state.detach();
    this.state = state;
    this.running = false;
    this.canRetry = false;
    this.retryStep = 1;
    this.canContinue = false;
    this.continueStep = 1;
    this.changed();
  }

  private createState(): SessionState {
    const state: SessionState = new SessionState(() => {
      if (this.state === state) this.changed();
    });
    return state;
  }

  /** Marks the snapshot stale and notifies listeners once per microtask. */
  private changed(): void {
    this.snapshot = undefined;
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => {
      this.notifyScheduled = false;
      for (const listener of [...this.listeners]) listener();
    });
  }

  private buildSnapshot(): AgentSnapshot {
    const { apiKey, ...rest } = this.settings;
    const timelines: TurnTimeline[] = this.state.timelines.map((timeline) =>
      Object.freeze({ ...timeline, spans: Object.freeze([...timeline.spans]) as TurnTimeline['spans'] }),
    );
    return Object.freeze({
      settings: Object.freeze({ ...rest, hasApiKey: apiKey !== '' }),
      items: Object.freeze([...this.state.items]) as readonly ChatItem[],
      history: Object.freeze([...this.state.history]),
      running: this.running,
      turn: this.state.turn,
      timelines: Object.freeze(timelines),
      canRetry: this.canRetry,
      canContinue: this.canContinue,
    });
  }
}

/** Fills invalid numbers with defaults (step limit and max tokens are positive integers). */
function normalizeSettings(settings: ModelSettings): ModelSettings {
  const next = { ...settings };
  next.maxSteps = positiveInteger(next.maxSteps, DEFAULT_SETTINGS.maxSteps);
  next.maxTokens = positiveInteger(next.maxTokens, DEFAULT_SETTINGS.maxTokens);
  if (!isProviderId(next.provider)) next.provider = DEFAULT_SETTINGS.provider;
  return next;
}

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function defaultPageOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: unknown } }).location;
  return typeof location?.origin === 'string' && location.origin !== 'null' ? location.origin : undefined;
}

function defaultIsOffline(): boolean {
  const navigator = (globalThis as { navigator?: { onLine?: unknown } }).navigator;
  return navigator?.onLine === false;
}

/** Ids `<prefix>-1`, `<prefix>-2`, … with a random prefix per session object. */
function counterIds(): () => string {
  const prefix = Math.random().toString(36).slice(2, 8);
  let next = 0;
  return () => `${prefix}-${++next}`;
}

function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

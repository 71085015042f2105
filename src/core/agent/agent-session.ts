/**
 * The agent session: one conversation with a model that can call MCP and local tools. It owns
 * the settings, the chat items, the neutral history and the timelines, runs turns with the
 * agent loop (run-turn), and publishes immutable snapshots for the UI
 * (`useSyncExternalStore(session.subscribe, session.getSnapshot)`). No React, no DOM.
 */
import { PROVIDERS } from '../providers';
import type { NeutralMessage, NeutralPart, NeutralRequest } from '../conversation';
import { insertMessages, PendingContext } from './pending-context';
import { ApprovalGate, createAbortError } from './approval-gate';
import type { TurnOutcome } from './run-turn';
import { parseSessionData } from './session-data';
import { counterIds, optional, turnServices, type AgentSessionDeps } from './session-services';
import { DEFAULT_SETTINGS, normalizeSettings, patchSettings } from './session-settings';
import { buildSnapshot, exportSessionData, restoreState } from './session-snapshot';
import { SessionState } from './session-state';
import type { AgentSessionData, AgentSnapshot, ModelContextNote, ModelSettings } from './session-types';
import { CodedError } from '../shared/coded-error';
import { Listeners } from '../shared/listeners';

/** Error codes of AgentSessionError. */
type AgentSessionErrorCode = 'busy';

/** A call the session cannot honour in its current state. */
class AgentSessionError extends CodedError<AgentSessionErrorCode> {
  override readonly name = 'AgentSessionError';
}

/** How a view's context reads in the model request: labelled, so the model knows where it comes from. */
function contextText(note: ModelContextNote): string {
  return `[Context from the app view ${note.label}]\n${note.text}`;
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
  private readonly listeners = new Listeners();
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
  private readonly pending = new PendingContext(() => this.changed());

  constructor(deps: AgentSessionDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => Date.now());
    this.generateId = deps.generateId ?? counterIds();
    this.settings = normalizeSettings({ ...DEFAULT_SETTINGS, ...deps.initialSettings });
    if (this.settings.apiKey !== '') deps.registerSecret?.(this.settings.apiKey);
    this.state = this.createState();
  }

  /** Registers a listener called (at most once per microtask) after changes; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The current immutable snapshot (the same object until something changes). */
  getSnapshot = (): AgentSnapshot => {
    if (!this.snapshot)
      this.snapshot = buildSnapshot(this.settings, this.state, {
        running: this.running,
        canRetry: this.canRetry,
        canContinue: this.canContinue,
        attachments: this.pending.attachments,
      });
    return this.snapshot;
  };

  /** The API key, for the key input only (snapshots never hold it). */
  getApiKey(): string {
    return this.settings.apiKey;
  }

  /** Changes settings. Switching provider mid-chat is allowed: the next request uses the new format with the same history. */
  setSettings(patch: Partial<ModelSettings>): void {
    const previous = this.settings;
    const next = patchSettings(previous, patch);
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
   * The attached resources go with it, after its text; `from` names the app view that sent it
   * (`ui/message`), and the context views left goes before it. Blank text is ignored; rejects with
   * AgentSessionError `busy` while another turn runs.
   */
  async send(text: string, options: { from?: string } = {}): Promise<void> {
    if (text.trim() === '') return;
    if (this.running) throw new AgentSessionError('busy', 'A turn is running: wait for it or stop it before sending.');
    await this.active?.done;
    if (this.running) throw new AgentSessionError('busy', 'A turn is running: wait for it or stop it before sending.');
    const state = this.state;
    state.turn += 1;
    const attached = this.pending.take();
    const context = this.deps.takeModelContext?.() ?? [];
    state.addItem({
      kind: 'user',
      id: this.generateId(),
      text,
      at: this.now(),
      ...(attached.length > 0 ? { attachments: attached.map((item) => item.label) } : {}),
      ...(options.from !== undefined ? { from: options.from } : {}),
      ...(context.length > 0 ? { context } : {}),
    });
    const typed = options.from !== undefined ? `[Sent by the app view ${options.from}]\n${text}` : text;
    state.appendHistory({
      role: 'user',
      parts: [
        ...context.map((note) => ({ type: 'text' as const, text: contextText(note) })),
        { type: 'text', text: typed },
        ...attached.flatMap((item) => item.parts),
      ],
    });
    this.canRetry = false;
    this.canContinue = false;
    await this.run(state.turn, 1);
  }

  /** Attaches context (a resource) to the next message. */
  attach(label: string, parts: NeutralPart[]): void {
    this.pending.add({ id: this.generateId(), label, parts });
  }

  /** Removes an attachment before it is sent. */
  removeAttachment(id: string): void {
    this.pending.remove(id);
  }

  /** Adds messages (a prompt's) to the conversation without running a turn: the next request carries them. */
  insertMessages(messages: readonly NeutralMessage[], source: string): void {
    if (this.running) throw new AgentSessionError('busy', 'A turn is running: wait for it or stop it before inserting a prompt.');
    insertMessages(this.state, messages, source, this.generateId, this.now(), this.settings.provider);
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
    await this.runAgainIf(
      () => this.canRetry,
      () => this.run(this.state.turn, this.retryStep),
    );
  }

  /**
   * Continues the last turn after it stopped at its step limit: the model is asked again (it sees
   * that its last calls were not run) with a fresh budget of `maxSteps` requests. Does nothing
   * when the last turn did not stop at its limit.
   */
  async continueTurn(): Promise<void> {
    await this.runAgainIf(
      () => this.canContinue,
      () => this.run(this.state.turn, this.continueStep, this.continueStep),
    );
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
    return exportSessionData(this.settings, this.getSnapshot(), this.state);
  }

  /** `exportData` without the copy, for the session persistence: its lists hold the session's own items and records. Read, never change. */
  exportForSave(): AgentSessionData {
    return exportSessionData(this.settings, this.getSnapshot(), this.state, false);
  }

  /**
   * Replaces the conversation with saved data (a running turn is stopped). Settings are taken
   * from the data, the API key is kept. Returns what could not be restored.
   */
  importData(data: unknown): { problems: string[] } {
    const parsed = parseSessionData(data);
    if (!parsed.data) return { problems: parsed.problems };
    const restored = parsed.data;
    const state = restoreState(this.createState(), restored);
    this.settings = normalizeSettings({ ...this.settings, ...restored.settings, apiKey: this.settings.apiKey });
    if (restored.settings.system === undefined) delete this.settings.system;
    this.replaceState(state);
    return { problems: parsed.problems };
  }

  /** Runs the last turn again when `allowed` still holds once the previous run has unwound (and no other run started). */
  private async runAgainIf(allowed: () => boolean, again: () => Promise<void>): Promise<void> {
    if (this.running || !allowed()) return;
    await this.active?.done;
    if (this.running || !allowed()) return;
    this.canRetry = false;
    this.canContinue = false;
    await again();
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
        // The turn runner (model requests, streaming, tool calls) loads on the first send, not with the page.
        const { runTurn } = await import('./run-turn');
        outcome = await runTurn({
          state,
          services: turnServices(this.deps, this.now, this.generateId),
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
    this.listeners.notifySoon();
  }
}

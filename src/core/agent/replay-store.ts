/**
 * The replays of the session's turns: each one a branch that re-asks a finished turn against
 * another wire format, model or base URL (see replay-run), kept beside the conversation and never
 * in it. It records both sides of the comparison and publishes immutable snapshots for the UI.
 * One replay runs at a time, so every replay request in the log belongs to the replay running.
 */
import type { NeutralUsage } from '../conversation';
import type { TrafficLog } from '../traffic';
import { CodedError } from '../shared/coded-error';
import { Listeners } from '../shared/listeners';
import type { AgentSession } from './agent-session';
import { ApprovalGate, createAbortError } from './approval-gate';
import { ModelRequestError } from './model-failure';
import { recordedCallsOf } from './replay-match';
import { addUsage, originalExchanges, originalSide } from './replay-original';
import { parseReplayData, sideCallsOf, toReplayData, type ReplayData } from './replay-data';
import type { Replay, ReplaySnapshot, ReplayTarget } from './replay-types';
import type { TurnServices } from './session-services';
import type { ToolCallItem } from './session-types';

/** Error codes of ReplayError. */
export type ReplayErrorCode = 'busy' | 'no-turn' | 'read-only';

/** A replay that cannot start. */
export class ReplayError extends CodedError<ReplayErrorCode> {
  override readonly name = 'ReplayError';
}

/** What the replays read and use. */
export interface ReplayStoreDeps {
  session: Pick<AgentSession, 'getSnapshot' | 'getApiKey' | 'requestFor'>;
  log: Pick<TrafficLog, 'getSnapshot'>;
  /** The conversation's services: the same registry, policies, MCP calls and recording model fetch. */
  services: TurnServices;
}

/** Holds the replays; see the file comment. */
export class ReplayStore {
  private readonly listeners = new Listeners();
  private readonly approvals = new ApprovalGate();
  private readonly controllers = new Map<string, AbortController>();
  private replays: Replay[] = [];
  private snapshot: ReplaySnapshot | undefined;
  private nextId = 1;

  /** Without deps the store only shows replays (an imported session's): it cannot start one. */
  constructor(private readonly deps?: ReplayStoreDeps) {}

  /** Registers a listener called after changes; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The current immutable snapshot. */
  getSnapshot = (): ReplaySnapshot => {
    if (!this.snapshot) this.snapshot = { replays: [...this.replays] };
    return this.snapshot;
  };

  /** True for a store that only shows replays (no deps): the UI offers no "Replay" then. */
  get readOnly(): boolean {
    return this.deps === undefined;
  }

  /** The form's starting values: the conversation's current format, model and base URL, tools not called live. */
  defaults(): ReplayTarget {
    const { provider, model, baseUrl } = this.liveDeps().session.getSnapshot().settings;
    return { provider, model, baseUrl, callToolsLive: false };
  }

  /** True while a replay runs (one at a time). */
  get running(): boolean {
    return this.controllers.size > 0;
  }

  /**
   * Replays `turn` against `target`; resolves with the finished replay (its status says how it
   * ended: a failed model request is a `failed` replay, not a rejection). Rejects with ReplayError
   * `busy` while another replay runs, `no-turn` when the turn's first request is not recorded.
   */
  async start(turn: number, target: ReplayTarget): Promise<Replay> {
    const deps = this.liveDeps();
    if (this.running) throw new ReplayError('busy', 'A replay is running: wait for it or stop it first.');
    const { session, log, services } = deps;
    const snapshot = session.getSnapshot();
    const base = session.requestFor(turn, 1);
    const timeline = snapshot.timelines.find((entry) => entry.turn === turn);
    const exchanges = log.getSnapshot().exchanges;
    const originals = originalExchanges(exchanges, turn, timeline);
    const first = originals[0];
    if (base === undefined || first === undefined || timeline === undefined) {
      throw new ReplayError('no-turn', `Turn ${turn} cannot be replayed: its first model request is not in this session.`);
    }
    const id = `replay-${this.nextId++}`;
    const startedAt = services.now();
    const logStart = exchanges.length;
    const original = originalSide({
      turn,
      items: snapshot.items,
      timeline,
      exchanges,
      provider: first.source as Replay['target']['provider'],
      model: base.model,
    });
    const replay: Replay = {
      id,
      turn,
      turnStartedAt: timeline.startedAt,
      target: { provider: target.provider, model: target.model, baseUrl: target.baseUrl },
      callToolsLive: target.callToolsLive,
      replayOf: first.id,
      status: 'running',
      startedAt,
      calls: [],
      original,
      side: { provider: target.provider, model: target.model, requestIds: [], calls: [], finalText: '', usage: {} },
    };
    this.replays.push(replay);
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.changed();

    const requestIds = (): number[] =>
      log
        .getSnapshot()
        .exchanges.slice(logStart)
        .flatMap((exchange) => (exchange.replayOf === first.id ? [exchange.id] : []));
    let usage: NeutralUsage = {};
    let finalText = '';
    try {
      // The replay runner (model requests, tool calls) loads with the first replay, not with the page.
      const { runReplay } = await import('./replay-run');
      const status = await runReplay({
        base,
        target,
        apiKey: session.getApiKey(),
        maxSteps: snapshot.settings.maxSteps,
        recorded: recordedCallsOf(snapshot.items, turn),
        replayOf: first.id,
        services,
        approvals: this.approvals,
        signal: controller.signal,
        sink: {
          addCall: (call) => {
            this.update(id, (current) => ({ ...current, calls: [...current.calls, call] }));
            return (this.find(id)?.calls.length ?? 1) - 1;
          },
          updateCall: (index, change) => this.updateCall(id, index, change),
          addResponse: (more, text) => {
            usage = addUsage(usage, more);
            if (text !== '') finalText = text;
            this.update(id, (current) => ({ ...current, side: { ...current.side, usage, finalText, requestIds: requestIds() } }));
          },
        },
      });
      this.finish(id, { status }, requestIds(), services.now());
    } catch (error) {
      const stopped = controller.signal.aborted;
      const message =
        error instanceof ModelRequestError
          ? `${error.failure.title}: ${error.failure.detail}`
          : error instanceof Error
            ? error.message
            : String(error);
      this.finish(id, stopped ? { status: 'stopped' } : { status: 'failed', error: message }, requestIds(), services.now());
    }
    return this.find(id) ?? replay;
  }

  /** Stops a running replay (its model request and the tool calls in flight). */
  stop(id: string): void {
    this.controllers.get(id)?.abort(createAbortError('Replay stopped by the person.'));
  }

  /** Lets a live replay call that waits for approval run; `always` also sets the tool's policy to allow. */
  approve(toolCallId: string, mode: 'once' | 'always'): void {
    this.approvals.decide(toolCallId, mode);
  }

  /** Refuses a live replay call that waits for approval. */
  deny(toolCallId: string): void {
    this.approvals.decide(toolCallId, 'deny');
  }

  /** The replays as saved with the session and exported (replay-data.ts: exchanges by id, no results). */
  exportData(): ReplayData {
    return toReplayData(this.replays);
  }

  /**
   * Replaces the replays with saved ones (untrusted: storage or a file); returns what could not
   * be read. A replay that was running when saved comes back stopped. Call it when none runs.
   */
  importData(value: unknown): { problems: string[] } {
    const { replays, problems } = parseReplayData(value);
    this.replays = replays;
    // New ids continue after the restored ones, so a new replay never takes an old one's id.
    const numbers = replays.map((replay) => Number(/^replay-(\d+)$/.exec(replay.id)?.[1] ?? 0));
    this.nextId = Math.max(this.nextId, ...numbers.map((n) => n + 1));
    this.changed();
    return { problems };
  }

  /** Forgets every replay (a new session); one still running is stopped first. */
  clear(): void {
    for (const controller of this.controllers.values()) controller.abort(createAbortError('The session was cleared.'));
    this.controllers.clear();
    this.replays = [];
    this.changed();
  }

  private liveDeps(): ReplayStoreDeps {
    if (this.deps === undefined) throw new ReplayError('read-only', 'This session is shown read-only: it cannot be replayed.');
    return this.deps;
  }

  private finish(id: string, outcome: Pick<Replay, 'status' | 'error'>, requestIds: number[], endedAt: number): void {
    this.controllers.delete(id);
    this.update(id, (current) => ({
      ...current,
      ...outcome,
      endedAt,
      side: { ...current.side, requestIds, durationMs: endedAt - current.startedAt },
    }));
  }

  private updateCall(id: string, index: number, change: (item: ToolCallItem) => ToolCallItem): void {
    this.update(id, (current) => ({
      ...current,
      calls: current.calls.map((call, at) => (at === index ? { ...call, item: change(call.item) } : call)),
    }));
  }

  private find(id: string): Replay | undefined {
    return this.replays.find((replay) => replay.id === id);
  }

  /** Applies a change; the replayed side's call list follows the calls. */
  private update(id: string, change: (replay: Replay) => Replay): void {
    this.replays = this.replays.map((replay) => {
      if (replay.id !== id) return replay;
      const next = change(replay);
      return { ...next, side: { ...next.side, calls: sideCallsOf(next.calls) } };
    });
    this.changed();
  }

  private changed(): void {
    this.snapshot = undefined;
    this.listeners.notifySoon();
  }
}

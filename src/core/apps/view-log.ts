/**
 * The view log (shown as the "App bridge" wire): every postMessage between Glassbox and an app's view,
 * in both directions, recorded once where it passes (the view channel) with the view and the tool call it belongs to.
 * Framework-free: subscribe/getSnapshot.
 */
import { Listeners } from '../shared/listeners';

/** Which way a message went. */
type ViewDirection = 'to-app' | 'from-app';

/** One recorded message. */
export interface ViewLogEntry {
  id: number;
  /** Epoch ms. */
  at: number;
  /** The view it belongs to. */
  viewId: string;
  /** The server whose view it is. */
  server: string;
  /** The tool call that opened the view (a chat call's id, or the manual call's). */
  toolCallId?: string;
  direction: ViewDirection;
  /** The JSON-RPC method, `response` for an answer, or what the host made of it (`rate-limited`, `invalid`, `csp-violation`). */
  method: string;
  /** The JSON-RPC id, when the message has one. */
  rpcId?: string | number;
  /** The message as sent (JSON). */
  message: unknown;
  /** What the host did about it, when it did something (dropped, refused). */
  note?: string;
}

/** Most entries kept: older ones go first (a flooding view cannot grow the page without end). */
const MAX_VIEW_LOG_ENTRIES = 2000;

/** Longest a new entry waits before listeners hear of it, in ms: a busy view adds many a second, the panel redraws a few times. */
const VIEW_LOG_NOTIFY_MS = 100;

/** An immutable view of the log. */
export interface ViewLogSnapshot {
  entries: readonly ViewLogEntry[];
  /** Entries dropped for room. */
  evicted: number;
}

/** The log of every view's postMessage traffic. */
export class ViewLog {
  private readonly listeners = new Listeners();
  private entries: ViewLogEntry[] = [];
  private evicted = 0;
  private nextId = 1;
  private snapshot: ViewLogSnapshot = { entries: [], evicted: 0 };
  private dirty = false;
  private notifyScheduled = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Registers a listener (called at most once per microtask); returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The current snapshot (the same object until something changes; built when asked for, not per entry). */
  getSnapshot = (): ViewLogSnapshot => {
    if (this.dirty) {
      this.dirty = false;
      this.snapshot = { entries: [...this.entries], evicted: this.evicted };
    }
    return this.snapshot;
  };

  /** Records one message; returns its entry. */
  add(entry: Omit<ViewLogEntry, 'id' | 'at'>): ViewLogEntry {
    const recorded: ViewLogEntry = { ...entry, id: this.nextId++, at: this.now() };
    this.entries.push(recorded);
    if (this.entries.length > MAX_VIEW_LOG_ENTRIES) {
      const extra = this.entries.length - MAX_VIEW_LOG_ENTRIES;
      this.entries.splice(0, extra);
      this.evicted += extra;
    }
    this.dirty = true;
    this.scheduleNotify();
    return recorded;
  }

  /** Forgets everything (a new session). */
  clear(): void {
    this.entries = [];
    this.evicted = 0;
    this.dirty = true;
    this.scheduleNotify();
  }

  private scheduleNotify(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setTimeout(() => {
      this.notifyScheduled = false;
      this.listeners.notify();
    }, VIEW_LOG_NOTIFY_MS);
  }
}

/**
 * What views asked to add to the model's context (`ui/update-model-context`): the latest per
 * view, shown to the person while it waits, and taken (once) into the next user message of the
 * conversation, where it is visible in the chat and on the model wire.
 */
import { Listeners } from '../shared/listeners';

/** One view's context for the model. */
export interface AppContextEntry {
  viewId: string;
  /** Who it comes from, for the person and the model (server · tool). */
  label: string;
  /** The text the model will be given. */
  text: string;
}

/** The pending context of every view. */
export class AppContextStore {
  private readonly listeners = new Listeners();
  private pending: readonly AppContextEntry[] = [];

  /** Registers a listener; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** What waits for the next model request (the same array until something changes). */
  getSnapshot = (): readonly AppContextEntry[] => this.pending;

  /** Sets a view's context (replacing what it set before); empty text clears it. */
  set(entry: AppContextEntry): void {
    const others = this.pending.filter((item) => item.viewId !== entry.viewId);
    this.pending = entry.text.trim() === '' ? others : [...others, entry];
    this.listeners.notifySoon();
  }

  /** Takes everything waiting (the next user message carries it). */
  take(): readonly AppContextEntry[] {
    const taken = this.pending;
    if (taken.length === 0) return taken;
    this.pending = [];
    this.listeners.notifySoon();
    return taken;
  }
}

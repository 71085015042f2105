/** The part of the replay store the chat uses (a `ReplayStore` fits it). */
import type { ReplayStore } from '../../core/agent';

/** What the turn replay form and its results need from the replays. */
export type ReplayControls = Pick<
  ReplayStore,
  'subscribe' | 'getSnapshot' | 'readOnly' | 'defaults' | 'start' | 'stop' | 'approve' | 'deny'
>;

/** Selects a model request (by exchange id) on the model wire, scrolled into view with its detail open. */
export type ShowRequest = (exchangeId: number) => void;

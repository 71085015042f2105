/** The shapes the session persistence works with: the stores it follows, and what it reports. */
import type { ReplayData } from '../agent/replay-data';
import type { AgentSessionData } from '../agent/session-types';
import type { TrafficLogData, TrafficSnapshot } from '../traffic/traffic-log';

/** The traffic log as the persistence needs it (a `TrafficLog` fits). */
export interface PersistedTrafficLog {
  subscribe(listener: () => void): () => void;
  getSnapshot(): TrafficSnapshot;
  load(data: TrafficLogData): void;
}

/** The agent session as the persistence needs it (an `AgentSession` fits). */
export interface PersistedAgentSession {
  subscribe(listener: () => void): () => void;
  /** The same object until the conversation changes. */
  getSnapshot(): { items: readonly unknown[] };
  /**
   * The conversation as `exportData` gives it, without the copy: its items, messages and request
   * records are the session's own (replaced when they change, never mutated), so saves compare
   * them by identity and write only the chunks that changed. Read it, never change it.
   */
  exportForSave(): AgentSessionData;
  importData(data: unknown): { problems: string[] };
}

/** The session's replays as the persistence needs them (a `ReplayStore` fits). */
export interface PersistedReplays {
  subscribe(listener: () => void): () => void;
  /** The same object until the replays change. */
  getSnapshot(): unknown;
  exportData(): ReplayData;
  importData(data: unknown): { problems: string[] };
}

/** What `restore()` found. */
export interface RestoreResult {
  /** True when saved traffic records or chat items were put back. */
  restored: boolean;
  /** The saved config text (secrets stripped), when there was one. */
  configText?: string;
  /** Everything that could not be restored, for the person to read. */
  problems: string[];
  /** How many records and chat items came back. */
  counts: { exchanges: number; messages: number; items: number };
}

/** The save state, for a status indicator. A new object after every change. */
export interface PersistenceStatus {
  /** Changes wait for the next save. */
  dirty: boolean;
  /** A save is being written. */
  saving: boolean;
  /** When the last save completed, epoch milliseconds. */
  lastSavedAt?: number;
  /** Why the last save failed; cleared by the next successful one. */
  error?: string;
}

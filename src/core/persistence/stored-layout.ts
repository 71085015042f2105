/**
 * What the session persistence stores and how it finds it again: the storage keys, and the
 * layout record (`session.meta`) that says how many records and chunks of each kind there are.
 */
import type { TrafficSnapshot } from '../traffic/traffic-log';
import { isCount, isCountOrZero } from '../shared/json';

/** Storage keys. */
export const PERSISTENCE_KEYS = {
  meta: 'session.meta',
  conversation: 'session.conversation',
  config: 'session.config',
  /** The replays of the session's turns (core/agent replay-data), apart from the conversation: saved when they change. */
  replays: 'session.replays',
  chunk: (kind: 'exchanges' | 'messages', index: number) => `traffic.${kind}.${index}`,
  /** A chunk of one of the conversation's lists (core/persistence/stored-conversation.ts). */
  conversationChunk: (list: 'items' | 'history' | 'requests', index: number) => `conversation.${list}.${index}`,
} as const;

/** The format marker of the layout record. */
const PERSISTENCE_FORMAT = 'glassbox-persisted-session';

/** The layout record: how many records and chunks of each kind are stored. */
export interface StoredLayout {
  format: typeof PERSISTENCE_FORMAT;
  version: 1;
  /** Unique per save: `<writer>:<count>`. */
  saveId: string;
  chunkSize: number;
  exchanges: { count: number; chunks: number };
  messages: { count: number; chunks: number };
  savedAt: number;
}

/** Validates the layout record; undefined when it is not one this version can read. */
export function parseLayout(value: unknown): StoredLayout | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const layout = value as Partial<Record<keyof StoredLayout, unknown>>;
  if (layout.format !== PERSISTENCE_FORMAT || layout.version !== 1 || !isCount(layout.chunkSize)) return undefined;
  const part = (raw: unknown): { count: number; chunks: number } | undefined => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { count, chunks } = raw as { count?: unknown; chunks?: unknown };
    return isCountOrZero(count) && isCountOrZero(chunks) && chunks <= 1_000_000 ? { count, chunks } : undefined;
  };
  const exchanges = part(layout.exchanges);
  const messages = part(layout.messages);
  if (!exchanges || !messages) return undefined;
  const saveId = typeof layout.saveId === 'string' ? layout.saveId : '';
  return {
    format: PERSISTENCE_FORMAT,
    version: 1,
    saveId,
    chunkSize: layout.chunkSize,
    exchanges,
    messages,
    savedAt: typeof layout.savedAt === 'number' ? layout.savedAt : 0,
  };
}

/** The layout record of a save of this snapshot. */
export function buildLayout(snapshot: TrafficSnapshot, saveId: string, chunkSize: number, savedAt: number): StoredLayout {
  return {
    format: PERSISTENCE_FORMAT,
    version: 1,
    saveId,
    chunkSize: chunkSize,
    exchanges: { count: snapshot.exchangeCount, chunks: chunkCount(snapshot.exchangeCount, chunkSize) },
    messages: { count: snapshot.messageCount, chunks: chunkCount(snapshot.messageCount, chunkSize) },
    savedAt,
  };
}

/** How many chunks of `size` records hold `count` records. */
export function chunkCount(count: number, size: number): number {
  return Math.ceil(count / size);
}

/**
 * The conversation as the session persistence stores it. The three lists that grow with a
 * session — chat items, the neutral history, and the record of each model request — are kept in
 * chunks by index (`conversation.<list>.<n>`), and the rest (settings, timelines, turn count) in a
 * small head record under `session.conversation` that also says how many of each list are stored.
 * Items and messages are replaced when they change, never mutated, so a save compares them by
 * identity and writes only the chunks that changed: a long turn's saves stay the size of what
 * it added, not of the whole conversation (a turn of 200 steps re-saved it all at every step). A record written by an earlier version (the
 * whole `AgentSessionData` in one value) is still read.
 */
import type { AgentSessionData } from '../agent/session-types';
import { cloneJson, isCountOrZero } from '../shared/json';
import { ChunkTracker, type ChunkPlan } from './chunk-tracker';
import { readMany, type KeyValueBackend } from './key-value-backend';
import type { PersistedAgentSession } from './persistence-types';
import { chunkCount, PERSISTENCE_KEYS } from './stored-layout';

/** The lists kept in chunks, in the order they are read. */
const LISTS = ['items', 'history', 'requests'] as const;
type ListName = (typeof LISTS)[number];

/** The format marker of the head record. */
const CONVERSATION_FORMAT = 'glassbox-conversation-parts';

/** The head record: everything but the lists, and how many of each list are stored. */
export interface StoredConversationHead {
  format: typeof CONVERSATION_FORMAT;
  version: 1;
  chunkSize: number;
  data: Omit<AgentSessionData, ListName>;
  lists: Record<ListName, { count: number; chunks: number }>;
}

/** Stands for "the session's lists" in the trackers: each save hands over fresh copies of the same lists, so only their elements are compared. */
const SESSION_LISTS = Symbol('session lists');

/** Validates a head record; undefined when the value is not one (an earlier version's whole record, or damage). */
function parseConversationHead(value: unknown): StoredConversationHead | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const head = value as Partial<Record<keyof StoredConversationHead, unknown>>;
  if (head.format !== CONVERSATION_FORMAT || head.version !== 1 || !isCountOrZero(head.chunkSize) || head.chunkSize < 1) return undefined;
  if (typeof head.data !== 'object' || head.data === null || typeof head.lists !== 'object' || head.lists === null) return undefined;
  const lists = {} as StoredConversationHead['lists'];
  for (const list of LISTS) {
    const raw = (head.lists as Record<string, unknown>)[list] as { count?: unknown; chunks?: unknown } | undefined;
    if (!raw || !isCountOrZero(raw.count) || !isCountOrZero(raw.chunks) || raw.chunks > 1_000_000) return undefined;
    lists[list] = { count: raw.count, chunks: raw.chunks };
  }
  return { format: CONVERSATION_FORMAT, version: 1, chunkSize: head.chunkSize, data: head.data as StoredConversationHead['data'], lists };
}

/** Remembers which items, messages and request records are stored, so a save writes only the chunks that changed. */
export class ConversationChunks {
  private readonly trackers: Record<ListName, ChunkTracker<unknown>>;

  constructor(private readonly chunkSize: number) {
    // Stored as JSON, as `exportData` gives it (structured clone would also take what JSON drops).
    const tracker = (list: ListName) =>
      new ChunkTracker<unknown>(
        (chunk) => PERSISTENCE_KEYS.conversationChunk(list, chunk),
        chunkSize,
        (record) => cloneJson(record) ?? null,
      );
    this.trackers = { items: tracker('items'), history: tracker('history'), requests: tracker('requests') };
  }

  /** The writes that store `data` (its lists the session's own elements, not copies): the changed chunks, then the head. */
  plan(data: AgentSessionData): ChunkPlan {
    const { items, history, requests, ...rest } = data;
    const lists: Record<ListName, readonly unknown[]> = { items, history, requests };
    const plans = LISTS.map((list) => this.trackers[list].plan(lists[list], lists[list].length, SESSION_LISTS));
    const head: StoredConversationHead = {
      format: CONVERSATION_FORMAT,
      version: 1,
      chunkSize: this.chunkSize,
      // Small (settings, timelines): a copy, so the stored head never shares the session's objects.
      data: cloneJson(rest) ?? rest,
      lists: {
        items: { count: items.length, chunks: chunkCount(items.length, this.chunkSize) },
        history: { count: history.length, chunks: chunkCount(history.length, this.chunkSize) },
        requests: { count: requests.length, chunks: chunkCount(requests.length, this.chunkSize) },
      },
    };
    return {
      operations: [...plans.flatMap((plan) => plan.operations), { type: 'put', key: PERSISTENCE_KEYS.conversation, value: head }],
      commit: () => plans.forEach((plan) => plan.commit()),
    };
  }

  /** Takes the restored session's lists as what `head` stored (after a clean restore). */
  adopt(data: Pick<AgentSessionData, ListName>, head: StoredConversationHead): void {
    for (const list of LISTS) this.trackers[list].adopt(data[list], data[list].length, head.lists[list].chunks, SESSION_LISTS);
  }

  /**
   * Reads the conversation `value` names into `session` and takes what it stored as saved.
   * `rewrite` is true when the next save must write it all again: an earlier version's whole
   * record, or damage (missing chunks, items the session refused). Problems are appended.
   */
  async restore(
    backend: KeyValueBackend,
    session: PersistedAgentSession,
    value: unknown,
    problems: string[],
  ): Promise<{ rewrite: boolean }> {
    const stored = await readStoredConversation(backend, value, problems);
    const imported = session.importData(stored.data);
    problems.push(...imported.problems.map((problem) => `Conversation: ${problem}`));
    const restored = session.exportForSave();
    const head = stored.head;
    const exact =
      head !== undefined &&
      stored.complete &&
      imported.problems.length === 0 &&
      LISTS.every((list) => restored[list].length === head.lists[list].count);
    if (exact) this.adopt(restored, head);
    else this.forget(value);
    return { rewrite: !exact };
  }

  /** Forgets what is stored (another tab saved, or the stored record is unreadable): the next save writes everything and deletes `stored`'s surplus chunks. */
  forget(stored: unknown): void {
    const head = parseConversationHead(stored);
    for (const list of LISTS) this.trackers[list].forget(head?.lists[list].chunks ?? 0);
  }
}

/** A stored conversation read back, ready for the session's `importData`. */
interface StoredConversation {
  data: unknown;
  /** The head it was read through; undefined for an earlier version's whole record. */
  head?: StoredConversationHead;
  /** Every chunk the head names was there. */
  complete: boolean;
}

/** Reads the conversation `value` (the record under `session.conversation`) names; missing chunks become problems. */
async function readStoredConversation(backend: KeyValueBackend, value: unknown, problems: string[]): Promise<StoredConversation> {
  const head = parseConversationHead(value);
  if (!head) return { data: value, complete: true };
  const keys = LISTS.flatMap((list) =>
    Array.from({ length: head.lists[list].chunks }, (_, chunk) => PERSISTENCE_KEYS.conversationChunk(list, chunk)),
  );
  const values = await readMany(backend, keys);
  let complete = true;
  let offset = 0;
  const lists = {} as Record<ListName, unknown[]>;
  for (const list of LISTS) {
    const { count, chunks } = head.lists[list];
    const records: unknown[] = [];
    for (let chunk = 0; chunk < chunks; chunk++) {
      const stored = values[offset + chunk];
      if (Array.isArray(stored)) records.push(...stored);
      else {
        complete = false;
        problems.push(
          `Saved conversation ${list} ${chunk * head.chunkSize + 1}–${(chunk + 1) * head.chunkSize} are missing and were not restored.`,
        );
      }
    }
    offset += chunks;
    if (records.length > count) records.length = count;
    lists[list] = records;
  }
  return { data: { ...head.data, ...lists }, head, complete };
}

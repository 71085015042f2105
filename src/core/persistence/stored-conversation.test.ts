import { describe, expect, it } from 'vitest';
import type { AgentSessionData } from '../agent/session-types';
import { conversationData, createOfflineSession, syncLog } from './__fixtures__/session-fixtures';
import { MemoryBackend } from './memory-backend';
import type { PersistedAgentSession } from './persistence-types';
import { SessionPersistence } from './session-persistence';
import { PERSISTENCE_KEYS } from './stored-layout';

/** `turns` copies of the fixture's turn (user, assistant, tool call, assistant), with ids of their own. */
function longConversation(turns: number): AgentSessionData {
  const base = conversationData();
  const data: AgentSessionData = { ...base, items: [], history: [], requests: [] };
  for (let turn = 1; turn <= turns; turn++) {
    data.items.push(
      ...base.items.map((item) => ({ ...item, id: `${item.id}-${turn}`, ...(item.kind === 'tool-call' ? { id: `toolu_${turn}` } : {}) })),
    );
    data.history.push(...(JSON.parse(JSON.stringify(base.history).replaceAll('toolu_1', `toolu_${turn}`)) as AgentSessionData['history']));
  }
  return data;
}

/**
 * A session as the persistence sees one, holding `data`: `append` adds an item the way the agent
 * session does (a new list, the same item objects), so what is stored can be followed write by write.
 */
function listSession(data: AgentSessionData) {
  let current = { ...data };
  let snapshot = { items: current.items };
  const listeners = new Set<() => void>();
  const session: PersistedAgentSession & { append(item: AgentSessionData['items'][number]): void } = {
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    getSnapshot: () => snapshot,
    exportForSave: () => ({ ...current, items: [...current.items], history: [...current.history], requests: [...current.requests] }),
    importData: () => ({ problems: [] }),
    append(item) {
      current = { ...current, items: [...current.items, item] };
      snapshot = { items: current.items };
      for (const listener of listeners) listener();
    },
  };
  return session;
}

const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A real agent session holding 30 turns, saved in chunks of 50. */
async function savedLongConversation() {
  const backend = new MemoryBackend();
  const first = createOfflineSession();
  const saving = new SessionPersistence({ log: syncLog(), session: first, backend, chunkSize: 50 });
  saving.start();
  first.importData(longConversation(30));
  await microtasks();
  await saving.flush();
  return { backend, first };
}

describe('the conversation in chunks (long sessions stay cheap)', () => {
  it('writes only the chunk an appended item lands in, plus the small head and layout', async () => {
    const backend = new MemoryBackend();
    const session = listSession(longConversation(30)); // 120 items, 120 messages
    const persistence = new SessionPersistence({ log: syncLog(), session, backend, chunkSize: 50 });
    persistence.start();
    session.append({ kind: 'user', id: 'first-append', text: 'One more.', at: 9000 });
    await microtasks();
    await persistence.flush();
    expect(backend.writes.filter((write) => write.startsWith('put conversation.items'))).toEqual([
      'put conversation.items.0',
      'put conversation.items.1',
      'put conversation.items.2',
    ]);

    backend.writes.length = 0;
    session.append({ kind: 'user', id: 'second-append', text: 'And another.', at: 9100 });
    await microtasks();
    await persistence.flush();
    expect(backend.writes).toEqual(['put conversation.items.2', `put ${PERSISTENCE_KEYS.conversation}`, `put ${PERSISTENCE_KEYS.meta}`]);
    const head = backend.peek(PERSISTENCE_KEYS.conversation) as { lists: { items: { count: number } } };
    expect(head.lists.items.count).toBe(122);
    // The head carries no list: its size does not grow with the conversation.
    expect(JSON.stringify(head)).not.toContain('Sunny in Paris');
  });

  it('restores exactly what the session exported, and goes on saving in chunks', async () => {
    const { backend, first } = await savedLongConversation();
    expect(backend.keys()).toContain('conversation.history.2');

    const second = createOfflineSession();
    const restoring = new SessionPersistence({ log: syncLog(), session: second, backend, chunkSize: 50 });
    const result = await restoring.restore();
    expect(result.problems).toEqual([]);
    expect(result.counts.items).toBe(120);
    expect(second.exportData()).toEqual(first.exportData());

    // Nothing changed: the restored chunks are adopted, not written again.
    restoring.start();
    backend.writes.length = 0;
    await restoring.flush();
    expect(backend.writes).toEqual([]);
  });

  it('reads a conversation saved whole by an earlier version, then stores it in chunks', async () => {
    const backend = new MemoryBackend();
    const data = longConversation(2);
    await backend.put(PERSISTENCE_KEYS.conversation, data);
    const session = createOfflineSession();
    const persistence = new SessionPersistence({ log: syncLog(), session, backend, chunkSize: 50 });
    const result = await persistence.restore();
    expect(result.problems).toEqual([]);
    expect(session.exportData().items).toEqual(data.items);
    persistence.start();
    await persistence.flush();
    expect(backend.keys()).toEqual(expect.arrayContaining(['conversation.items.0', 'conversation.history.0']));
    expect((backend.peek(PERSISTENCE_KEYS.conversation) as { format: string }).format).toBe('glassbox-conversation-parts');
  });

  it('restores what is there when a chunk is missing, says so, and writes the conversation again', async () => {
    const { backend } = await savedLongConversation();
    await backend.delete('conversation.items.1');

    const second = createOfflineSession();
    const restoring = new SessionPersistence({ log: syncLog(), session: second, backend, chunkSize: 50 });
    const result = await restoring.restore();
    expect(result.problems).toContain('Saved conversation items 51–100 are missing and were not restored.');
    expect(second.getSnapshot().items).toHaveLength(70);
    restoring.start();
    await microtasks();
    await restoring.flush();
    expect(backend.keys()).toContain('conversation.items.1');
    expect((backend.peek(PERSISTENCE_KEYS.conversation) as { lists: { items: { count: number } } }).lists.items.count).toBe(70);
  });

  it('writes the whole conversation when another tab saved in between', async () => {
    const backend = new MemoryBackend();
    const one = listSession(longConversation(30));
    const tabOne = new SessionPersistence({ log: syncLog(), session: one, backend, chunkSize: 50, writerId: 'one' });
    tabOne.start();
    one.append({ kind: 'user', id: 'one', text: 'From tab one.', at: 1 });
    await microtasks();
    await tabOne.flush();

    const two = listSession(longConversation(1));
    const tabTwo = new SessionPersistence({ log: syncLog(), session: two, backend, chunkSize: 50, writerId: 'two' });
    tabTwo.start();
    two.append({ kind: 'user', id: 'two', text: 'From tab two.', at: 2 });
    await microtasks();
    await tabTwo.flush();
    // Tab two's 5 items replaced tab one's 121: its one chunk written, tab one's surplus chunks deleted.
    expect(backend.keys().filter((key) => key.startsWith('conversation.items'))).toEqual(['conversation.items.0']);

    backend.writes.length = 0;
    one.append({ kind: 'user', id: 'one-again', text: 'Tab one again.', at: 3 });
    await microtasks();
    await tabOne.flush();
    // Tab one saves last: all of its conversation is written, not only the last chunk.
    expect(backend.writes.filter((write) => write.startsWith('put conversation.items'))).toEqual([
      'put conversation.items.0',
      'put conversation.items.1',
      'put conversation.items.2',
    ]);
    expect((backend.peek(PERSISTENCE_KEYS.conversation) as { lists: { items: { count: number } } }).lists.items.count).toBe(122);
  });
});

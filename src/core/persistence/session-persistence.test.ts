import { MemoryBackend } from '../shared/memory-backend';
import type { BackendOperation } from '../shared/key-value-backend';
import { describe, expect, it } from 'vitest';
import type { AgentSession } from '../agent/agent-session';
import type { TrafficLog, TrafficLogData } from '../traffic/traffic-log';
import type { HttpExchange, RpcMessageRecord } from '../traffic/types';
import {
  CONFIG_WITH_SECRET,
  conversationData,
  createOfflineSession,
  recordMany,
  recordTurn,
  syncLog,
  TEST_API_KEY,
  TEST_BEARER,
} from './__fixtures__/session-fixtures';
import { INTERRUPTED_NOTE } from './parse-traffic-data';
import { DEFAULT_CHUNK_SIZE, SessionPersistence, type SessionPersistenceOptions } from './session-persistence';
import { PERSISTENCE_KEYS } from './stored-layout';

/** Timers that run only when the test says so. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    setTimer: (callback: () => void) => {
      pending.set(next, callback);
      return next++;
    },
    clearTimer: (handle: unknown) => void pending.delete(handle as number),
    get count() {
      return pending.size;
    },
    runAll() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}

interface Setup {
  log: TrafficLog;
  session: AgentSession;
  backend: MemoryBackend;
  persistence: SessionPersistence;
  timers: ReturnType<typeof manualTimers>;
}

function setup(backend = new MemoryBackend(), options: Partial<SessionPersistenceOptions> = {}): Setup {
  const log = syncLog();
  const session = createOfflineSession();
  const timers = manualTimers();
  const persistence = new SessionPersistence({
    log,
    session,
    backend,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    now: () => 5000,
    ...options,
  });
  return { log, session, backend, persistence, timers };
}

/** Everything stored, as one string, to look for secrets. */
function storedText(backend: MemoryBackend): string {
  return JSON.stringify(backend.keys().map((key) => [key, backend.peek(key)]));
}

/** `count` exchanges and as many notifications, built directly (recording them one by one is slow). */
function manyRecords(count: number): TrafficLogData {
  const exchanges: HttpExchange[] = [];
  const messages: RpcMessageRecord[] = [];
  for (let index = 0; index < count; index++) {
    exchanges.push({
      id: index + 1,
      wire: 'mcp',
      source: 'weather',
      method: 'POST',
      url: 'http://127.0.0.1:4101/mcp',
      startedAt: index,
      requestHeaders: {},
      state: 'done',
      status: 202,
    });
    messages.push({
      seq: index + 1,
      server: 'weather',
      direction: 'out',
      kind: 'notification',
      method: 'notifications/progress',
      message: { jsonrpc: '2.0', method: 'notifications/progress', params: { n: index } },
      at: index,
      exchangeId: index + 1,
    });
  }
  return { exchanges, messages };
}

const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('SessionPersistence', () => {
  it('saves the traffic log, the conversation and the config, and restores them into fresh stores', async () => {
    const first = setup();
    first.persistence.start();
    recordTurn(first.log);
    first.session.importData(conversationData());
    first.persistence.setConfigText(CONFIG_WITH_SECRET);
    await first.persistence.flush();

    const second = setup(first.backend);
    const result = await second.persistence.restore();
    expect(result.problems).toEqual([]);
    expect(result.restored).toBe(true);
    expect(result.counts).toEqual({ exchanges: 2, messages: 2, items: 4 });
    const before = first.log.getSnapshot();
    const after = second.log.getSnapshot();
    expect(after.exchanges.slice(0, after.exchangeCount)).toEqual(before.exchanges.slice(0, before.exchangeCount));
    expect(after.messages.slice(0, after.messageCount)).toEqual(before.messages.slice(0, before.messageCount));
    expect(second.session.exportData()).toEqual(first.session.exportData());
    // The restored log keeps counting after the restored ids.
    expect(second.log.beginExchange({ wire: 'mcp', source: 'weather', method: 'GET', url: 'x', startedAt: 0, requestHeaders: {} })).toBe(3);
    // The config comes back with its secret emptied; the rest is as typed.
    expect(result.configText).toContain('// the demo server');
    expect(result.configText).toContain('"Authorization": ""');
    expect(result.configText).not.toContain(TEST_BEARER);
  });

  it('never stores the API key or a bearer token', async () => {
    const { log, session, backend, persistence } = setup();
    persistence.start();
    expect(session.getApiKey()).toBe(TEST_API_KEY);
    session.importData(conversationData());
    recordTurn(log);
    persistence.setConfigText(CONFIG_WITH_SECRET);
    await persistence.flush();
    const text = storedText(backend);
    expect(text).toContain('Sunny in Paris');
    expect(text).not.toContain(TEST_API_KEY);
    expect(text).not.toContain(TEST_BEARER);
  });

  it('saves at most once per debounce window, and only after a change', async () => {
    const { log, backend, persistence, timers } = setup();
    persistence.start();
    expect(timers.count).toBe(0);
    recordTurn(log);
    recordTurn(log);
    expect(timers.count).toBe(1);
    expect(persistence.getSnapshot().dirty).toBe(true);
    expect(backend.writes).toEqual([]);
    timers.runAll();
    await persistence.flush();
    expect(backend.writes).toEqual([
      `put ${PERSISTENCE_KEYS.chunk('exchanges', 0)}`,
      `put ${PERSISTENCE_KEYS.chunk('messages', 0)}`,
      `put ${PERSISTENCE_KEYS.meta}`,
    ]);
    expect(persistence.getSnapshot()).toEqual({ dirty: false, saving: false, lastSavedAt: 5000 });
    expect(timers.count).toBe(0);
  });

  it('writes only the chunks that changed', async () => {
    const { log, session, backend, persistence } = setup(undefined, { chunkSize: 500 });
    persistence.start();
    recordMany(log, 1200);
    await persistence.flush();
    expect(backend.writes.filter((write) => write.includes('exchanges'))).toEqual([
      'put traffic.exchanges.0',
      'put traffic.exchanges.1',
      'put traffic.exchanges.2',
    ]);

    // An append rewrites only the open, last chunk.
    backend.writes.length = 0;
    recordMany(log, 1);
    await persistence.flush();
    expect(backend.writes).toEqual(['put traffic.exchanges.2', 'put traffic.messages.2', 'put session.meta']);

    // An update to an old record rewrites only its chunk.
    backend.writes.length = 0;
    log.updateExchange(10, { note: 'seen' });
    await persistence.flush();
    expect(backend.writes).toEqual(['put traffic.exchanges.0', 'put session.meta']);
    expect((backend.peek('traffic.exchanges.0') as Array<{ id: number; note?: string }>)[9]).toMatchObject({ id: 10, note: 'seen' });

    // Crossing a chunk boundary opens the next chunk.
    backend.writes.length = 0;
    recordMany(log, 300);
    await persistence.flush();
    expect(backend.writes).toEqual([
      'put traffic.exchanges.2',
      'put traffic.exchanges.3',
      'put traffic.messages.2',
      'put traffic.messages.3',
      'put session.meta',
    ]);

    // A conversation change leaves the traffic alone (the layout record is stamped with the save).
    backend.writes.length = 0;
    session.importData(conversationData());
    await microtasks();
    await persistence.flush();
    expect(backend.writes).toEqual([
      'put conversation.items.0',
      'put conversation.history.0',
      'put session.conversation',
      'put session.meta',
    ]);
  });

  it('rewrites everything after a clear and deletes chunks no longer used', async () => {
    const { log, session, backend, persistence } = setup(undefined, { chunkSize: 10 });
    persistence.start();
    recordMany(log, 25);
    session.importData(conversationData());
    await microtasks();
    await persistence.flush();
    expect(backend.keys()).toContain('traffic.exchanges.2');

    // "New session": both stores cleared.
    backend.writes.length = 0;
    log.clear();
    session.newSession();
    recordMany(log, 3);
    await microtasks();
    await persistence.flush();
    expect(backend.writes).toEqual([
      'delete conversation.items.0',
      'delete conversation.history.0',
      'put session.conversation',
      'put traffic.exchanges.0',
      'delete traffic.exchanges.1',
      'delete traffic.exchanges.2',
      'put traffic.messages.0',
      'delete traffic.messages.1',
      'delete traffic.messages.2',
      'put session.meta',
    ]);

    const again = setup(backend, { chunkSize: 10 });
    const result = await again.persistence.restore();
    expect(result.counts).toEqual({ exchanges: 3, messages: 3, items: 0 });
  });

  it('restores a 100,000-record log and keeps saving incrementally afterwards', { timeout: 120_000 }, async () => {
    const first = setup();
    first.persistence.start();
    first.log.load(manyRecords(100_000));
    await first.persistence.flush();
    expect(first.backend.keys().filter((key) => key.startsWith('traffic.exchanges.'))).toHaveLength(100_000 / DEFAULT_CHUNK_SIZE);

    const second = setup(first.backend);
    const result = await second.persistence.restore();
    expect(result.problems).toEqual([]);
    const snapshot = second.log.getSnapshot();
    expect(snapshot.exchangeCount).toBe(100_000);
    expect(snapshot.messageCount).toBe(100_000);
    expect(snapshot.exchanges[99_999]).toMatchObject({ id: 100_000, startedAt: 99_999 });
    expect(snapshot.messages[54_321]).toMatchObject({ seq: 54_322, message: { params: { n: 54_321 } } });

    // Nothing is rewritten for the restored records; one more record touches one chunk of each kind.
    second.persistence.start();
    first.backend.writes.length = 0;
    recordMany(second.log, 1);
    await second.persistence.flush();
    expect(first.backend.writes).toEqual([
      `put traffic.exchanges.${100_000 / DEFAULT_CHUNK_SIZE}`,
      `put traffic.messages.${100_000 / DEFAULT_CHUNK_SIZE}`,
      'put session.meta',
    ]);
  });

  it('marks exchanges that were under way as interrupted, and stores them that way', async () => {
    const first = setup(undefined, { chunkSize: 4 });
    first.persistence.start();
    recordMany(first.log, 5);
    first.log.beginExchange({
      wire: 'model',
      source: 'openai',
      method: 'POST',
      url: 'x',
      startedAt: 1,
      requestHeaders: {},
      state: 'streaming',
    });
    await first.persistence.flush();

    const second = setup(first.backend, { chunkSize: 4 });
    await second.persistence.restore();
    expect(second.log.getExchange(6)).toMatchObject({ state: 'aborted', note: INTERRUPTED_NOTE });
    second.persistence.start();
    first.backend.writes.length = 0;
    await second.persistence.flush();
    expect(first.backend.writes).toEqual(['put traffic.exchanges.1', 'put session.meta']);
    expect((first.backend.peek('traffic.exchanges.1') as Array<{ state: string }>)[1]?.state).toBe('aborted');
  });

  it('starts clean, with a problem, when the stored layout is unreadable', async () => {
    const backend = new MemoryBackend();
    backend.plant(PERSISTENCE_KEYS.meta, { format: 'something-else' });
    backend.plant(PERSISTENCE_KEYS.conversation, 'not a conversation');
    backend.plant(PERSISTENCE_KEYS.config, 42);
    const { log, persistence } = setup(backend);
    const result = await persistence.restore();
    expect(result.restored).toBe(false);
    expect(result.configText).toBeUndefined();
    expect(result.problems).toEqual([
      'The saved traffic log has an unknown format; it starts empty.',
      'Conversation: The saved session is not a JSON object.',
      'The saved config is not text; it was ignored.',
    ]);
    expect(log.getSnapshot().exchangeCount).toBe(0);
    // The next save replaces the damaged layout.
    persistence.start();
    await persistence.flush();
    expect(backend.peek(PERSISTENCE_KEYS.meta)).toMatchObject({ format: 'glassbox-persisted-session', exchanges: { count: 0, chunks: 0 } });
  });

  it('restores what it can when a chunk is missing or records are damaged, then rewrites the log', async () => {
    const first = setup(undefined, { chunkSize: 10 });
    first.persistence.start();
    recordMany(first.log, 25);
    await first.persistence.flush();
    first.backend.plant('traffic.exchanges.1', 'garbage');
    const messages = first.backend.peek('traffic.messages.0') as Array<Record<string, unknown>>;
    messages[0] = { seq: 'one' };
    first.backend.plant('traffic.messages.0', messages);

    const second = setup(first.backend, { chunkSize: 10 });
    const result = await second.persistence.restore();
    expect(result.problems).toEqual([
      'Saved HTTP exchanges 11–20 are missing or damaged and were not restored.',
      'JSON-RPC message 1 lacks its sequence number, server, direction, kind, method, time or message; it was skipped.',
    ]);
    expect(result.counts).toMatchObject({ exchanges: 15, messages: 24 });

    second.persistence.start();
    first.backend.writes.length = 0;
    await second.persistence.flush();
    expect(first.backend.writes.filter((write) => write.startsWith('put traffic.exchanges'))).toEqual([
      'put traffic.exchanges.0',
      'put traffic.exchanges.1',
    ]);
    expect(first.backend.writes).toContain('delete traffic.exchanges.2');
    const third = setup(first.backend, { chunkSize: 10 });
    expect((await third.persistence.restore()).problems).toEqual([]);
    expect(third.log.getSnapshot().exchangeCount).toBe(15);
  });

  it('reports a backend that cannot be read instead of throwing', async () => {
    const backend = new MemoryBackend();
    backend.getMany = () => Promise.reject(new Error('disk on fire'));
    const { persistence } = setup(backend);
    const result = await persistence.restore();
    expect(result).toMatchObject({ restored: false, problems: ['The saved session could not be read (disk on fire); starting clean.'] });
  });

  it('keeps unsaved parts dirty when a save fails, and saves them next time', async () => {
    const backend = new MemoryBackend();
    const realBatch = backend.batch.bind(backend);
    let fail = true;
    backend.batch = (operations: readonly BackendOperation[]) =>
      fail ? Promise.reject(new Error('QuotaExceededError')) : realBatch(operations);
    const { log, persistence } = setup(backend);
    persistence.start();
    recordTurn(log);
    await persistence.flush();
    expect(persistence.getSnapshot()).toMatchObject({
      dirty: true,
      saving: false,
      error: 'The session could not be saved: QuotaExceededError',
    });
    expect(backend.keys()).toEqual([]);

    fail = false;
    await persistence.flush();
    expect(persistence.getSnapshot().error).toBeUndefined();
    expect(backend.keys()).toEqual(['session.meta', 'traffic.exchanges.0', 'traffic.messages.0']);
  });

  it('keeps the last good config when the current one has syntax errors', async () => {
    const { backend, persistence } = setup();
    persistence.start();
    persistence.setConfigText('{ "mcpServers": {} }');
    await persistence.flush();
    persistence.setConfigText('{ "mcpServers": { "x": { "headers": { "Authorization": "Bearer secret-value-1"');
    await persistence.flush();
    expect(backend.peek(PERSISTENCE_KEYS.config)).toBe('{ "mcpServers": {} }');
  });

  it('writes the whole log when another tab saved in between, so the stored log is never a mix', async () => {
    const backend = new MemoryBackend();
    const tabA = setup(backend, { chunkSize: 10, writerId: 'a' });
    const tabB = setup(backend, { chunkSize: 10, writerId: 'b' });
    tabA.persistence.start();
    tabB.persistence.start();
    recordMany(tabA.log, 25);
    await tabA.persistence.flush();
    recordMany(tabB.log, 5);
    await tabB.persistence.flush();
    expect(backend.keys().filter((key) => key.startsWith('traffic.exchanges.'))).toEqual(['traffic.exchanges.0']);

    // Tab A appends one record: its earlier chunks were replaced by B, so it writes all of them again.
    backend.writes.length = 0;
    recordMany(tabA.log, 1);
    await tabA.persistence.flush();
    expect(backend.writes.filter((write) => write.includes('exchanges'))).toEqual([
      'put traffic.exchanges.0',
      'put traffic.exchanges.1',
      'put traffic.exchanges.2',
    ]);
    const restored = setup(backend, { chunkSize: 10 });
    const result = await restored.persistence.restore();
    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ exchanges: 26, messages: 26 });

    // Its next save is incremental again.
    backend.writes.length = 0;
    recordMany(tabA.log, 1);
    await tabA.persistence.flush();
    expect(backend.writes).toEqual(['put traffic.exchanges.2', 'put traffic.messages.2', 'put session.meta']);
  });

  it('works through a backend without batch or getMany', async () => {
    const backend = new MemoryBackend();
    const plain = { get: backend.get.bind(backend), put: backend.put.bind(backend), delete: backend.delete.bind(backend) };
    const log = syncLog();
    const persistence = new SessionPersistence({ log, session: createOfflineSession(), backend: plain });
    persistence.start();
    recordTurn(log);
    await persistence.flush();
    persistence.stop();
    const restoredLog = syncLog();
    const restored = new SessionPersistence({ log: restoredLog, session: createOfflineSession(), backend: plain });
    expect((await restored.restore()).counts).toMatchObject({ exchanges: 2, messages: 2 });
  });
});

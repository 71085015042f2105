/**
 * Replays are a branch of the session: a real replay (scripted model server over HTTP, real
 * recording fetch) is saved with the session and comes back on restore, travels in a session
 * file, and clearing the session clears it. What is stored references the model wire's
 * exchanges by id instead of copying bodies or tool results.
 */
import { MemoryBackend } from '../shared/memory-backend';
import { describe, expect, it } from 'vitest';
import { FORECAST, recordedTurn, scriptedModelServer } from '../agent/__fixtures__/recorded-turn';
import { INTERRUPTED_REPLAY, toReplayData, type Replay } from '../agent';
import { ReplayStore } from '../agent/replay-store';
import { TrafficLog } from '../traffic';
import { createOfflineSession, recordTurn, syncLog } from './__fixtures__/session-fixtures';
import { buildSessionFile, parseSessionFile, serializeSessionFile } from './session-file';
import { SessionPersistence } from './session-persistence';
import { PERSISTENCE_KEYS } from './stored-layout';

const server = scriptedModelServer();

/**
 * A recorded turn and a finished replay of it in Chat Completions, answered with the recorded
 * result; the persistence (saving to `backend`) follows the stores from before the replay.
 */
async function replayedSession(backend = new MemoryBackend()) {
  const recorded = await recordedTurn(server());
  const persistence = new SessionPersistence({ log: recorded.log, session: recorded.session, replays: recorded.replays, backend });
  persistence.start();
  server().setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Replayed: sunny.' }]);
  const replay = await recorded.replays.start(1, {
    provider: 'openai',
    model: 'gpt-test',
    baseUrl: `${server().url}/v1`,
    callToolsLive: false,
  });
  expect(replay.status).toBe('done');
  return { ...recorded, replay, backend, persistence };
}

/** What the page shows of a replay; a restored one has the same, without the results it references. */
function shown(replay: Replay) {
  return {
    ...replay,
    calls: replay.calls.map(({ item, ...call }) => {
      const { mcpResult: _mcp, modelResult: _model, ...kept } = item;
      return { ...call, item: kept };
    }),
  };
}

/** Fresh stores restored from `backend`. */
async function restoredFrom(backend: MemoryBackend) {
  const log = new TrafficLog();
  const session = createOfflineSession();
  const replays = new ReplayStore();
  const persistence = new SessionPersistence({ log, session, replays, backend });
  const result = await persistence.restore();
  return { log, session, replays, persistence, result };
}

describe('replays saved with the session', () => {
  it('are saved and come back on restore: targets, requests, calls, answers, tokens and time, its requests on the restored wire', async () => {
    const { replay, backend, persistence } = await replayedSession();
    await persistence.flush();
    persistence.stop();

    const restored = await restoredFrom(backend);
    expect(restored.result.problems).toEqual([]);
    const [back] = restored.replays.getSnapshot().replays;
    expect(back).toEqual(shown(replay));
    expect(back?.side.finalText).toBe('Replayed: sunny.');
    expect(back?.side.calls).toEqual([{ id: replay.calls[0]!.item.id, name: FORECAST, args: { city: 'Paris', days: 1 }, mismatch: false }]);
    // The ids it keeps are the restored wire's exchanges, still marked as the replay's branch.
    const exchanges = restored.log.getSnapshot().exchanges;
    for (const id of back!.side.requestIds)
      expect(exchanges.find((exchange) => exchange.id === id)).toMatchObject({ replayOf: replay.replayOf, source: 'openai' });
    for (const id of back!.original.requestIds) expect(exchanges.find((exchange) => exchange.id === id)?.replayOf).toBeUndefined();

    // Stored small: no request body and no tool result is copied into the replays' record.
    const stored = JSON.stringify(backend.peek(PERSISTENCE_KEYS.replays));
    expect(stored).not.toContain('Weather in Paris?');
    expect(stored).not.toContain('Sunny in Paris');
    expect(stored).toContain(`"recordedId":"${replay.calls[0]!.recordedId!}"`);
  });

  it('saves a replay as it changes and an empty list once the session is cleared', async () => {
    const { replays, backend, persistence } = await replayedSession();
    await persistence.flush();
    expect(backend.peek(PERSISTENCE_KEYS.replays)).toMatchObject({ version: 1, replays: [{ id: 'replay-1' }] });

    replays.clear();
    await persistence.flush();
    expect(backend.peek(PERSISTENCE_KEYS.replays)).toEqual({ version: 1, replays: [] });
    expect((await restoredFrom(backend)).replays.getSnapshot().replays).toEqual([]);
    persistence.stop();
  });

  it('brings back a replay saved while it ran as stopped, and numbers new replays after the restored ones', async () => {
    const { replay, replays: live, persistence } = await replayedSession();
    persistence.stop();
    const saved = toReplayData([
      {
        ...replay,
        id: 'replay-7',
        status: 'running',
        calls: [{ ...replay.calls[0]!, item: { ...replay.calls[0]!.item, status: 'running' } }],
      },
    ]);
    const backend = new MemoryBackend();
    await backend.put(PERSISTENCE_KEYS.replays, saved);
    const { replays, result } = await restoredFrom(backend);
    expect(result.problems).toEqual([]);
    const [back] = replays.getSnapshot().replays;
    expect(back).toMatchObject({
      id: 'replay-7',
      status: 'stopped',
      error: INTERRUPTED_REPLAY,
      calls: [{ item: { status: 'failed', failure: { category: 'cancelled' } } }],
    });

    live.importData(saved);
    server().setScript([{ text: 'No tools this time.' }]);
    const next = await live.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server().url}/v1`, callToolsLive: false });
    expect(next.id).toBe('replay-8');
    expect(live.getSnapshot().replays.map((entry) => entry.id)).toEqual(['replay-7', 'replay-8']);
  });

  it('are written again, with the rest, when another tab saved in between: the last tab to save wins whole', async () => {
    const { backend, persistence } = await replayedSession();
    await persistence.flush();
    persistence.stop();
    // Another tab, started before: its session has no replay, and it records something now.
    const log = syncLog();
    const other = new SessionPersistence({ log, session: createOfflineSession(), replays: new ReplayStore(), backend });
    other.start();
    recordTurn(log);
    await other.flush();
    other.stop();
    expect(backend.peek(PERSISTENCE_KEYS.replays)).toEqual({ version: 1, replays: [] });
  });

  it('never stores a credential of the target base URL', async () => {
    const { replay, persistence } = await replayedSession();
    persistence.stop();
    const stored = toReplayData([
      { ...replay, target: { ...replay.target, baseUrl: 'https://models.example/v1?api-key=sk-do-not-store' } },
    ]);
    expect(JSON.stringify(stored)).not.toContain('sk-do-not-store');
    expect(stored.replays[0]?.target.baseUrl).toMatch(/^https:\/\/models\.example\/v1\?api-key=/);
  });

  it('reports damaged saved replays as problems and keeps the readable ones', async () => {
    const { replay, persistence } = await replayedSession();
    persistence.stop();
    const backend = new MemoryBackend();
    const data = toReplayData([replay]);
    await backend.put(PERSISTENCE_KEYS.replays, { ...data, replays: [{ id: 'replay-9', turn: 'one' }, ...data.replays] });
    const { replays, result } = await restoredFrom(backend);
    expect(result.problems).toEqual(['Replays: Replay 1 was not understood and was skipped.']);
    expect(replays.getSnapshot().replays.map((entry) => entry.id)).toEqual([replay.id]);
  });
});

describe('replays in a session file', () => {
  it('are exported and read back by an import, identical to what the page showed', async () => {
    const { log, session, replays, replay, persistence } = await replayedSession();
    persistence.stop();
    const built = buildSessionFile({
      configText: '{}',
      conversation: session.exportData(),
      traffic: log.getSnapshot(),
      appVersion: 'dev',
      now: 0,
      replays: replays.exportData(),
    });
    const parsed = parseSessionFile(serializeSessionFile(built.file));
    expect(parsed.problems).toEqual([]);
    const imported = new ReplayStore();
    expect(imported.importData(parsed.file?.replays).problems).toEqual([]);
    expect(imported.getSnapshot().replays).toEqual([shown(replay)]);
    // An imported session only shows its replays.
    expect(imported.readOnly).toBe(true);
    await expect(imported.start(1, { provider: 'openai', model: 'x', baseUrl: '', callToolsLive: false })).rejects.toMatchObject({
      code: 'read-only',
    });
    // The replay's requests come back marked as its branch.
    const ids = new Set(replay.side.requestIds);
    expect(parsed.file?.traffic.exchanges.filter((exchange) => ids.has(exchange.id)).map((exchange) => exchange.replayOf)).toEqual([
      replay.replayOf,
      replay.replayOf,
    ]);
  });

  it('an export from before replays were kept still imports, with none', async () => {
    const { log, session, persistence } = await replayedSession();
    persistence.stop();
    const { file } = buildSessionFile({
      configText: '{}',
      conversation: session.exportData(),
      traffic: log.getSnapshot(),
      appVersion: 'dev',
      now: 0,
    });
    const old = JSON.parse(serializeSessionFile(file)) as Record<string, unknown>;
    expect('replays' in old).toBe(false);
    const parsed = parseSessionFile(JSON.stringify(old));
    expect(parsed.problems).toEqual([]);
    expect(parsed.file?.replays).toBeUndefined();
    const imported = new ReplayStore();
    expect(imported.importData(parsed.file?.replays ?? { version: 1, replays: [] }).problems).toEqual([]);
    expect(imported.getSnapshot().replays).toEqual([]);
  });
});

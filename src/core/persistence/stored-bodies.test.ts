import { MemoryBackend } from '../shared/memory-backend';
import { describe, expect, it } from 'vitest';
import { entriesOf, requestBodyOf } from '../traffic/shared-body';
import { TrafficLog } from '../traffic/traffic-log';
import type { HttpExchange } from '../traffic/types';
import { createOfflineSession } from './__fixtures__/session-fixtures';
import { parseTrafficData } from './parse-traffic-data';
import { buildSessionFile, parseSessionFile, serializeSessionFile } from './session-file';
import { SessionPersistence } from './session-persistence';
import { PERSISTENCE_KEYS } from './stored-layout';

const RESULT = (step: number) => `result ${step} ${'r'.repeat(5000)} "\\u00e9" \u00e9`;

/** A log that keeps model bodies in shared parts, like the app's. */
function sharingLog(): TrafficLog {
  return new TrafficLog({
    schedule: (flush) => flush(),
    entriesKeyOf: (exchange) => (exchange.source === 'openai-responses' ? 'input' : 'messages'),
  });
}

/** Records a turn of `steps` Anthropic requests (pretty-printed, so whitespace counts too), with an MCP exchange between. */
function recordLongTurn(log: TrafficLog, steps: number): string[] {
  const messages: unknown[] = [{ role: 'user', content: 'Weather?' }];
  const bodies: string[] = [];
  for (let step = 1; step <= steps; step++) {
    const body = JSON.stringify({ model: 'claude-test', system: 'Terse.', messages, stream: true }, null, 2);
    bodies.push(body);
    const id = log.beginExchange({
      wire: 'model',
      source: 'anthropic',
      method: 'POST',
      url: 'https://api.example/v1/messages',
      startedAt: step,
      requestHeaders: {},
      requestBody: body,
      turn: 1,
      step,
    });
    log.updateExchange(id, { state: 'done', status: 200 });
    log.beginExchange({
      wire: 'mcp',
      source: 'weather',
      method: 'POST',
      url: 'http://127.0.0.1:9/mcp',
      startedAt: step,
      requestHeaders: {},
      requestBody: '{"jsonrpc":"2.0"}',
      state: 'done',
    });
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${step}`, name: 'f', input: {} }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${step}`, content: RESULT(step) }] });
  }
  return bodies;
}

const modelExchanges = (log: TrafficLog) => log.getSnapshot().exchanges.filter((exchange) => exchange.wire === 'model');
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('request bodies in shared parts, saved and read back', () => {
  it('a session file keeps each piece once and reads back the exact bodies, still shared', () => {
    const log = sharingLog();
    const bodies = recordLongTurn(log, 12);
    expect(modelExchanges(log).every((exchange) => exchange.requestBody === undefined && exchange.requestBodyParts !== undefined)).toBe(
      true,
    );
    const { file } = buildSessionFile({
      configText: '{}',
      conversation: createOfflineSession().exportData(),
      traffic: log.getSnapshot(),
      appVersion: 'test',
      now: 0,
    });
    const text = serializeSessionFile(file);
    expect(occurrences(text, 'result 3 ')).toBe(1);
    expect(text.length).toBeLessThan(bodies.at(-1)!.length * 2);

    const parsed = parseSessionFile(text);
    expect(parsed.problems).toEqual([]);
    const restored = sharingLog();
    restored.load(parsed.file!.traffic as { exchanges: HttpExchange[]; messages: [] });
    expect(modelExchanges(restored).map((exchange) => requestBodyOf(exchange))).toEqual(bodies);
    const [, second, third] = modelExchanges(restored);
    expect(entriesOf(third!.requestBodyParts!)[1]).toBe(entriesOf(second!.requestBodyParts!)[1]);

    // The next request after a restore shares with the last restored one.
    const next = JSON.stringify(
      {
        model: 'claude-test',
        system: 'Terse.',
        messages: [...(JSON.parse(bodies.at(-1)!) as { messages: unknown[] }).messages, { role: 'user', content: 'thanks' }],
        stream: true,
      },
      null,
      2,
    );
    const id = restored.beginExchange({
      wire: 'model',
      source: 'anthropic',
      method: 'POST',
      url: 'u',
      startedAt: 0,
      requestHeaders: {},
      requestBody: next,
    });
    const parts = restored.getExchange(id)!.requestBodyParts!;
    expect(requestBodyOf(restored.getExchange(id)!)).toBe(next);
    expect(entriesOf(parts).filter((piece) => piece.owner === id)).toHaveLength(1);
  });

  it('IndexedDB gets each piece once and a restore rebuilds the bodies byte for byte', async () => {
    const backend = new MemoryBackend();
    const log = sharingLog();
    const persistence = new SessionPersistence({ log, session: createOfflineSession(), backend });
    persistence.start();
    const bodies = recordLongTurn(log, 10);
    await persistence.flush();
    persistence.stop();
    const stored = JSON.stringify(backend.peek(PERSISTENCE_KEYS.chunk('exchanges', 0)));
    expect(occurrences(stored, 'result 2 ')).toBe(1);
    expect(stored.length).toBeLessThan(bodies.reduce((sum, body) => sum + body.length, 0) / 3);

    const restoredLog = sharingLog();
    const restored = new SessionPersistence({ log: restoredLog, session: createOfflineSession(), backend });
    expect((await restored.restore()).problems).toEqual([]);
    expect(modelExchanges(restoredLog).map((exchange) => requestBodyOf(exchange))).toEqual(bodies);
  });

  it('a body whose piece was lost with its owner is reported, not rebuilt wrong', () => {
    const log = sharingLog();
    recordLongTurn(log, 3);
    const { file } = buildSessionFile({
      configText: '{}',
      conversation: createOfflineSession().exportData(),
      traffic: log.getSnapshot(),
      appVersion: 'test',
      now: 0,
    });
    const withoutFirst = file.traffic.exchanges.filter((exchange) => exchange.id !== 1);
    const parsed = parseTrafficData({ exchanges: withoutFirst, messages: [] });
    expect(parsed.problems).toEqual(
      expect.arrayContaining([expect.stringContaining('refers to a part of HTTP exchange #1 that is missing')]),
    );
    const models = parsed.data.exchanges.filter((exchange) => exchange.wire === 'model');
    expect(models.map((exchange) => [exchange.requestBodyParts, exchange.requestBodyNote])).toEqual([
      [undefined, expect.stringContaining('could not be restored')],
      [undefined, expect.stringContaining('could not be restored')],
    ]);
    const badLayout = parseTrafficData({
      exchanges: [{ ...file.traffic.exchanges[0], sharedBody: { pieces: ['{'], parts: ['{', [1, 0]] } }],
      messages: [],
    });
    expect(badLayout.problems[0]).toContain('not laid out as expected');
  });

  it('a fork shares with the request it forks, and the turn goes on from the original', () => {
    const log = sharingLog();
    recordLongTurn(log, 3);
    const [, , last] = modelExchanges(log);
    const body = JSON.parse(requestBodyOf(last!)!) as { messages: Array<{ content: unknown }> };
    body.messages[0]!.content = 'Weather in Rome?';
    const forkText = JSON.stringify(body, null, 2);
    const fork = log.beginExchange({
      wire: 'model',
      source: 'anthropic',
      method: 'POST',
      url: 'u',
      startedAt: 0,
      requestHeaders: {},
      requestBody: forkText,
      forkOf: last!.id,
    });
    const forkParts = log.getExchange(fork)!.requestBodyParts!;
    expect(requestBodyOf(log.getExchange(fork)!)).toBe(forkText);
    expect(entriesOf(forkParts).slice(1)).toEqual(entriesOf(last!.requestBodyParts!).slice(1));
    expect(entriesOf(forkParts)[1]).toBe(entriesOf(last!.requestBodyParts!)[1]);
    // A sampling request is its own conversation; the agent's next request still follows `last`.
    log.beginExchange({
      wire: 'model',
      source: 'anthropic',
      method: 'POST',
      url: 'u',
      startedAt: 0,
      requestHeaders: {},
      requestBody: '{"messages":[{"role":"user","content":"x"}]}',
      samplingFor: 'weather',
    });
    const next = log.beginExchange({
      wire: 'model',
      source: 'anthropic',
      method: 'POST',
      url: 'u',
      startedAt: 0,
      requestHeaders: {},
      requestBody: requestBodyOf(last!)!,
    });
    expect(log.getExchange(next)!.requestBodyParts).toEqual(last!.requestBodyParts);
    // After a clear nothing is shared with what went before.
    log.clear();
    const fresh = log.beginExchange({
      wire: 'model',
      source: 'anthropic',
      method: 'POST',
      url: 'u',
      startedAt: 0,
      requestHeaders: {},
      requestBody: requestBodyOf(last!)!,
    });
    expect(entriesOf(log.getExchange(fresh)!.requestBodyParts!).every((piece) => piece.owner === fresh)).toBe(true);
  });
});

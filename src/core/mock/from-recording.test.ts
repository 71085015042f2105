import { describe, expect, it } from 'vitest';
import { toHar } from '../traffic/har';
import { legacyRecording, modernRecording, WEATHER_TOOLS } from './__fixtures__/recordings';
import { recordingFromHar } from './from-har';
import { listRecordedServers, mockFromRecording, MockRecordingError } from './from-recording';
import { writeMock } from './mock-file';
import { isMockFreeOfSecrets } from './scrub';

describe('mockFromRecording', () => {
  it("keeps a 2025 server's identity, era, capabilities and request/answer pairs in order", () => {
    const mock = mockFromRecording(legacyRecording(), { server: 'weather' });
    expect(mock).toMatchObject({
      format: 'glassbox-mcp-mock',
      server: { entry: 'weather', name: 'weather-server', version: '1.2.0' },
      recordedAt: '2026-12-01T10:00:00.010Z',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true } },
      instructions: 'Ask for a city.',
      sessions: true,
      missPolicy: 'nearest',
    });
    expect(mock.exchanges.map((exchange) => exchange.method)).toEqual([
      'initialize',
      'tools/list',
      'tools/call',
      'tools/call',
      'tools/call',
    ]);
    expect(mock.exchanges[1]?.answer).toEqual({ result: { tools: WEATHER_TOOLS } });
  });

  it("places the server's own messages: on the call's stream before its answer, on the GET stream after it", () => {
    const call = mockFromRecording(legacyRecording(), { server: 'weather' }).exchanges[2];
    expect(call?.before?.map(({ message }) => message['method'])).toEqual(['notifications/progress', 'sampling/createMessage']);
    expect(call?.after?.map(({ message }) => message['method'])).toEqual(['notifications/tools/list_changed']);
    expect(call?.latencyMs).toBe(40);
  });

  it('keeps a 2026 server/discover and both input_required rounds', () => {
    const mock = mockFromRecording(modernRecording(), { server: 'calendar' });
    expect(mock.era).toBe('modern');
    expect(mock.protocolVersion).toBe('2026-07-28');
    expect(mock.server).toEqual({ entry: 'calendar', name: 'calendar-server', version: '2.0.0' });
    expect(mock.sessions).toBeUndefined();
    expect(mock.exchanges.map((exchange) => exchange.method)).toEqual(['server/discover', 'tools/list', 'tools/call', 'tools/call']);
    expect(mock.exchanges[2]?.answer).toMatchObject({ result: { resultType: 'input_required', requestState: 'state-abc' } });
  });

  it('leaves no secret in the file: URL credentials, known values and credential-looking strings', () => {
    const mock = mockFromRecording(legacyRecording(), { server: 'weather', secrets: ['Sunny in Paris'] });
    const text = writeMock(mock);
    expect(mock.recordedUrl).toBe('https://weather.example.com/mcp?api_key=[redacted]');
    expect(text).not.toContain('sk-live-secret');
    expect(text).not.toContain('Sunny in Paris');
    expect(isMockFreeOfSecrets(text, ['Sunny in Paris', 'sk-live-secret-abcdef'])).toBe(true);
    expect(isMockFreeOfSecrets(text, ['Snow in Oslo'])).toBe(false);
  });

  it('says why it cannot make a mock', () => {
    expect(() => mockFromRecording(legacyRecording(), { server: 'nobody' })).toThrow(/no MCP message of "nobody"/);
    const error = (() => {
      try {
        mockFromRecording(legacyRecording(), { server: 'other' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(MockRecordingError);
    expect((error as MockRecordingError).code).toBe('no-handshake');
  });

  it('lists the servers a recording holds, with their era', () => {
    expect(listRecordedServers(legacyRecording())).toMatchObject([
      { name: 'weather', era: 'legacy', requests: 5 },
      { name: 'other', requests: 1 },
    ]);
    expect(listRecordedServers(modernRecording())).toMatchObject([{ name: 'calendar', era: 'modern', requests: 4 }]);
  });
});

describe('recordingFromHar', () => {
  it('reads the MCP entries of a HAR Glassbox exported back into the same mock', () => {
    const recording = modernRecording();
    const har = JSON.stringify(toHar(recording.exchanges, { creatorVersion: 'test', messages: recording.messages }));
    // The fixture's exchanges carry no bodies: a HAR made from real traffic does. Put them in as the wire tap would have.
    const withBodies = JSON.parse(har) as { log: { entries: Array<Record<string, unknown>> } };
    withBodies.log.entries.forEach((entry, index) => {
      const messages = recording.messages.filter((message) => message.exchangeId === index + 1);
      const out = messages.find((message) => message.direction === 'out');
      const answer = messages.find((message) => message.direction === 'in');
      (entry['request'] as Record<string, unknown>)['postData'] = { mimeType: 'application/json', text: JSON.stringify(out?.message) };
      (entry['response'] as Record<string, unknown>)['content'] = {
        mimeType: 'application/json',
        size: 0,
        text: JSON.stringify(answer?.message),
      };
    });
    const fromHar = mockFromRecording(recordingFromHar(JSON.stringify(withBodies)), { server: 'calendar' });
    const direct = mockFromRecording(recording, { server: 'calendar' });
    expect(fromHar.exchanges).toEqual(direct.exchanges.map(({ latencyMs: _latency, ...exchange }) => ({ ...exchange, latencyMs: 0 })));
  });

  it('says what is wrong with a file that is not a HAR', () => {
    expect(() => recordingFromHar('{')).toThrow(/not JSON/);
    expect(() => recordingFromHar('{"log":{}}')).toThrow('The file is not a HAR: it has no log.entries.');
    expect(() => recordingFromHar('{"log":{"entries":[]}}')).toThrow(/no MCP messages/);
  });
});

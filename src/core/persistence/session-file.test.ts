import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../traffic/redact';
import {
  CONFIG_WITH_SECRET,
  conversationData,
  createOfflineSession,
  recordTurn,
  syncLog,
  TEST_API_KEY,
  TEST_BEARER,
} from './__fixtures__/session-fixtures';
import { INTERRUPTED_NOTE } from './parse-traffic-data';
import { buildSessionFile, parseSessionFile, SessionFileError, serializeSessionFile, sessionFileName } from './session-file';

const NOW = Date.UTC(2026, 4, 1, 12, 30, 5);

function exportedSession() {
  const log = syncLog();
  recordTurn(log);
  const session = createOfflineSession();
  session.importData(conversationData());
  const built = buildSessionFile({
    configText: CONFIG_WITH_SECRET,
    conversation: session.exportData(),
    traffic: log.getSnapshot(),
    appVersion: '0.1.0',
    now: NOW,
  });
  return { log, session, ...built };
}

describe('buildSessionFile', () => {
  it('holds the stripped config, the conversation and both wires, and no key or token', () => {
    const { file, warnings, log, session } = exportedSession();
    expect(warnings).toEqual([]);
    expect(file).toMatchObject({
      format: 'glassbox-session',
      version: 1,
      exportedAt: '2026-05-01T12:30:05.000Z',
      app: { version: '0.1.0' },
    });
    expect(file.config).toContain('"Authorization": ""');
    expect(file.conversation).toEqual(session.exportData());
    expect(file.traffic.exchanges.map((exchange) => exchange.wire)).toEqual(['model', 'mcp']);
    expect(file.traffic.messages).toHaveLength(2);
    expect(file.traffic.exchanges).toEqual(log.getSnapshot().exchanges.slice(0, 2));
    const text = serializeSessionFile(file);
    expect(text).not.toContain(TEST_API_KEY);
    expect(text).not.toContain(TEST_BEARER);
  });

  it('takes only the records a snapshot counted', () => {
    const log = syncLog();
    recordTurn(log);
    const snapshot = log.getSnapshot();
    recordTurn(log);
    const { file } = buildSessionFile({
      configText: '{}',
      conversation: createOfflineSession().exportData(),
      traffic: snapshot,
      appVersion: 'dev',
      now: NOW,
    });
    expect(file.traffic.exchanges).toHaveLength(2);
    expect(file.traffic.messages).toHaveLength(2);
  });

  it('leaves out a config whose secrets cannot be located, with a warning', () => {
    const { file, warnings } = buildSessionFile({
      configText: '{ "mcpServers": { "a": { "headers": { "Authorization": "Bearer zzz-secret-zzz"',
      conversation: createOfflineSession().exportData(),
      traffic: { exchanges: [], messages: [] },
      appVersion: 'dev',
      now: NOW,
    });
    expect(file.config).toBe('');
    expect(warnings).toEqual(['The config has JSON syntax errors, so its secrets could not be located: it was left out of the export.']);
  });
});

describe('serializeSessionFile', () => {
  it('removes a known secret that slipped into the data, as a last guard', () => {
    const { file } = exportedSession();
    const secrets = new SecretRegistry();
    secrets.add('leaky-secret-value');
    const leaky = {
      ...file,
      conversation: {
        ...file.conversation,
        items: [...file.conversation.items, { kind: 'user' as const, id: 'u9', text: 'my key is leaky-secret-value', at: 1 }],
      },
    };
    const text = serializeSessionFile(leaky, (value) => secrets.redact(value));
    expect(text).not.toContain('leaky-secret-value');
    expect(text).toContain('my key is [redacted]');
  });

  it('refuses to write a file that redaction would break', () => {
    const { file } = exportedSession();
    expect(() => serializeSessionFile(file, (text) => text.replace('"format"', '"format'))).toThrow(SessionFileError);
  });
});

describe('sessionFileName', () => {
  it('names the file after the local date and time', () => {
    const local = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(sessionFileName(local)).toBe('glassbox-session-2026-01-02-030405.json');
  });
});

describe('parseSessionFile', () => {
  it('reads back what was exported', () => {
    const { file } = exportedSession();
    const parsed = parseSessionFile(serializeSessionFile(file));
    expect(parsed.problems).toEqual([]);
    expect(parsed.file).toEqual(file);
    // Loading it into fresh stores shows the same conversation and traffic.
    const log = syncLog();
    log.load(parsed.file!.traffic);
    expect(log.getSnapshot().exchangeCount).toBe(2);
    const session = createOfflineSession();
    expect(session.importData(parsed.file!.conversation).problems).toEqual([]);
    expect(session.getSnapshot().items).toHaveLength(4);
  });

  it('rejects what is not a session file, saying why', () => {
    expect(parseSessionFile('{ nope').problems[0]).toMatch(/^The file is not valid JSON/);
    expect(parseSessionFile('[1, 2]')).toEqual({ problems: ['The file is not a Glassbox session: it is not a JSON object.'] });
    expect(parseSessionFile('{"log": {}}')).toEqual({
      problems: ['The file is not a Glassbox session: its "format" is null, expected "glassbox-session".'],
    });
    expect(parseSessionFile('{"format": "glassbox-session", "version": 2}')).toEqual({
      problems: ['The session file has version 2; this Glassbox reads version 1.'],
    });
  });

  it('keeps what it can from a damaged file and lists the rest', () => {
    const { file } = exportedSession();
    const damaged = JSON.parse(serializeSessionFile(file)) as Record<string, unknown> & { traffic: { exchanges: unknown[] } };
    damaged['exportedAt'] = 'yesterday';
    damaged['config'] = 7;
    damaged.traffic.exchanges.push({ id: 'x' }, { ...file.traffic.exchanges[0], id: 99, state: 'streaming', responseBody: 5 });
    const parsed = parseSessionFile(JSON.stringify(damaged));
    expect(parsed.problems).toEqual([
      'The export date is missing or not a date.',
      'The config is not text; it was left out.',
      'Traffic: HTTP exchange 3 lacks its id, wire, source, method, URL, start time or state; it was skipped.',
      'Traffic: HTTP exchange 4: "responseBody" is not text; it was removed.',
    ]);
    expect(parsed.file?.config).toBe('');
    expect(parsed.file?.traffic.exchanges).toHaveLength(3);
    // An exchange exported mid-stream is shown as interrupted.
    expect(parsed.file?.traffic.exchanges[2]).toMatchObject({ id: 99, state: 'aborted', note: INTERRUPTED_NOTE });
    expect(parsed.file?.traffic.exchanges[2]).not.toHaveProperty('responseBody');
  });

  it('uses an empty conversation when the file has none it can read', () => {
    const { file } = exportedSession();
    const parsed = parseSessionFile(JSON.stringify({ ...file, conversation: 'lost' }));
    expect(parsed.problems).toEqual(['Conversation: The saved session is not a JSON object.']);
    expect(parsed.file?.conversation.items).toEqual([]);
    expect(parsed.file?.traffic.exchanges).toHaveLength(2);
  });
});

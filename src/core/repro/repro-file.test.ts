import { describe, expect, it } from 'vitest';
import { buildReproFile, parseOpenedFile, reproFileName, serializeReproFile } from './repro-file';
import { buildSessionFile, serializeSessionFile } from '../persistence';
import { createOfflineSession } from '../persistence/__fixtures__/session-fixtures';
import { SecretRegistry, type HttpExchange } from '../traffic';

const API_KEY = 'sk-ant-api03-repro-key-0123456789';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.repro-bearer-token';
const SECRET_HEADER = 'x-secret-header-value-98765';
const NOW = Date.UTC(2026, 11, 7, 21, 0, 0);

/** A config with a bearer token and a secret header; an exchange as a file from elsewhere might carry them unredacted. */
function leakyInput() {
  const configText = JSON.stringify({
    mcpServers: {
      weather: { url: 'http://127.0.0.1:4101/mcp', headers: { Authorization: `Bearer ${BEARER}`, 'X-Api-Key': SECRET_HEADER } },
    },
  });
  const exchange: HttpExchange = {
    id: 1,
    wire: 'mcp',
    source: 'weather',
    method: 'POST',
    url: `http://127.0.0.1:4101/mcp?api_key=${SECRET_HEADER}`,
    startedAt: 1000,
    durationMs: 5,
    state: 'done',
    requestHeaders: { authorization: `Bearer ${BEARER}`, 'x-api-key': SECRET_HEADER, 'content-type': 'application/json' },
    requestBody: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    status: 200,
    responseHeaders: { 'content-type': 'application/json', 'set-cookie': `session=${SECRET_HEADER}` },
    responseBody: '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
  };
  const session = createOfflineSession();
  const conversation = session.exportData();
  conversation.items.push({ kind: 'user', id: 'u1', text: `my key is ${API_KEY}`, at: 1 });
  return { configText, conversation, traffic: { exchanges: [exchange], messages: [] }, appVersion: 'dev', now: NOW };
}

describe('repro file', () => {
  it('holds no API key, bearer token or secret header', () => {
    const secrets = new SecretRegistry();
    secrets.add(API_KEY);
    const { file } = buildReproFile({ ...leakyInput(), mocks: [{ format: 'mcp-mock', server: 'weather' }] });
    const text = serializeReproFile(file, (value) => secrets.redact(value));
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(BEARER);
    expect(text).not.toContain(SECRET_HEADER);
    // What is not secret stays, byte for byte.
    expect(text).toContain('http://127.0.0.1:4101/mcp');
    expect(JSON.parse(text)).toMatchObject({ format: 'glassbox-repro', version: 1, mocks: [{ server: 'weather' }] });
  });

  it('without the scan, the same data would leak (the test above can fail)', () => {
    const { file } = buildSessionFile(leakyInput());
    const text = serializeSessionFile(file);
    expect(text).toContain(BEARER);
    expect(text).toContain(API_KEY);
  });

  it('reads back its session and mocks', () => {
    const { file } = buildReproFile({ ...leakyInput(), mocks: [{ server: 'weather' }] });
    const opened = parseOpenedFile(serializeReproFile(file));
    expect(opened.kind).toBe('repro');
    expect(opened.problems).toEqual([]);
    expect(opened.session?.traffic.exchanges).toHaveLength(1);
    expect(opened.session?.conversation.items).toHaveLength(1);
    expect(opened.mocks).toEqual([{ server: 'weather' }]);
  });

  it('opens a plain session file as a session', () => {
    const { file } = buildSessionFile(leakyInput());
    const opened = parseOpenedFile(serializeSessionFile(file));
    expect(opened.kind).toBe('session');
    expect(opened.session?.conversation.items).toHaveLength(1);
  });

  it('says what is wrong with a file it cannot open', () => {
    expect(parseOpenedFile('{').problems[0]).toMatch(/^The file is not valid JSON/);
    expect(parseOpenedFile('{"format":"glassbox-repro","version":7}').problems).toEqual([
      'The repro file has version 7; this Glassbox reads version 1.',
    ]);
    expect(parseOpenedFile('{"format":"glassbox-repro","version":1}').problems).toEqual(['The repro file has no "session".']);
    const { file } = buildReproFile({ ...leakyInput(), mocks: [] });
    const noMocks = parseOpenedFile(JSON.stringify({ ...file, mocks: undefined, session: file.session }));
    expect(noMocks.problems).toEqual(['The repro file has no "mocks" list: its turns cannot be replayed with mocks.']);
    expect(parseOpenedFile('{"format":"something-else"}').problems[0]).toContain('expected "glassbox-session"');
  });

  it('names the file after the local date and time', () => {
    expect(reproFileName(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('glassbox-2026-01-02-030405.glassbox-repro.json');
  });
});

import { describe, expect, it } from 'vitest';
import { legacyRecording } from './__fixtures__/recordings';
import { mockFromRecording } from './from-recording';
import { MockFileError, mockFileName, parseMock, writeMock } from './mock-file';

const mock = mockFromRecording(legacyRecording(), { server: 'weather' });

/** The error parseMock throws for a copy of the mock changed by `edit`. */
function errorFor(edit: (value: Record<string, unknown>) => void): MockFileError {
  const value = JSON.parse(writeMock(mock)) as Record<string, unknown>;
  edit(value);
  try {
    parseMock(JSON.stringify(value));
  } catch (error) {
    if (error instanceof MockFileError) return error;
    throw error;
  }
  throw new Error('parseMock accepted it');
}

describe('the mock file', () => {
  it('reads back what it writes, fields in a fixed order', () => {
    const text = writeMock(mock);
    expect(parseMock(text)).toEqual(mock);
    expect(Object.keys(JSON.parse(text) as object).slice(0, 4)).toEqual(['format', 'formatVersion', 'server', 'recordedAt']);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('names the field and what is wrong with it', () => {
    expect(() => parseMock('nope')).toThrow(/^not JSON/);
    expect(errorFor((value) => (value['format'] = 'glassbox-session')).message).toBe(
      '/format: must be "glassbox-mcp-mock" (got string "glassbox-session"): is this an MCP mock?',
    );
    expect(errorFor((value) => (value['formatVersion'] = 2)).message).toBe('/formatVersion: this version reads format 1 (got number 2)');
    expect(errorFor((value) => (value['era'] = '2025')).message).toBe('/era: must be "legacy" or "modern" (got string "2025")');
    expect(errorFor((value) => (value['missPolicy'] = 'ignore')).path).toBe('/missPolicy');
    expect(errorFor((value) => delete (value['server'] as Record<string, unknown>)['entry']).message).toBe(
      '/server/entry: missing (a string is required)',
    );
    expect(
      errorFor((value) => ((value['exchanges'] as Array<Record<string, unknown>>)[2]!['answer'] = { error: { code: 'x', message: 'm' } }))
        .message,
    ).toBe('/exchanges/2/answer/error/code: must be an integer, not string "x"');
    expect(errorFor((value) => ((value['exchanges'] as Array<Record<string, unknown>>)[1]!['answer'] = {})).message).toBe(
      '/exchanges/1/answer: must hold "result", "error" or "open": true',
    );
    expect(errorFor((value) => (value['recordedAt'] = 'yesterday')).message).toBe('/recordedAt: must be a date, not string "yesterday"');
  });

  it('names the file after the config entry', () => {
    expect(mockFileName('weather')).toBe('weather.mcp-mock.json');
    expect(mockFileName('my server/2')).toBe('my-server-2.mcp-mock.json');
  });
});

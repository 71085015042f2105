import { describe, expect, it } from 'vitest';
import { splitSse } from './split-sse';

describe('splitSse', () => {
  it('splits events, keeps event names, skips comments and joins multi-line data', () => {
    const text = ': OPENROUTER PROCESSING\n\nevent: ping\ndata: {"type":"ping"}\n\ndata: line 1\ndata: line 2\n\ndata: [DONE]\n\n';
    expect(splitSse(text)).toEqual([{ event: 'ping', data: '{"type":"ping"}' }, { data: 'line 1\nline 2' }, { data: '[DONE]' }]);
  });

  it('drops a last event that was never finished by a blank line (a cut stream)', () => {
    expect(splitSse('data: a\n\ndata: b')).toEqual([{ data: 'a' }]);
  });

  it('handles CRLF line endings', () => {
    expect(splitSse('data: a\r\n\r\n')).toEqual([{ data: 'a' }]);
  });
});

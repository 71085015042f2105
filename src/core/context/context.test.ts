import { describe, expect, it } from 'vitest';
import { formatBytes } from '../shared/byte-size';
import { base64Bytes } from '../shared/byte-size';
import { describeContent, MAX_CONTEXT_CHARS, promptToMessages, resourceToParts, utf8Bytes } from '.';

describe('describeContent', () => {
  it('tells the kinds apart by MIME type', () => {
    expect(describeContent({ uri: 'a', mimeType: 'application/json', text: '{}' }).kind).toBe('json');
    expect(describeContent({ uri: 'a', mimeType: 'text/markdown', text: '# x' }).kind).toBe('text');
    expect(describeContent({ uri: 'a', text: 'plain' })).toEqual({ kind: 'text', mimeType: 'text/plain', bytes: 5, inline: true });
    expect(describeContent({ uri: 'a', mimeType: 'image/png', blob: 'AAAA' }).kind).toBe('image');
    expect(describeContent({ uri: 'a', mimeType: 'audio/wav', blob: 'AAAA' }).kind).toBe('audio');
    expect(describeContent({ uri: 'a', mimeType: 'application/pdf', blob: 'AAAA' }).kind).toBe('pdf');
    expect(describeContent({ uri: 'a', blob: 'AAAA' })).toEqual({
      kind: 'binary',
      mimeType: 'application/octet-stream',
      bytes: 3,
      inline: true,
    });
  });

  it('sizes a 20 MB resource without decoding it, and keeps it out of line', () => {
    const blob = 'A'.repeat(Math.ceil((20 * 1024 * 1024 * 4) / 3));
    const info = describeContent({ uri: 'big', mimeType: 'application/octet-stream', blob });
    expect(info.inline).toBe(false);
    expect(formatBytes(info.bytes)).toBe('20.0 MB');
    expect(describeContent({ uri: 'big', text: 'x'.repeat(20 * 1024 * 1024) }).inline).toBe(false);
  });

  it('counts UTF-8 and base64 sizes', () => {
    expect(utf8Bytes('Zürich 😀')).toBe(Buffer.byteLength('Zürich 😀'));
    expect(base64Bytes(Buffer.from('hello').toString('base64'))).toBe(5);
    expect(formatBytes(512)).toBe('512 B');
  });
});

describe('resourceToParts and promptToMessages', () => {
  it('cuts a long text resource with a note, and notes binary content the model cannot read', () => {
    const [long] = resourceToParts([{ uri: 'demo://long', text: 'x'.repeat(MAX_CONTEXT_CHARS + 10) }]);
    expect(long?.type === 'text' && long.text).toContain(`only the first ${MAX_CONTEXT_CHARS} of ${MAX_CONTEXT_CHARS + 10} characters`);
    expect(resourceToParts([{ uri: 'demo://doc.pdf', mimeType: 'application/pdf', blob: 'AAAA' }])).toEqual([
      {
        type: 'text',
        text: 'Resource demo://doc.pdf (application/pdf, 3 B): binary content not given to the model (it cannot read pdf here).',
      },
    ]);
  });

  it('turns text, images and embedded resources of a prompt into messages', () => {
    const messages = promptToMessages([
      { role: 'user', content: { type: 'text', text: 'Analyze:' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'demo://r/1', mimeType: 'text/plain', text: 'Resource 1' } } },
      { role: 'assistant', content: { type: 'text', text: 'Sure.' } },
      { role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
    ]);
    expect(messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Analyze:' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Resource demo://r/1 (text/plain, 10 B):\nResource 1' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'Sure.' }] },
      { role: 'user', parts: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] },
    ]);
  });
});

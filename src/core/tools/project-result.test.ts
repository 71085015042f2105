import { describe, expect, it } from 'vitest';
import { base64Bytes } from '../shared/byte-size';
import { projectToolResult } from './project-result';

// 12,595 bytes (12.3 kB) of audio, 16 bytes of PNG-ish image, as base64.
const audioData = Buffer.alloc(12_595, 1).toString('base64');
const imageData = Buffer.from('not really a png').toString('base64');

describe('projectToolResult: every content type', () => {
  it('projects a result holding one block of each kind, in order', () => {
    const projected = projectToolResult({
      content: [
        { type: 'text', text: 'Sunny, 24 °C' },
        { type: 'image', data: imageData, mimeType: 'image/png' },
        { type: 'audio', data: audioData, mimeType: 'audio/wav' },
        {
          type: 'resource_link',
          uri: 'file:///reports/week.pdf',
          name: 'week.pdf',
          mimeType: 'application/pdf',
          description: 'Weekly report',
        },
        { type: 'resource', resource: { uri: 'note://today', mimeType: 'text/markdown', text: '# Today\nRain later.' } },
        { type: 'resource', resource: { uri: 'file:///a.bin', mimeType: 'application/octet-stream', blob: 'AAECAw==' } },
        { type: 'hologram', data: '…' },
      ],
      structuredContent: { temperature: 24, unit: 'C' },
    });
    expect(projected).toMatchInlineSnapshot(`
      {
        "modelResult": {
          "isError": false,
          "parts": [
            {
              "text": "Sunny, 24 °C",
              "type": "text",
            },
            {
              "data": "bm90IHJlYWxseSBhIHBuZw==",
              "mediaType": "image/png",
              "type": "image",
            },
            {
              "text": "[audio: audio/wav, 12.3 kB — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[resource link: file:///reports/week.pdf (application/pdf) week.pdf — Weekly report]",
              "type": "text",
            },
            {
              "text": "[resource note://today (text/markdown)]
      # Today
      Rain later.",
              "type": "text",
            },
            {
              "text": "[resource file:///a.bin (application/octet-stream), 4 B binary — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[unsupported content block "hologram" — not sent to the model]",
              "type": "text",
            },
            {
              "text": "{"temperature":24,"unit":"C"}",
              "type": "text",
            },
          ],
        },
        "summary": "1 text block, 1 image (image/png, 16 B), 1 audio (not sent to the model), 1 resource link, 2 embedded resources, structured content (sent as JSON text), 1 unsupported block (not sent to the model)",
        "truncated": false,
      }
    `);
  });

  it('passes isError through', () => {
    const projected = projectToolResult({ content: [{ type: 'text', text: 'City not found' }], isError: true });
    expect(projected.modelResult).toEqual({ parts: [{ type: 'text', text: 'City not found' }], isError: true });
    expect(projected.summary).toBe('Error: 1 text block');
  });

  it('does not repeat structured content that a text block already carries as JSON', () => {
    const projected = projectToolResult({
      content: [{ type: 'text', text: '{\n  "unit": "C",\n  "temperature": 24\n}' }],
      structuredContent: { temperature: 24, unit: 'C' },
    });
    expect(projected.modelResult.parts).toEqual([{ type: 'text', text: '{\n  "unit": "C",\n  "temperature": 24\n}' }]);
    expect(projected.summary).toBe('1 text block, structured content (same as the text)');
  });

  it('appends structured content when the text only describes it', () => {
    const projected = projectToolResult({
      content: [{ type: 'text', text: 'Found 2 events.' }],
      structuredContent: { events: [{ id: 1 }, { id: 2 }] },
    });
    expect(projected.modelResult.parts).toEqual([
      { type: 'text', text: 'Found 2 events.' },
      { type: 'text', text: '{"events":[{"id":1},{"id":2}]}' },
    ]);
  });

  it('sends structured content alone when there is no content list', () => {
    expect(projectToolResult({ structuredContent: { ok: true } }).modelResult.parts).toEqual([{ type: 'text', text: '{"ok":true}' }]);
  });
});

describe('projectToolResult: truncation', () => {
  it('cuts very large text for the model and says how large it was', () => {
    const text = 'a'.repeat(1_234_567);
    const projected = projectToolResult({ content: [{ type: 'text', text }] });
    expect(projected.truncated).toBe(true);
    const part = projected.modelResult.parts[0];
    expect(part?.type === 'text' && part.text).toBe(
      `${'a'.repeat(20_000)}\n…[truncated: 1,234,567 characters total; the person sees the whole result]`,
    );
    expect(projected.summary).toBe('1 text block; text truncated for the model');
  });

  it('shares one budget across blocks, embedded resources and structured content', () => {
    const projected = projectToolResult(
      {
        content: [
          { type: 'text', text: '0123456789' },
          { type: 'resource', resource: { uri: 'mem://x', mimeType: 'text/plain', text: 'abcdefghij' } },
          { type: 'text', text: 'never fits' },
        ],
        structuredContent: { big: true },
      },
      { maxTextChars: 15 },
    );
    expect(projected.modelResult.parts).toMatchInlineSnapshot(`
      [
        {
          "text": "0123456789",
          "type": "text",
        },
        {
          "text": "[resource mem://x (text/plain)]
      abcde
      …[truncated: 10 characters total; the person sees the whole result]",
          "type": "text",
        },
        {
          "text": "…[truncated: 10 characters total; the person sees the whole result]",
          "type": "text",
        },
        {
          "text": "…[truncated: 12 characters total; the person sees the whole result]",
          "type": "text",
        },
      ]
    `);
    expect(projected.truncated).toBe(true);
  });

  it('keeps notes and images even when the text budget is spent', () => {
    const projected = projectToolResult(
      {
        content: [
          { type: 'text', text: 'x'.repeat(50) },
          { type: 'image', data: imageData, mimeType: 'image/jpeg' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/mpeg' },
        ],
      },
      { maxTextChars: 10 },
    );
    expect(projected.modelResult.parts.map((part) => part.type)).toEqual(['text', 'image', 'text']);
    expect(projected.modelResult.parts[2]).toEqual({ type: 'text', text: '[audio: audio/mpeg, 3 B — not sent to the model]' });
  });

  it('does not split a surrogate pair at the cut', () => {
    const projected = projectToolResult({ content: [{ type: 'text', text: 'ab😀cd' }] }, { maxTextChars: 3 });
    const part = projected.modelResult.parts[0];
    expect(part?.type === 'text' && part.text.startsWith('ab\n…[truncated: 6 characters')).toBe(true);
  });
});

describe('projectToolResult: untrusted shapes never throw', () => {
  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['an array', [{ type: 'text', text: 'x' }]],
  ])('reports a result that is %s as malformed', (_label, input) => {
    const projected = projectToolResult(input);
    expect(projected.modelResult).toEqual({
      parts: [{ type: 'text', text: '[the tool returned a malformed result — not an object]' }],
      isError: true,
    });
  });

  it('turns wrong block shapes into notes', () => {
    const projected = projectToolResult({
      content: [
        null,
        42,
        { type: 'text', text: 7 },
        { type: 'image', data: 12, mimeType: 'image/png' },
        { type: 'resource', resource: 'nope' },
        { type: 'resource_link' },
        { text: 'no type' },
        { type: 'text', text: '' },
      ],
      isError: 'yes',
      structuredContent: { n: 10n },
    });
    expect(projected).toMatchInlineSnapshot(`
      {
        "modelResult": {
          "isError": false,
          "parts": [
            {
              "text": "[malformed content block — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[malformed content block — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[malformed text block without text — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[image block without data or MIME type (image/png) — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[resource (no URI) without text or binary contents]",
              "type": "text",
            },
            {
              "text": "[resource link: (no URI)]",
              "type": "text",
            },
            {
              "text": "[unsupported content block without a type — not sent to the model]",
              "type": "text",
            },
            {
              "text": "[structured content that cannot be written as JSON — not sent to the model]",
              "type": "text",
            },
          ],
        },
        "summary": "1 empty text block, 1 resource link, 1 embedded resource, malformed structured content (not sent to the model), 5 unsupported blocks (not sent to the model)",
        "truncated": false,
      }
    `);
  });

  it('says when content is not a list, or there is nothing at all', () => {
    expect(projectToolResult({ content: 'text' }).modelResult.parts).toEqual([
      { type: 'text', text: '[malformed content: expected a list of content blocks — not sent to the model]' },
    ]);
    expect(projectToolResult({ content: [] }).modelResult.parts).toEqual([{ type: 'text', text: '[the tool returned no content]' }]);
    expect(projectToolResult({ content: [], isError: true }).modelResult).toEqual({
      parts: [{ type: 'text', text: '[the tool reported an error without any details]' }],
      isError: true,
    });
  });

  it('shortens huge server-supplied labels in notes', () => {
    const projected = projectToolResult({ content: [{ type: 'resource_link', uri: `https://x/${'p'.repeat(5000)}`, name: 'n' }] });
    const part = projected.modelResult.parts[0];
    expect(part?.type === 'text' && part.text.length).toBeLessThan(400);
  });
});

describe('sizes', () => {
  it('computes base64 sizes', () => {
    expect(base64Bytes('AAECAw==')).toBe(4);
    expect(base64Bytes('AAECAwQ=')).toBe(5);
    expect(base64Bytes(audioData)).toBe(12_595);
  });
});

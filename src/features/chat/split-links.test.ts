import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links';

/** Joining the segments must give the original text back. */
function join(text: string): string {
  return splitLinks(text)
    .map((segment) => (segment.type === 'text' ? segment.text : segment.url))
    .join('');
}

describe('splitLinks', () => {
  it('separates http(s) URLs from the text around them', () => {
    expect(splitLinks('See https://example.com/a?b=1 for more.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'url', url: 'https://example.com/a?b=1' },
      { type: 'text', text: ' for more.' },
    ]);
  });

  it('leaves sentence punctuation and closing brackets outside the URL', () => {
    expect(splitLinks('(docs: https://example.com/x).')).toEqual([
      { type: 'text', text: '(docs: ' },
      { type: 'url', url: 'https://example.com/x' },
      { type: 'text', text: ').' },
    ]);
    expect(splitLinks('https://en.wikipedia.org/wiki/Foo_(bar), ok')[0]).toEqual({
      type: 'url',
      url: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('does not turn other schemes into URLs', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x ftp://a.b')).toEqual([
      { type: 'text', text: 'javascript:alert(1) data:text/html,x ftp://a.b' },
    ]);
    expect(splitLinks('just https:// alone')).toEqual([{ type: 'text', text: 'just https:// alone' }]);
  });

  it('keeps every character of the text', () => {
    for (const text of ['', 'no links', 'a http://x.y b https://z.w/c. d', 'markdown [x](https://a.b/c) **https://d.e**']) {
      expect(join(text)).toBe(text);
    }
  });
});

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatEmptyState } from '../features/chat/chat-empty-state';

/** The visible text of some markup: tags and comments out, entities the browser would show, white space collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe("index.html's first frame", () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

  it("holds the chat's empty state exactly as the app renders it first, so the app's later paint is no larger (the first frame stays the LCP)", () => {
    const shell = /<div class="chat-empty">([\s\S]*?)<\/div>\s*<\/div>\s*<\/div>/.exec(html);
    expect(shell, 'index.html has the chat empty state in its shell').not.toBeNull();
    const app = renderToStaticMarkup(createElement(ChatEmptyState, { demo: false, onUseExample: () => undefined }));
    expect(textOf(shell![1]!)).toBe(textOf(app));
    // The same classes, so the paragraph has the same width and height in the shell as in the app.
    expect(shell![1]).toContain('<p class="muted">');
    expect(app).toContain('class="chat-empty"');
  });

  it('paints that empty state in the first frame, before the shell is dressed', () => {
    expect(html).toMatch(/<div class="chat-panel shell-first-frame" aria-hidden="true">/);
    const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');
    expect(css).toContain('.shell:not(.dressed) .shell-first-frame { visibility: visible; }');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from './app';
import { createServices } from '../core/composition';
import { ChatEmptyState } from '../features/chat/chat-empty-state';

// The build prerenders the app's first screen (scripts/prerender.ts). That needs the
// real App to render in Node from fresh services, with no window or storage at render; this pins it.
describe('App rendered on the server (the ground a build-time prerender stands on)', () => {
  it('renders the top bar, the empty chat and both wire panels from fresh services, without a browser', () => {
    const services = createServices({ baseFetch: (() => Promise.reject(new Error('no network in a prerender'))) as typeof fetch });
    const html = renderToString(createElement(App, { services }));
    expect(html).toContain('data-testid="model-settings"');
    expect(html).toContain(
      renderToStaticMarkup(createElement(ChatEmptyState, { demo: false, onUseExample: () => undefined })).slice(0, 60),
    );
    expect(html).toContain('MCP wire');
    expect(html).toContain('Model wire');
  });
});

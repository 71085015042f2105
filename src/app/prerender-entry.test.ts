import { describe, expect, it } from 'vitest';
import { renderFirstFrame } from './prerender-entry';

// The build writes this markup into index.html (scripts/prerender.ts) and the page hydrates it.
describe('the prerendered first frame', () => {
  it("is the real initial screen: the default config's servers connecting, the empty chat, both wires", async () => {
    const html = await renderFirstFrame();
    expect(html).toMatch(/<div class="app" data-first-frame=""/);
    for (const server of ['weather', 'calendar']) {
      expect(html).toMatch(new RegExp(`data-testid="server-${server}" data-status="connecting"`));
    }
    for (const testId of ['config-editor', 'chat-empty', 'chat-input', 'mcp-traffic', 'model-traffic', 'traffic-empty', 'model-traffic-empty']) {
      expect(html).toContain(`data-testid="${testId}"`);
    }
  });

  it('has every view drawn (no boundary left for the page to render again), no script, and no tour', async () => {
    const html = await renderFirstFrame();
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toMatch(/<script|<template/);
    expect(html).not.toContain('Step 1 of');
  });
});

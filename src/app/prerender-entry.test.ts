import { describe, expect, it } from 'vitest';
import { firstFrameServices, releaseFirstFrameServices } from './first-frame';
import { drawFirstFrame, renderFirstFrame } from './prerender-entry';

// The build writes this markup into index.html (scripts/prerender.ts) and the page hydrates it.
describe('the prerendered first frame', () => {
  it("is the real initial screen: the default config's servers connecting, the empty chat, both wires", async () => {
    const html = await renderFirstFrame();
    expect(html).toMatch(/<div class="app" data-first-frame=""/);
    for (const server of ['weather', 'calendar']) {
      expect(html).toMatch(new RegExp(`data-testid="server-${server}" data-status="connecting"`));
    }
    for (const testId of [
      'config-editor',
      'chat-empty',
      'chat-input',
      'mcp-traffic',
      'model-traffic',
      'traffic-empty',
      'model-traffic-empty',
    ]) {
      expect(html).toContain(`data-testid="${testId}"`);
    }
  });

  it('has every view drawn (no boundary left for the page to render again), no script, and no tour', async () => {
    const html = await renderFirstFrame();
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toMatch(/<script|<template/);
    expect(html).not.toContain('Step 1 of');
  });

  it('keeps its wires empty once its connects have sent their requests (a still picture, whatever the timing)', async () => {
    const services = await firstFrameServices();
    try {
      // The connects go on after the first frame is drawn: each sends its first request (never answered).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const html = await drawFirstFrame(services);
      expect(html).toContain('data-testid="traffic-empty"');
      expect(html).toContain('data-testid="model-traffic-empty"');
    } finally {
      await releaseFirstFrameServices(services);
    }
  });
});

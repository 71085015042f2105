/**
 * The build's prerender of the first frame (loaded in Node by scripts/prerender.ts through Vite's
 * SSR module loading): the app's initial screen as HTML, for index.html's `#root`.
 */
import { renderToString } from 'react-dom/server';
import type { Services } from '../core/composition';
import { firstFrameElement, firstFrameServices, releaseFirstFrameServices } from './first-frame';

export { firstFrameSizesScript } from './first-frame-sizes';

/** A boundary renderToString could not finish (a lazy view still loading): the page would render it again. */
const UNFINISHED_BOUNDARY = '<!--$!-->';

/**
 * The first frame's markup, with every lazy view on it drawn, not its fallback: a render starts
 * loading them, so it is repeated until none is left loading. Plain HTML: renderToString adds no
 * script, unlike streaming.
 */
export async function renderFirstFrame(timeoutMs = 20_000): Promise<string> {
  const services = await firstFrameServices();
  try {
    return await drawFirstFrame(services, timeoutMs);
  } finally {
    await releaseFirstFrameServices(services);
  }
}

/** The markup of the first frame of `services`, rendered again until no lazy view is left loading. */
export async function drawFirstFrame(services: Services, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = renderToString(firstFrameElement(services));
    if (!html.includes(UNFINISHED_BOUNDARY)) return html;
    if (Date.now() > deadline) throw new Error(`the first frame still had a view loading after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

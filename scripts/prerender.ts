import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform as transformCss } from 'lightningcss';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

/** The module that renders the first frame, and where its markup goes in index.html. */
const ENTRY = fileURLToPath(new URL('../src/app/prerender-entry.tsx', import.meta.url));
const PLACEHOLDER = '<!-- glassbox:first-frame -->';

/** Markers of a Suspense boundary the server gave up on: the page would render it again, and report a hydration error. */
const CLIENT_RENDERED_BOUNDARY = /<!--\$!-->|<template\b/;

/**
 * The style sheets the first frame's modules import (in import order), minified into one: inline
 * in index.html, so the prerendered markup paints styled before any file arrives. `inline` are
 * those index.html carries already (its shell style).
 */
function firstFrameCss(server: ViteDevServer, inline: readonly string[]): string {
  const files = [...server.moduleGraph.idToModuleMap.keys()].filter((id) => id.endsWith('.css') && !inline.includes(id));
  const css = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  return transformCss({ filename: 'first-frame.css', code: Buffer.from(css), minify: true }).code.toString();
}

/**
 * Renders the app's first screen at build time into index.html's `#root` (issue 17: the real UI
 * in the first frame, hydrated by the page). The app's modules are loaded in Node through a Vite
 * server in SSR mode (the same config, so its defines and CSS handling apply). Runs in the normal
 * order, before the Content-Security-Policy plugin's `post` step hashes the page's inline scripts;
 * the markup adds none (checked), and the one script this adds (the saved panel sizes,
 * src/app/first-frame-sizes.ts) is hashed with the others. The style sheets the first frame's
 * modules import go inline too, beside index.html's own.
 */
export function prerenderFirstFrame(configFile: string, inlineStyleSheets: readonly string[]): Plugin {
  return {
    name: 'glassbox:prerender',
    apply: 'build',
    transformIndexHtml: {
      async handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER}: cannot prerender the first frame`);
        const server = await createServer({
          configFile,
          // The app as built: import.meta.env.PROD (the in-page demo servers in the default config, as the page has them).
          mode: 'production',
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, watch: null },
        });
        try {
          const entry = (await server.ssrLoadModule(ENTRY)) as { renderFirstFrame(): Promise<string>; firstFrameSizesScript(): string };
          const { renderFirstFrame, firstFrameSizesScript } = entry;
          const markup = await renderFirstFrame();
          if (CLIENT_RENDERED_BOUNDARY.test(markup)) throw new Error('the prerendered first frame has a Suspense boundary the page would render again');
          if (/<script\b/i.test(markup)) throw new Error('the prerendered first frame has a <script>: nothing the app renders should');
          const head = `<style>${firstFrameCss(server, inlineStyleSheets)}</style>\n    <script>${firstFrameSizesScript()}</script>`;
          return html.replace(PLACEHOLDER, () => markup).replace('</head>', () => `    ${head}\n  </head>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform as transformCss } from 'lightningcss';
import { createServer, type Plugin, type Rollup, type ViteDevServer } from 'vite';

/** The module that renders the first frame, and where its markup goes in index.html. */
const ENTRY = fileURLToPath(new URL('../src/app/prerender-entry.tsx', import.meta.url));
/** The app's main module: what boot.ts loads once the first frame is painted. */
const MAIN = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url));
const PLACEHOLDER = '<!-- glassbox:first-frame -->';

/** Markers of a Suspense boundary the server gave up on: the picture would show its fallback instead of the view. */
const CLIENT_RENDERED_BOUNDARY = /<!--\$!-->|<template\b/;

/**
 * The style sheets the first frame's modules import (in import order), minified into one: inline
 * in index.html, so the prerendered markup paints styled before any file arrives. `inline` are
 * those index.html carries already (its shell style).
 */
function firstFrameCssFiles(server: ViteDevServer, inline: readonly string[]): string[] {
  return [...server.moduleGraph.idToModuleMap.keys()].filter((id) => id.endsWith('.css') && !inline.includes(id));
}

/** The files' style sheets, minified into one. */
function minifiedCss(files: readonly string[]): string {
  const css = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  return transformCss({ filename: 'first-frame.css', code: Buffer.from(css), minify: true }).code.toString();
}

/** The main chunk and every chunk it imports statically, transitively: what loads before main runs. */
function mainChunkClosure(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const main = chunks.find((chunk) => chunk.facadeModuleId === MAIN);
  if (main === undefined) throw new Error(`the build has no chunk for ${MAIN}`);
  const closure = new Map<string, Rollup.OutputChunk>();
  const queue = [main];
  for (let chunk = queue.pop(); chunk !== undefined; chunk = queue.pop()) {
    if (closure.has(chunk.fileName)) continue;
    closure.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') queue.push(imported);
    }
  }
  return [...closure.values()];
}

/**
 * Renders the app's first screen at build time into index.html's `#root` (the real UI
 * in the first frame, replaced by the page's render of the restored session). The app's modules are loaded in Node through a Vite
 * server in SSR mode (the same config, so its defines and CSS handling apply). Runs in the normal
 * order, before the Content-Security-Policy plugin's `post` step hashes the page's inline scripts;
 * the markup adds none (checked), and the one script this adds (the saved panel sizes,
 * src/app/first-frame-sizes.ts) is hashed with the others. The style sheets the first frame's
 * modules import go inline too, beside index.html's own.
 */
export function prerenderFirstFrame(configFile: string, inlineStyleSheets: readonly string[]): Plugin {
  // The style sheets index.html carries inline (its shell's and the first frame's), once known; and
  // those the main chunk would have loaded as a file, which the build leaves out (see generateBundle).
  let inlined: ReadonlySet<string> | undefined;
  let leftOut: readonly string[] | undefined;
  /** Every style sheet left out of the build is inline in index.html (checked once both are known). */
  const checkLeftOutAreInline = () => {
    if (inlined === undefined || leftOut === undefined) return;
    const missing = leftOut.filter((file) => !inlined!.has(file));
    if (missing.length > 0) {
      throw new Error(
        `these style sheets of the main chunk are not in index.html's inline style, so the app would go without them: ${missing.join(', ')}`,
      );
    }
  };
  return {
    name: 'glassbox:prerender',
    apply: 'build',
    /**
     * The main chunk's style sheets are inline in index.html already (the first frame's modules are
     * its modules), so the build does not also emit them as a file for boot.ts's import of main to
     * load: that second copy cost a download, a parse and a restyle of the whole page while the app
     * starts, for rules the page had. Runs before Vite writes the import's preload list (which reads
     * the chunks' imported CSS); the sheets left out are checked against the inline style.
     */
    generateBundle(_options, bundle) {
      const closure = mainChunkClosure(bundle);
      const entry = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
      if (
        entry !== undefined &&
        !entry.code.includes('__VITE_PRELOAD__') &&
        closure.some((chunk) => chunk.viteMetadata!.importedCss.size > 0)
      ) {
        throw new Error("the preload lists are written already: the main chunk's style sheets can no longer be left out of them");
      }
      leftOut = closure.flatMap((chunk) => chunk.moduleIds.filter((id) => id.endsWith('.css')));
      checkLeftOutAreInline();
      for (const chunk of closure) {
        for (const file of chunk.viteMetadata!.importedCss) delete bundle[file];
        chunk.viteMetadata!.importedCss.clear();
      }
    },
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
          if (CLIENT_RENDERED_BOUNDARY.test(markup))
            throw new Error('the prerendered first frame has a Suspense boundary the page would render again');
          if (/<script\b/i.test(markup)) throw new Error('the prerendered first frame has a <script>: nothing the app renders should');
          const cssFiles = firstFrameCssFiles(server, inlineStyleSheets);
          inlined = new Set([...inlineStyleSheets, ...cssFiles]);
          checkLeftOutAreInline();
          const head = `<style>${minifiedCss(cssFiles)}</style>\n    <script>${firstFrameSizesScript()}</script>`;
          return html.replace(PLACEHOLDER, () => markup).replace('</head>', () => `    ${head}\n  </head>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

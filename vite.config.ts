import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build as viteBuild, defineConfig, type Plugin, type Rollup, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { transform as transformCss } from 'lightningcss';
import { appOAuthUrls, clientMetadataDocument, type AppOAuthUrls } from './src/core/auth/app-urls';
import { prerenderFirstFrame } from './scripts/prerender';
import { startupChunk } from './scripts/startup-chunk';

/**
 * The Content-Security-Policy of the production build. Glassbox shows text from servers it does
 * not control (tool names, descriptions, results, model replies), so the page allows no inline
 * script and no eval: even if some server text slipped into the DOM as markup, it could not run.
 * The one exception is index.html's own few lines that pick the theme before the first paint:
 * the policy names their SHA-256 (added at build time), so no other inline script can run.
 */
const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // Our bundled modules only (plus the hash of index.html's theme lines): no other inline
  // script, no eval (`new Function`), no CDN.
  'script-src': ["'self'"],
  // Monaco's editor and JSON workers are bundled files, and demo-worker.js (the in-page demo servers) is
  // served beside index.html; blob: covers workers built from a Blob URL.
  'worker-src': ["'self'", 'blob:'],
  // The person chooses the MCP servers and the model endpoint, anywhere (cloud or localhost), so
  // requests may go to any origin; each server still has to allow this page with CORS.
  'connect-src': ["'self'", '*', 'http:', 'https:', 'ws:', 'wss:'],
  // 'unsafe-inline' for styles only: Monaco creates <style> elements and sets style attributes
  // at run time, and React renders `style={…}` props (column widths, virtual list offsets) as
  // style attributes. Inline styles cannot run script.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Tool results carry images and audio as base64, shown through data: URLs; servers' and tools'
  // icons are https: or data: URLs (core/mcp/server-metadata.ts drops any other before it is drawn).
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'data:', 'blob:'],
  // Monaco's codicon font is a bundled file; data: in case a build inlines it.
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  // MCP App views load the shipped sandbox page: from this origin, or from the separate sandbox
  // origin a deployment names (VITE_GLASSBOX_APP_SANDBOX_URL), which must then be allowed here.
  'frame-src': ["'self'", ...appSandboxOrigin(process.env['VITE_GLASSBOX_APP_SANDBOX_URL'])],
  // frame-ancestors, report-uri and sandbox are not allowed in a <meta> policy (the browser
  // ignores them with a console warning): set them as HTTP headers where the page is hosted.
};

/** The origin of a separate MCP App sandbox named at build time (none when unset or relative). */
function appSandboxOrigin(url: string | undefined): string[] {
  if (url === undefined || url === '') return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The policy as the text of a CSP header or meta tag; `scriptHashes` are the page's inline scripts'. */
function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${(directive === 'script-src' ? [...sources, ...scriptHashes] : sources).join(' ')}`)
    .join('; ');
}

/** `'sha256-…'` sources for the inline classic scripts of `html`, exactly as the browser hashes them. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The production build under the policy (build only: the dev server's hot reload injects inline
 * script that this policy would block): `<meta http-equiv="Content-Security-Policy">` goes right
 * after `<meta charset>`, so it covers every script and style that follows. zod's eval probe is
 * switched off by src/core/mcp/zod-jitless.ts (imported first by the SDK loader and by the demo worker).
 */
function contentSecurityPolicyBuild(): Plugin[] {
  return [
    {
      name: 'glassbox:csp-meta',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(inlineScriptHashes(html))}" />`;
          const charset = /<meta\s+charset=[^>]*>/i;
          if (charset.test(html)) return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
          if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (tag) => `${tag}\n    ${meta}`);
          throw new Error('index.html has no <head>: cannot add the Content-Security-Policy');
        },
      },
    },
  ];
}

/** The style sheets index.html carries inline in the dev server too: the theme, the page layout and the chat's (the build adds the rest the prerendered first frame uses, scripts/prerender.ts). */
const SHELL_STYLE_SHEETS = ['src/ui/theme.css', 'src/app/app.css', 'src/app/layout.css', 'src/features/chat/chat.css'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

/**
 * Puts the theme and layout style sheets into index.html as one minified `<style>` (at the
 * `<!-- glassbox:shell-style -->` comment), in the dev server and the build alike. A linked
 * style sheet blocks the first paint until it has been fetched, which on a busy machine cost
 * more than the blank page takes to paint altogether; inline, the prerendered first frame paints as
 * soon as the HTML is parsed. Editing either file reloads the dev page.
 */
function inlineShellStyle(): Plugin {
  const placeholder = '<!-- glassbox:shell-style -->';
  return {
    name: 'glassbox:shell-style',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder}: cannot inline the shell's style`);
        const css = SHELL_STYLE_SHEETS.map((file) => readFileSync(file, 'utf8')).join('\n');
        const { code } = transformCss({ filename: 'shell.css', code: Buffer.from(css), minify: true });
        return html.replace(placeholder, () => `<style>${code.toString()}</style>`);
      },
    },
    configureServer(server) {
      server.watcher.add(SHELL_STYLE_SHEETS);
      server.watcher.on('change', (file) => {
        if (SHELL_STYLE_SHEETS.includes(file)) server.ws.send({ type: 'full-reload' });
      });
    },
  };
}

/** The demo Service Worker's source and the file it is built to, at the app's base (so its scope is the app's path). */
const DEMO_WORKER_ENTRY = fileURLToPath(new URL('src/demo-worker/worker.ts', import.meta.url));
const DEMO_WORKER_FILE = 'demo-worker.js';

/**
 * The demo Service Worker as one classic script (no imports: module service workers are not
 * supported everywhere, and a worker's imports cannot be updated with it). Built by a second Vite
 * build of its own entry, so it never shares a chunk with the page and adds nothing to the page's
 * first load: the page registers it only when it connects to an in-page demo server.
 */
async function buildDemoWorker(minify: boolean): Promise<string> {
  const result = await viteBuild({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify,
      target: 'es2022',
      emptyOutDir: false,
      lib: { entry: DEMO_WORKER_ENTRY, formats: ['iife'], name: 'glassboxDemoWorker', fileName: () => DEMO_WORKER_FILE },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (chunk === undefined) throw new Error('the demo worker build produced no script');
  return chunk.code;
}

/**
 * demo-worker.js beside index.html: emitted into the build, and served by the dev server (built on
 * request, so `npm start` can use the in-page demo servers too when a config names them).
 */
function demoWorker(): Plugin {
  return {
    name: 'glassbox:demo-worker',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: DEMO_WORKER_FILE, source: await buildDemoWorker(true) });
    },
    configureServer(server) {
      server.middlewares.use(`/${DEMO_WORKER_FILE}`, (_request, response, next) => {
        buildDemoWorker(false).then(
          (code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-store');
            response.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}

/**
 * Where the build will be served, from GLASSBOX_PUBLIC_URL (`https://example.org/glassbox/`):
 * the Client ID Metadata Document names the app by its absolute URL, which a relative build
 * (`base: './'`) cannot know by itself. Without it, no document is written and the app
 * registers itself where a server allows it instead.
 */
function publicAppUrls(): AppOAuthUrls | undefined {
  const publicUrl = process.env['GLASSBOX_PUBLIC_URL'];
  if (!publicUrl) return undefined;
  const url = new URL(publicUrl);
  return appOAuthUrls(url.origin, url.pathname);
}

/**
 * Writes oauth/client-metadata.json (served as application/json by its extension) for the place
 * the build is deployed at, from the same function the app's sign-in uses, so the document's
 * redirect URI is always the app's own callback; and tells the app the document's URL.
 */
function clientMetadataDocumentFile(): Plugin {
  const urls = publicAppUrls();
  return {
    name: 'glassbox:client-metadata',
    config: () => ({ define: { __GLASSBOX_CLIENT_METADATA_URL__: JSON.stringify(urls?.clientMetadataDocumentUrl ?? '') } }),
    generateBundle() {
      if (urls === undefined) return;
      this.emitFile({
        type: 'asset',
        fileName: 'oauth/client-metadata.json',
        source: `${JSON.stringify(clientMetadataDocument(urls), null, 2)}\n`,
      });
    },
  };
}

/**
 * Publishes the eval file's JSON Schema with the build, at schemas/evals.schema.json, so an eval
 * file can name it in "$schema" and editors outside Glassbox check it the same way.
 */
function evalsSchemaFile(): Plugin {
  return {
    name: 'glassbox:evals-schema',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'schemas/evals.schema.json',
        source: readFileSync(fileURLToPath(new URL('./src/core/evals/evals-schema.json', import.meta.url)), 'utf8'),
      });
    },
  };
}

/**
 * The app's config. `startupAnalysis`: the in-memory pass of scripts/startup-chunk.ts, which only reads
 * how the bundler cuts the app's chunks by itself: without the start-up group (a group, even one that
 * takes nothing, changes them) and without the prerendered first frame and the demo worker, which
 * take no part in them.
 */
function appConfig({ startupAnalysis }: { startupAnalysis: boolean }): UserConfig {
  return {
    plugins: [
      react(),
      inlineShellStyle(),
      ...(startupAnalysis ? [] : [prerenderFirstFrame(fileURLToPath(import.meta.url), SHELL_STYLE_SHEETS), demoWorker()]),
      contentSecurityPolicyBuild(),
      clientMetadataDocumentFile(),
      evalsSchemaFile(),
      ...(startupAnalysis ? [] : [startup.plugin]),
    ],
    base: './',
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: {
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 4000,
      // The start-up's shared modules in one file (scripts/startup-chunk.ts).
      ...(!startupAnalysis && { rolldownOptions: { output: { codeSplitting: { groups: [startup.group] } } } }),
    },
    worker: { format: 'es' },
  };
}

const startup = startupChunk(() => appConfig({ startupAnalysis: true }));

// The app is a static page: `npm run build` writes dist/, which any static server can host.
export default defineConfig(appConfig({ startupAnalysis: false }));

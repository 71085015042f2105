// Bundles src/core/evals/headless.ts (and the core it uses: agent loop, providers, MCP, traffic)
// into one ES module Node 20 can run, scripts/evals/generated/headless.mjs (gitignored), with
// Vite's library build. Packages stay imports of node_modules. Run by `npm run gen` (so `npm test`
// and `npm run build` make it) and by scripts/evals/cli.mjs when the file is missing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the bundle is written. */
export const HEADLESS_BUNDLE = path.join(root, 'scripts/evals/generated/headless.mjs');

/** Builds the bundle. */
export async function buildHeadless() {
  await buildNodeBundle('src/core/evals/headless.ts', HEADLESS_BUNDLE);
}

/**
 * Bundles one core entry (a path from the repository root) into `outFile`, an ES module for
 * Node 20; its folder is emptied first, so each bundle has a folder of its own. `npm run diff`
 * (scripts/diff/cli.mjs) uses it too.
 */
export async function buildNodeBundle(entry, outFile) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: path.dirname(outFile),
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      ssr: path.join(root, entry),
      rollupOptions: {
        // Packages are resolved from node_modules at run time; only our own files are bundled.
        external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
        output: { format: 'es', entryFileNames: path.basename(outFile), codeSplitting: false },
      },
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildHeadless();
  console.log(`evals: wrote ${path.relative(root, HEADLESS_BUNDLE)} in ${Date.now() - started} ms`);
}

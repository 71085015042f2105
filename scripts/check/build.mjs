// Bundles src/core/checks/headless.ts (and the core it uses: checks, MCP, tools, providers, traffic)
// into one ES module Node 20 can run, scripts/check/generated/headless.mjs (gitignored), with Vite's
// library build, as scripts/evals/build.mjs does for evals. Run by `npm run gen` and by
// scripts/check/cli.mjs when the file is missing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the bundle is written. */
export const CHECK_BUNDLE = path.join(root, 'scripts/check/generated/headless.mjs');

/** Builds the bundle. */
export async function buildCheck() {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: path.dirname(CHECK_BUNDLE),
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      ssr: path.join(root, 'src/core/checks/headless.ts'),
      rollupOptions: {
        // Packages are resolved from node_modules at run time, except JSON files (the meta-schema), which are inlined.
        external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0') && !id.endsWith('.json'),
        output: { format: 'es', entryFileNames: path.basename(CHECK_BUNDLE), codeSplitting: false },
      },
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildCheck();
  console.log(`check: wrote ${path.relative(root, CHECK_BUNDLE)} in ${Date.now() - started} ms`);
}

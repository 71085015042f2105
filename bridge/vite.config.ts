/**
 * Builds the bridge once into plain Node ES modules, bridge/dist/cli.mjs (the package's `bin`) and
 * serve-entry.mjs (one entry served for a headless command), at
 * `prepare` (after `npm install`), `npm run gen` and before the tests (vitest's global setup). What
 * it imports of src/core (the config reader, the pair-link codec) and jsonc-parser are bundled in;
 * the packages it lists as dependencies (the MCP SDK's) are imported from node_modules at run time.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  // jsonc-parser's "main" is a UMD build with dynamic requires; its "module" build bundles cleanly.
  resolve: { mainFields: ['module', 'main'] },
  ssr: { noExternal: ['jsonc-parser'], target: 'node' },
  build: {
    ssr: true,
    outDir: fileURLToPath(new URL('dist', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        cli: fileURLToPath(new URL('cli.ts', import.meta.url)),
        'serve-entry': fileURLToPath(new URL('serve-entry.ts', import.meta.url)),
      },
      output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name].mjs' },
    },
  },
});

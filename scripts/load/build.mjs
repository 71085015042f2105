// Bundles src/core/load/headless.ts into scripts/load/generated/load.mjs (gitignored) with the
// same Vite library build as `npm run evals` (scripts/evals/build.mjs). Run by `npm run gen` and
// by scripts/load/cli.mjs when the file is missing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeBundle } from '../evals/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the bundle is written. */
export const LOAD_BUNDLE = path.join(root, 'scripts/load/generated/load.mjs');

/** Builds the bundle. */
export async function buildLoad() {
  await buildNodeBundle('src/core/load/headless.ts', LOAD_BUNDLE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildLoad();
  console.log(`load: wrote ${path.relative(root, LOAD_BUNDLE)} in ${Date.now() - started} ms`);
}

// Bundles src/core/snapshot/headless.ts into scripts/diff/generated/diff.mjs (gitignored) with the
// same Vite library build as `npm run evals` (scripts/evals/build.mjs). Run by `npm run gen` and
// by scripts/diff/cli.mjs when the file is missing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeBundle } from '../evals/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the bundle is written. */
export const DIFF_BUNDLE = path.join(root, 'scripts/diff/generated/diff.mjs');

/** Builds the bundle. */
export async function buildDiff() {
  await buildNodeBundle('src/core/snapshot/headless.ts', DIFF_BUNDLE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildDiff();
  console.log(`diff: wrote ${path.relative(root, DIFF_BUNDLE)} in ${Date.now() - started} ms`);
}

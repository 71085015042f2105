// Bundles src/core/mock-command.ts (mock/headless.ts and record-mocks.ts) into scripts/mock/generated/mock.mjs (gitignored) with the
// same Vite library build as `npm run evals` (scripts/evals/build.mjs). Run by `npm run gen` and
// by scripts/mock/cli.mjs when the file is missing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeBundle } from '../evals/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the bundle is written. */
export const MOCK_BUNDLE = path.join(root, 'scripts/mock/generated/mock.mjs');

/** Builds the bundle. */
export async function buildMock() {
  await buildNodeBundle('src/core/mock-command.ts', MOCK_BUNDLE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildMock();
  console.log(`mock: wrote ${path.relative(root, MOCK_BUNDLE)} in ${Date.now() - started} ms`);
}

/**
 * Builds what the bench serves, with Vite's JS API: the app exactly as `vite build` makes
 * it (the repository's vite.config.ts), and the bench harness (bench/harness: a page that
 * drives the app's real core and TrafficPanel, plus a blank reference page) on its own.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The harness sources. */
export const HARNESS_DIR = path.join(REPO_ROOT, 'bench', 'harness');
/** Where the harness sits inside the served site. */
export const HARNESS_PATH = '__bench';

/**
 * Builds the production app into `outDir` with the repository's Vite config.
 * @param {string} outDir
 */
export async function buildApp(outDir) {
  await build({
    root: REPO_ROOT,
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(process.env.BENCH_NO_MINIFY && { minify: false }) },
  });
}

/**
 * Builds the harness page (index.html) and the blank page (blank.html) into `outDir`.
 * @param {string} outDir
 */
export async function buildHarness(outDir) {
  await build({
    root: HARNESS_DIR,
    configFile: false,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 4000,
      rollupOptions: {
        input: { index: path.join(HARNESS_DIR, 'index.html'), blank: path.join(HARNESS_DIR, 'blank.html') },
      },
    },
  });
}

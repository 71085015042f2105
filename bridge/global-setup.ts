/** vitest's global setup: builds the bridge once before the tests that start it as a person does (bridge/dist/cli.mjs). */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export default async function buildBridge(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL('vite.config.ts', import.meta.url)) });
}

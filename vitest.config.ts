import { defineConfig } from 'vitest/config';

// Unit tests run in Node: src/core must work without a DOM, which is how we know it is pure.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'e2e/servers/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'bridge/**/*.test.ts'],
    testTimeout: 20_000,
    // The bridge's tests run the built bridge, as its `bin` does: built once here, never at run time.
    globalSetup: ['bridge/global-setup.ts'],
    // One module graph per worker, not per file: importing it again for each of ~170 files was
    // most of the run (130 s against 53 s on a 2-core machine). The tests keep no state in modules
    // that another file would see (each builds its own stores); two full runs passed this way.
    isolate: false,
  },
});

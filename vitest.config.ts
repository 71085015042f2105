import { defineConfig } from 'vitest/config';

// Unit tests run in Node: src/core must work without a DOM, which is how we know it is pure.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'e2e/servers/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
  },
});

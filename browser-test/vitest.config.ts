import { defineConfig } from 'vitest/config';

/**
 * Unlike the other packages' configs (`packageTestConfig` in ../vitest.shared.ts), nothing is aliased
 * to sources: the browser loads each client's built `dist/index.js`, and the Node side starts the
 * built reference server, so `turbo run test:browser` builds the packages first (`^build`).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

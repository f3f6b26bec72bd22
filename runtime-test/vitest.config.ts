import { defineConfig } from 'vitest/config';

/**
 * Nothing is aliased to sources: Bun, Deno and workerd load the built packages, and the Node side
 * starts the built reference server, so the packages are built first (`pnpm test:runtimes` does).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});

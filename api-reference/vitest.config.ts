import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // TypeDoc converts all seven packages before the first test: minutes on a busy machine.
    hookTimeout: 600_000,
  },
});

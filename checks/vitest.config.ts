import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packed',
          include: ['test/packed/**/*.test.ts'],
          globalSetup: ['test/packed/consumer-project.setup.ts'],
          // Each test runs a whole tsc or npm over the installed tree, on a busy machine.
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'workspace',
          include: ['test/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});

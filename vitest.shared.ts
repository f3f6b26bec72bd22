import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));
const coreVersion = JSON.parse(readFileSync(resolve(root, 'packages/core/package.json'), 'utf8'))
  .version as string;

/**
 * Tests import workspace packages by name, as users do, but resolve them to their sources so that a
 * change in core is seen by every client's tests without a rebuild.
 */
export function packageTestConfig(overrides: ViteUserConfig['test'] = {}) {
  return defineConfig({
    define: { __CLIENTKIT_VERSION__: JSON.stringify(coreVersion) },
    resolve: {
      alias: [
        {
          find: /^@clientkit\/contracts\/([a-z-]+)\/responses$/,
          replacement: `${root}/packages/contracts/src/$1/response-schemas.ts`,
        },
        {
          find: /^@clientkit\/([a-z-]+)\/([a-z-]+)$/,
          replacement: `${root}/packages/$1/src/$2.ts`,
        },
        { find: /^@clientkit\/([a-z-]+)$/, replacement: `${root}/packages/$1/src/index.ts` },
      ],
    },
    test: {
      include: ['test/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...overrides,
    },
  });
}

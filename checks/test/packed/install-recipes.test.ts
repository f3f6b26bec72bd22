import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  type InstallRecipe,
  installRecipesIn,
  packagesInstalledBy,
  packagesPackedBy,
  rootsOf,
  withDependencies,
} from '../../src/install-recipe';
import {
  type PublishedPackage,
  publishedPackages,
  workspaceRoot,
} from '../../src/published-packages';
import { run, runOrThrow } from '../../src/run';

// The tarballs lie in <dir>/clientkit/packs, packed once by the global setup: each recipe's npm
// command runs as printed in an empty application <dir>/app-<n>, beside that "clone".
const tarballs = inject('tarballs');
const besideTheClone = dirname(dirname(dirname(Object.values(tarballs)[0]!)));
const packages = publishedPackages();
const readmeOf = (dir: string) => relative(workspaceRoot, join(dir, 'README.md'));
const recipes = packages.flatMap((pkg) => installRecipesIn(readmeOf(pkg.dir)));

/** An application that ran the npm command: one per distinct command, made when first asked for. */
const applications = new Map<string, string>();
function applicationAfter(install: string): string {
  const made = applications.get(install);
  if (made) return made;
  const app = join(besideTheClone, `app-${applications.size + 1}`);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  // The cache npm filled for the consumer project serves the registry's packages (ky, zod, hono).
  const quiet = {
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  runOrThrow('sh', ['-c', install], app, quiet);
  applications.set(install, app);
  return app;
}

/**
 * A program that loads each entry point of `root` in the application, by `import` or `require`.
 * An entry point may fail for want of an optional peer dependency (core's OpenTelemetry entry and
 * `@opentelemetry/api`): the application installs that to use the entry, the recipe need not.
 */
function loading(root: PublishedPackage, how: 'import' | 'require'): string {
  const load = how === 'import' ? 'await import(specifier)' : 'require(specifier)';
  return [
    `const optionalPeers = ${JSON.stringify(root.optionalPeers)};`,
    `for (const specifier of ${JSON.stringify(root.specifiers)}) {`,
    `  try { ${load}; } catch (error) {`,
    `    if (!optionalPeers.some((peer) => error.message.includes("'" + peer + "'"))) throw error;`,
    '  }',
    '}',
  ].join('\n');
}

const rootOf = (recipe: InstallRecipe) =>
  rootsOf(packagesInstalledBy(recipe.install, tarballs), packages);

describe('the install recipes of the package READMEs, followed from the packed tarballs', () => {
  it.each(packages.map((pkg) => [pkg.name, readmeOf(pkg.dir)]))(
    '%s: its README has a recipe, and the first installs the package itself',
    (name, readme) => {
      const [first] = installRecipesIn(readme);
      expect(first, `no install recipe in ${readme}`).toBeDefined();
      expect(rootOf(first!)).toEqual([name]);
    },
  );

  describe.each(recipes.map((recipe) => [`${recipe.readme}:${recipe.line}`, recipe]))(
    '%s',
    (_, recipe) => {
      it('packs exactly the tarballs its npm command names: one package and what it depends on', () => {
        const installed = packagesInstalledBy(recipe.install, tarballs);
        expect(packagesPackedBy(recipe.pack)).toEqual(installed);
        const roots = rootsOf(installed, packages);
        expect(roots).toHaveLength(1);
        expect(installed).toEqual(withDependencies(roots[0]!, packages));
      });

      it('npm installs them in an empty application, which imports and requires every entry point', () => {
        const app = applicationAfter(recipe.install);
        const root = packages.find((pkg) => pkg.name === rootOf(recipe)[0])!;
        runOrThrow(process.execPath, ['--input-type=module', '-e', loading(root, 'import')], app);
        runOrThrow(process.execPath, ['-e', loading(root, 'require')], app);
        for (const command of root.commands) {
          const help = run('npx', [command, '--help'], app);
          expect(help.status, help.stderr).toBe(0);
          expect(help.stdout).toContain(`Usage: ${command}`);
        }
      });
    },
  );
});

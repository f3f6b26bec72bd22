#!/usr/bin/env node
// Refuses to pack a package whose build is missing. Each package's `prepack` runs it, so
// `pnpm pack`, `pnpm publish` and `npm pack` stop here, naming what is missing and how to build
// it, instead of packing the README, LICENSE and package.json alone: such a tarball installs
// without a word, and the application that imports it fails with ERR_MODULE_NOT_FOUND.
// Every file the package.json points an application at must exist: exports, main, module, types, bin.
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const pointed = [manifest.exports, manifest.main, manifest.module, manifest.types, manifest.bin];
const missing = [...new Set(pointed.flatMap(filesIn))].filter((file) => !existsSync(file));

if (missing.length > 0) {
  const shown = missing.length > 4 ? [...missing.slice(0, 4), '...'] : missing;
  console.error(
    `${manifest.name}: nothing packed: the build is missing ${shown.join(', ')} ` +
      `(${missing.length} of the files package.json points at). ` +
      `Build it first, from the repository root: ${buildCommand(manifest.name)}`,
  );
  process.exit(1);
}

/** Every path in a package.json field: the field itself, or the leaves of its object. */
function filesIn(field) {
  if (typeof field === 'string') return [field];
  if (field === null || typeof field !== 'object') return [];
  return Object.values(field).flatMap(filesIn);
}

/** The build of this package and of what it depends on, with the workspace's own pnpm. */
function buildCommand(name) {
  const root = new URL('../package.json', import.meta.url);
  const pnpm = existsSync(root) ? JSON.parse(readFileSync(root, 'utf8')).packageManager : undefined;
  return `npx --yes ${pnpm ?? 'pnpm'} turbo run build --filter=${name}...`;
}

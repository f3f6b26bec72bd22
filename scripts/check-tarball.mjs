#!/usr/bin/env node
// Checks what the tarball of the package in the current directory would hold, as `pnpm publish`
// would pack it: its LICENSE, and every file its README links to, because the README is the page a
// user reads on the registry and in node_modules, where only the tarball's files exist. The README
// must not point a reader at repository files the tarball leaves out either.
// Run from a package directory after its build (each package's `publint` task runs it).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

const output = execFileSync('pnpm', ['pack', '--dry-run', '--json'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
// The banner of the package's prepack script (scripts/check-build.mjs) comes before the JSON.
const listing = JSON.parse(output.slice(output.search(/^\{/m)));
const packed = new Set(listing.files.map((file) => file.path));
const problems = [];

for (const required of ['LICENSE', 'README.md', 'package.json']) {
  if (!packed.has(required)) problems.push(`${required} is not in the tarball`);
}

const readme = readFileSync('README.md', 'utf8');
for (const target of relativeLinks(readme)) {
  const path = posix.normalize(decodeURI(target));
  if (path.startsWith('..')) problems.push(`README links ${target}, outside the package`);
  else if (!packed.has(path)) problems.push(`README links ${target}, which is not in the tarball`);
}

// Phrases that only make sense in the repository: its sources, its other folders, its issue tracker.
const repositoryTalk = [
  /(?<![\w./-])(src|bench|test|scripts|examples)\//,
  /\bissue \d+/i,
  /\.\.\/shared\//,
];
for (const pattern of repositoryTalk) {
  const found = readme.match(pattern);
  if (found) problems.push(`README mentions "${found[0]}", which is not in the tarball`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`${listing.name}: ${problem}`);
  process.exit(1);
}
console.log(
  `${listing.name}: LICENSE and every README link are in the tarball (${packed.size} files)`,
);

/** Markdown link and image targets that are paths, not URLs or anchors of the same page. */
function relativeLinks(markdown) {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1/gm, '');
  const targets = [];
  for (const [, target] of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    targets.push(target.split('#')[0]);
  }
  for (const [, target] of prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    targets.push(target.split('#')[0]);
  }
  return targets.filter((target) => target !== '');
}

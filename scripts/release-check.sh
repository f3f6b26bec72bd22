#!/usr/bin/env bash
# The release dry run: packs every published package without publishing it and checks that each
# tarball holds its builds, types, README, LICENSE and CHANGELOG, and no sources or tests.
# Run after `pnpm build`. The root README's "Making a release" has the whole procedure.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for dir in packages/*/; do
  name=$(node -p "require('./${dir}package.json').name")
  # A package without its build stops at its prepack check, whose message says how to build it.
  if ! listing=$(cd "$dir" && pnpm pack --dry-run 2>&1); then
    echo "$listing"
    status=1
    continue
  fi
  for file in package.json README.md LICENSE CHANGELOG.md dist/index.js dist/index.cjs dist/index.d.ts dist/index.d.cts; do
    if ! grep -qx "$file" <<<"$listing"; then
      echo "$name: $file is missing from the package"
      status=1
    fi
  done
  if grep -qE '^(src|test)/' <<<"$listing"; then
    echo "$name: sources or tests would be published"
    status=1
  fi
  echo "$name@$(node -p "require('./${dir}package.json').version"): $(grep -c . <<<"$listing") lines of pack listing checked"
done
exit $status

#!/usr/bin/env bash
# The release dry run: packs every published package without publishing it and checks that each
# tarball holds its builds, types, README, LICENSE and CHANGELOG, and no sources or tests.
# Run after `pnpm build`. Releasing is `pnpm changeset version`, commit, then `pnpm -r publish`.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for dir in packages/*/; do
  name=$(node -p "require('./${dir}package.json').name")
  listing=$(cd "$dir" && pnpm pack --dry-run 2>&1)
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

#!/usr/bin/env bash
# Runs every client's end-to-end suites (against the reference server) under newer Node versions,
# taken from the npm registry's `node` package, besides the Node 20 run of `pnpm test`.
# Usage: scripts/test-runtimes.sh [versions...]   (default: 22 24)
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
for version in "${versions[@]}"; do
  started=$SECONDS
  npx --yes --package "node@$version" --call \
    'echo "== end-to-end suites on node $(node --version)" &&
     pnpm --recursive --workspace-concurrency=2 --filter "./packages/*-client" \
       exec vitest run e2e security-matrix --reporter=dot'
  echo "node $version: $((SECONDS - started)) s"
done

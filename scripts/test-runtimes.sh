#!/usr/bin/env bash
# The runtimes the README claims, besides the Node 20 run of `pnpm test`:
# - every client's end-to-end suites (the test files named `*.e2e.test.ts`) and the conventions
#   suite's, under newer Node versions, taken from the npm registry's `node` package, and the test
#   of the published builds (error classes across CommonJS and ESM, stacks that name the caller);
# - each client's smoke test (construct, one call, one error of the right class) in Bun, Deno and
#   workerd, whose binaries come from the npm packages pinned in runtime-test/package.json, against
#   a reference server that Node runs on 127.0.0.1.
# Usage: scripts/test-runtimes.sh [node versions...]   (default: 22 24)
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
for version in "${versions[@]}"; do
  started=$SECONDS
  npx --yes --package "node@$version" --call \
    'echo "== end-to-end suites on node $(node --version)" &&
     pnpm --recursive --workspace-concurrency=2 --filter "./packages/*-client" --filter ./conventions \
       exec vitest run .e2e.test.ts --reporter=dot &&
     pnpm --filter @clientkit/examples exec vitest run builds --reporter=dot'
  echo "node $version: $((SECONDS - started)) s"
done

started=$SECONDS
echo "== smoke tests in Bun, Deno and workerd"
pnpm turbo run build --filter=@clientkit/runtime-test... --output-logs=errors-only
pnpm --filter @clientkit/runtime-test test:runtimes
echo "bun, deno, workerd: $((SECONDS - started)) s"

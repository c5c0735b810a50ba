#!/usr/bin/env bash
# The suite again under Node 22 (the registry's node@22 package ships its
# binary), in a copy of the checkout: native modules (better-sqlite3,
# node-pty) are built for one Node ABI at a time, so the copy gets its own
# npm ci. .ci/run calls it after the Node 20 run.
set -euo pipefail
cd "$(dirname "$0")/.."
node22="$(npx -y -p node@22 -- sh -c 'dirname "$(command -v node)"')"
"$node22/node" --version
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$copy"
cd "$copy"
PATH="$node22:$PATH" npm ci
PATH="$node22:$PATH" npm test

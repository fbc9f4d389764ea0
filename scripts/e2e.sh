#!/usr/bin/env bash
# Runs the Playwright suite in a real Chromium against the real console server and local cloud.
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh --headless-shell)"
export CHROMIUM_PATH
echo "e2e: using Chromium at $CHROMIUM_PATH"
DIST_DIR="${DIST_DIR:-dist}"
export DIST_DIR
[ -f "$DIST_DIR/index.html" ] || npx vite build --outDir "$DIST_DIR" --emptyOutDir
npx playwright test "$@"

#!/usr/bin/env bash
# The whole gate, fast steps first: typecheck, format, lint, unit and integration tests, build, e2e.
# The same script runs locally (`npm test`) and in CI (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
step() { printf '\n== %s\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "format"
npm run --silent format:check
step "lint"
npm run --silent lint
step "unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "build"
npm run --silent build
step "end-to-end tests in Chromium"
bash scripts/e2e.sh
node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json

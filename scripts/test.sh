#!/usr/bin/env bash
# The whole gate, fast steps first: typecheck, format and lint side by side, unit and integration tests, build, e2e.
# The same script runs locally (`npm test`) and in CI (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
# A fresh machine installs the servers and Chromium's headless shell from Debian. Started first, in the background, the
# download and unpacking overlap the checks below (which keep the cores busy, not the network); the tiers that need
# them wait for it. The install's own messages are shown then, whole.
install_log="$(mktemp)"
( bash scripts/ensure-servers.sh && bash scripts/ensure-chromium.sh --headless-shell >/dev/null ) >"$install_log" 2>&1 &
install_pid=$!
# Each step's wall time is printed as it ends, and all of them once more at the end, to watch the 8-minute budget
# (from a fresh clone, `npm ci` included).
timings=()
started=$SECONDS
current=''
step() {
  [ -n "$current" ] && timings+=("$(printf '%-32s %4ss' "$current" $((SECONDS - started)))")
  current="$1"
  started=$SECONDS
  printf '\n== %s\n' "$1"
}

# typecheck, format, lint and knip (unused exports, files and dependencies) side by side: they end about when the
# typecheck does. Each one's output is shown whole once all have ended; the gate stops if any failed.
step "typecheck + format + lint + knip"
checks_dir="$(mktemp -d)"
pids=()
for check in typecheck format:check lint knip; do
  ( start=$SECONDS; status=0; npm run --silent "$check" >"$checks_dir/$check.log" 2>&1 || status=$?
    echo "$status $((SECONDS - start))" >"$checks_dir/$check.status" ) &
  pids+=($!)
done
wait "${pids[@]}"
failed=0
for check in typecheck format:check lint knip; do
  read -r status seconds <"$checks_dir/$check.status"
  printf -- '-- %s: %s after %ss\n' "$check" "$([ "$status" = 0 ] && echo passed || echo FAILED)" "$seconds"
  cat "$checks_dir/$check.log"
  [ "$status" = 0 ] || failed=1
done
rm -rf "$checks_dir"
[ "$failed" = 0 ] || exit 1
step "unit and integration tests"
# The session store's Redis tests and the scale tier run real servers, and e2e a Chromium: the install started above.
install_status=0
wait "$install_pid" || install_status=$?
cat "$install_log"
rm -f "$install_log"
[ "$install_status" = 0 ] || exit "$install_status"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "build"
npm run --silent build
step "end-to-end tests in Chromium"
bash scripts/e2e.sh
step "scale tier: Redis, two replicas, nginx, Prometheus"
PATH="$PATH:/usr/sbin" CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh --headless-shell)" npx playwright test -c e2e/scale/playwright.config.ts
step "done"
printf '\nstep times (load average now: %s)\n' "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '  %s\n' "${timings[@]}"
printf '  %-32s %4ss\n' "total" "$SECONDS"
node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json test-results/playwright-scale.json

#!/bin/sh
# The whole test suite: lint, a check that the changesets parse, the tests of these scripts, then (turbo) build,
# typecheck, unit, browser and e2e tests, publish gates and byte budgets of every package, then the gateway's suite
# on PostgreSQL, then Lighthouse
# accessibility and best practices on the app, then the customer journeys in four real engines (apps/h5/engines),
# then the release check (scripts/release-check.mjs). Nothing here depends on the machine's speed: performance and
# timings are `pnpm bench`'s.
#
# Every step runs even when an earlier one failed. The last line, from scripts/test-summary.mjs, is
# "N passed, M failed": every test of every package, plus one check per step that is not a test (Biome,
# changeset status, the Lighthouse gate) and per build, typecheck and gate task of the turbo run. The exit status
# is 1 exactly when M > 0.
set -u
steps=reports/steps.tsv
# Results of an earlier run must not count: a package whose tests do not run this time has no report.
rm -rf reports .turbo/runs
rm -f packages/*/reports/vitest.json apps/*/reports/vitest.json tools/*/reports/vitest.json apps/h5/reports/engines.json \
  apps/gateway/reports/vitest-postgres.json
mkdir -p reports
: >"$steps"

# step NAME COMMAND...: runs COMMAND and records its verdict under NAME in the steps file.
step() {
  name=$1
  shift
  if "$@"; then
    printf 'ok\t%s\n' "$name" >>"$steps"
  else
    printf 'failed\t%s\n' "$name" >>"$steps"
    echo "[test] failed: $name"
  fi
}
# Nothing an engine run started may outlive it (Xvfb, the WebDriver servers, cog, MiniBrowser, WebKit's and Qt
# WebEngine's processes, the PyQt driver): matched on their command lines, zombies (empty command lines) aside, and
# only this run's: every process it starts inherits XDANCE_ENGINE_RUN (another checkout's suite may run beside it).
engine_leftovers() {
  left=$(pgrep -a -f '^(/usr/bin/)?(Xvfb|WPEWebDriver|cog|WebKitWebDriver)( |$)|/webkit2gtk-4\.1/|/wpe-webkit-1\.1/|qt-driver\.py|QtWebEngineProcess' |
    while read -r pid command; do
      tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qxF "XDANCE_ENGINE_RUN=$XDANCE_ENGINE_RUN" && echo "$pid $command"
    done)
  [ -z "$left" ] || { echo "engine processes left running after the journeys:"; echo "$left"; return 1; }
}
changesets_parse() {
  changeset status >/dev/null || { echo "changeset status failed: a changeset in .changeset/ does not parse"; return 1; }
}

colors=
[ "${CI:-}" = true ] && colors=--colors=off
step biome biome ci --error-on-warnings $colors .
step 'changeset status' changesets_parse
# The scripts' own tests (node:test, no dependency); their TAP report is counted like a package's tests.
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=reports/scripts.tap 'scripts/**/*.test.mjs'
# Two tasks at a time: the browser tests time out when more share two cores (CI machines have two).
turbo run build typecheck test gate --continue --summarize --concurrency=2
turbo_exit=$?
turbo_run=$(ls -t .turbo/runs/*.json 2>/dev/null | head -n 1)
# The gateway's whole suite again on PostgreSQL (a throwaway cluster, started and removed by the script): its tests
# are counted from its report. Without PostgreSQL's server a developer machine skips it with one line; under CI the
# script fails (.ci/run installs Debian's postgresql), and the missing report counts as a failure too.
pnpm --silent --filter @xdance/gateway test:postgres
postgres_report=
if [ "${CI:-}" = true ] || node apps/gateway/scripts/postgres-cluster.mjs --available; then
  postgres_report="--vitest=@xdance/gateway on PostgreSQL (test:postgres)=apps/gateway/reports/vitest-postgres.json"
fi
# The built app and packages against the support floor (iOS 15, Chromium 87): syntax and platform APIs.
step 'floor check (built code within iOS 15 and Chromium 87)' node scripts/floor-check.mjs
step 'lighthouse gate (@xdance/h5: accessibility, best practices)' pnpm --silent --filter @xdance/h5 lighthouse
# The customer journeys in real engines (WPE WebKit 2.38, WebKitGTK 2.50, Qt WebEngine 5.15 and 6.4, one after
# another against the built app); its tests are counted from its report (--vitest below), then a check that no
# engine process is left.
XDANCE_ENGINE_RUN="$$-$(date +%s)"
export XDANCE_ENGINE_RUN
pnpm --silent --filter @xdance/h5 test:engines
step 'no engine process left after the journeys' engine_leftovers
# The release as maintainers run it: changesets to a local Verdaccio, five consumer projects installed from it.
step 'release check (Verdaccio, changeset publish, five consumer projects)' node scripts/release-check.mjs

node scripts/test-summary.mjs --steps "$steps" --turbo-run "$turbo_run" --turbo-exit "$turbo_exit" \
  --tap "scripts (node --test)=reports/scripts.tap" \
  --vitest "@xdance/h5 engine journeys (test:engines)=apps/h5/reports/engines.json" ${postgres_report:+"$postgres_report"}
status=$?
if [ "$status" -gt 1 ]; then
  echo "the test summary could not read the suite's results"
  echo "0 passed, 1 failed"
  status=1
fi
exit "$status"

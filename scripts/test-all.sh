#!/bin/sh
# The whole test suite: lint, build, typecheck, unit and browser tests, publish gates and byte budgets,
# Lighthouse accessibility and best practices on the app, and a check that the changesets parse. Ends with one line "N passed, M failed" summing every
# package's test report.
set -u
status=0
colors=
[ "${CI:-}" = true ] && colors=--colors=off
biome ci --error-on-warnings $colors . || status=1
changeset status >/dev/null || { echo "changeset status failed: a changeset in .changeset/ does not parse"; status=1; }
turbo run build typecheck test gate --continue || status=1
# Lighthouse's accessibility and best-practices gate, on the app turbo has just built. Performance and timings are
# not gated (they depend on the machine's speed): `pnpm bench` measures them.
pnpm --silent --filter @xdance/h5 lighthouse || status=1
node scripts/test-summary.mjs || status=1
exit $status

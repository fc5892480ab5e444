#!/bin/sh
# The whole test suite: lint, build, typecheck, unit and browser tests, publish gates and budgets.
# Ends with one line "N passed, M failed" summing every package's test report.
set -u
status=0
biome ci --error-on-warnings . || status=1
turbo run build typecheck test gate --continue || status=1
node scripts/test-summary.mjs || status=1
exit $status

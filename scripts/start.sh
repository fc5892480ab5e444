#!/bin/sh
# Builds what the app needs and starts the local gateway serving the H5 app with demo data.
# PORT (default 8080) and the gateway's other settings pass through; see apps/gateway/README.md.
set -eu
filters="--filter=@xdance/gateway..."
[ -f apps/h5/package.json ] && filters="$filters --filter=@xdance/h5..."
turbo run build $filters --output-logs=errors-only
GATEWAY_DEMO="${GATEWAY_DEMO:-1}" exec pnpm --silent --filter @xdance/gateway start

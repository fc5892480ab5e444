#!/bin/sh
# Builds what the app needs and starts the local gateway serving the H5 app with demo data.
set -eu
if [ -d apps/gateway ]; then
  turbo run build --filter=@xdance/gateway... --filter=@xdance/h5...
  GATEWAY_DEMO="${GATEWAY_DEMO:-1}" exec pnpm --filter @xdance/gateway start
fi
# Until the gateway exists: a placeholder page.
exec node scripts/placeholder-server.mjs

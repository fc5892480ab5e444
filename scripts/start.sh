#!/bin/sh
# Builds what the app needs, then starts the local gateway (the API, with demo data) and the app's own server in
# front of it, on one origin: http://127.0.0.1:${PORT:-8080}. See scripts/start.mjs for the settings.
set -eu
turbo run build --filter=@xdance/gateway... --filter=@xdance/h5... --output-logs=errors-only
exec node scripts/start.mjs

#!/bin/sh
# Runs deploy/nginx.conf.example on this machine as it is meant to run, on loopback ports: a throwaway PostgreSQL
# cluster, three gateways on one database, two app servers, and nginx in front (plain HTTP on 127.0.0.1:18443 instead
# of TLS on 443, without `http2 on`, which Debian's nginx 1.22 predates; the cache, the pid and the logs in a
# temporary folder). Then it asks for a signed-out page twice,
# a signed-in one, and the API a few times, prints the answers' headers, and stops everything, on Ctrl-C too.
#
#   sh deploy/try-nginx.sh        (after `pnpm build`; needs nginx and PostgreSQL's server: apt-get install nginx postgresql)
set -eu
cd "$(dirname "$0")/.."
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx)"; exit 1; }
[ -f apps/gateway/dist/main.js ] && [ -f apps/h5/dist-server/main.js ] || { echo "build first: pnpm build"; exit 1; }
if [ "${XDANCE_TEST_POSTGRES:-}" = "" ]; then
  # Again inside a throwaway cluster, which the wrapper removes when this ends.
  exec node apps/gateway/scripts/postgres-cluster.mjs -- sh "$0"
fi
work=$(mktemp -d)
pids=""
finish() {
  [ -f "$work/nginx.pid" ] && nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true
  # shellcheck disable=SC2086
  [ -z "$pids" ] || kill $pids 2>/dev/null || true
  rm -rf "$work"
}
trap finish EXIT INT TERM

run() {
  # The three gateways and the two app servers, behind nginx on 127.0.0.1:18443.
  db=$(echo "$XDANCE_TEST_POSTGRES" | sed 's#/postgres$#/xdance#')
  (cd apps/gateway && node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.query('CREATE DATABASE xdance')).then(()=>c.end())" \
    "$XDANCE_TEST_POSTGRES")
  for port in 18081 18082 18083; do
    PORT=$port GATEWAY_DB=$db GATEWAY_DEMO=1 GATEWAY_TRUST_PROXY=1 node apps/gateway/dist/main.js >"$work/gateway-$port.log" 2>&1 &
    pids="$pids $!"
  done
  for port in 18080 18090; do
    PORT=$port GATEWAY_ORIGIN=http://127.0.0.1:18081 node apps/h5/dist-server/main.js >"$work/app-$port.log" 2>&1 &
    pids="$pids $!"
  done
  sed -e 's/127\.0\.0\.1:8080/127.0.0.1:18080/; s/127\.0\.0\.1:8090/127.0.0.1:18090/' \
    -e 's/127\.0\.0\.1:8081/127.0.0.1:18081/; s/127\.0\.0\.1:8082/127.0.0.1:18082/; s/127\.0\.0\.1:8083/127.0.0.1:18083/' \
    -e 's/listen 443 ssl;/listen 127.0.0.1:18443;/' -e '/http2 on;/d' -e "s#/var/cache/nginx/xdance#$work/cache#" \
    deploy/nginx.conf.example >"$work/xdance.conf"
  cat >"$work/nginx.conf" <<EOF
pid $work/nginx.pid;
error_log $work/error.log;
events {}
http {
  log_format upstream '\$request \$status upstream \$upstream_addr cache \$upstream_cache_status';
  access_log $work/access.log upstream;
  client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
  include $work/xdance.conf;
}
EOF
  for _ in $(seq 1 100); do
    curl -fs http://127.0.0.1:18083/healthz >/dev/null 2>&1 && curl -fs http://127.0.0.1:18090/ >/dev/null 2>&1 && break
    sleep 0.2
  done
  # nginx's workers run as an unprivileged user: they write the cache and the proxy's temporary files.
  chmod 755 "$work"
  mkdir -p "$work/cache" "$work/proxy" "$work/body"
  chmod 777 "$work/cache" "$work/proxy" "$work/body"
  nginx -p "$work" -c "$work/nginx.conf"
  sleep 0.5
  show() {
    echo "== $1"
    shift
    curl -s -o /dev/null -D - "$@" | grep -iE '^(HTTP|cache-control|etag|vary|x-cache)' | tr -d '\r'
  }
  show 'signed-out class page, first' http://127.0.0.1:18443/classes/13
  show 'signed-out class page, again' http://127.0.0.1:18443/classes/13
  show 'signed-in class page' -H 'Cookie: xdance-token=demo' http://127.0.0.1:18443/classes/13
  for _ in 1 2 3; do curl -s -o /dev/null http://127.0.0.1:18443/dance-gateway/classes; done
  echo '== nginx access log (which upstream answered, the cache status)'
  sleep 0.2
  cat "$work/access.log"
  if grep -q '\[\(crit\|error\|alert\|emerg\)\]' "$work/error.log"; then
    echo '== nginx error log'
    cat "$work/error.log"
  fi
}

run

#!/bin/sh
# Runs a command with the project's toolchain on PATH: Node >= 22.12 and the pinned pnpm.
#
# Where the machine's Node is older, a Node 24 LTS binary is fetched from the npm registry
# (the node-linux-<arch> package ships it) into .cache/toolchain, which this project owns and
# git ignores. pnpm is fetched the same way. Nothing global is touched and no root is needed.
# Then dependencies are installed from the lockfile, and the command runs in the caller's folder: run from a
# package folder, `sh ../../scripts/with-toolchain.sh pnpm pack` packs that package. Run as the root's
# `toolchain` script (`npm run toolchain -- …`), where npm and pnpm move to the root first, it runs in the folder
# npm or pnpm was started from (INIT_CWD).
#
#   sh scripts/with-toolchain.sh pnpm turbo run build
set -eu

NODE_VERSION=24.21.0
PNPM_VERSION=11.28.11
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
here=$(pwd)
if [ "${npm_lifecycle_event:-}" = toolchain ] && [ -n "${INIT_CWD:-}" ] && [ -d "$INIT_CWD" ]; then here=$INIT_CWD; fi
cache="$root/.cache/toolchain"
log() { printf '[toolchain] %s\n' "$*" >&2; }

# The toolchain is pinned: no "update available" notices (pnpm's tells people to pipe an install script into a
# shell). npm reads npm_config_update_notifier; pnpm 11 reads only pnpm_config_* variables (its update-notifier
# setting), so each gets its own; turbo reads TURBO_NO_UPDATE_NOTIFIER.
npm_config_update_notifier=false
pnpm_config_update_notifier=false
TURBO_NO_UPDATE_NOTIFIER=1
export npm_config_update_notifier pnpm_config_update_notifier TURBO_NO_UPDATE_NOTIFIER

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

# npm pack <spec> into a fresh folder and unpack it to $2; atomic, so an interrupted fetch is retried.
fetch_pkg() {
  spec=$1 dest=$2
  tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
  log "fetching $spec from the npm registry"
  (cd "$tmp" && npm pack --silent "$spec" >/dev/null 2>"$tmp/err") || { cat "$tmp/err" >&2; rm -rf "$tmp"; log "could not fetch $spec"; exit 1; }
  mkdir "$tmp/x" && tar -xzf "$tmp"/*.tgz -C "$tmp/x"
  rm -rf "$dest" && mv "$tmp/x/package" "$dest" && rm -rf "$tmp"
}

mkdir -p "$cache/bin"
if ! node_ok; then
  case $(uname -m) in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) log "unsupported CPU $(uname -m): install Node >= 22.12 yourself"; exit 1 ;; esac
  nodedir="$cache/node-$NODE_VERSION"
  [ -x "$nodedir/bin/node" ] || fetch_pkg "node-linux-$arch@$NODE_VERSION" "$nodedir"
  PATH="$nodedir/bin:$PATH"
fi
pnpmdir="$cache/pnpm-$PNPM_VERSION"
[ -f "$pnpmdir/bin/pnpm.cjs" ] || fetch_pkg "pnpm@$PNPM_VERSION" "$pnpmdir"
# The shim keeps the notice off for whoever puts .cache/toolchain/bin on their PATH without this wrapper.
printf '#!/bin/sh\n: "${pnpm_config_update_notifier:=false}"\nexport pnpm_config_update_notifier\nexec node "%s/bin/pnpm.cjs" "$@"\n' \
  "$pnpmdir" >"$cache/bin/pnpm"
chmod +x "$cache/bin/pnpm"
PATH="$cache/bin:$root/node_modules/.bin:$PATH"
export PATH

# Install from the lockfile when it changed since the last install (cheap no-op otherwise), at the root; the
# command itself runs where the caller was.
cd "$root"
stamp="$root/node_modules/.xdance-installed"
changed=
if [ -f "$stamp" ]; then
  changed=$(find "$root/pnpm-lock.yaml" "$root/pnpm-workspace.yaml" "$root/package.json" "$root/packages" "$root/apps" \
    -name node_modules -prune -o \( -name package.json -o -name 'pnpm-*.yaml' \) -newer "$stamp" -print 2>/dev/null | head -n 1)
fi
if [ ! -f "$stamp" ] || [ -n "$changed" ]; then
  # On stderr, as the rest of what the wrapper says: stdout is the command's alone.
  if [ "${CI:-}" = true ]; then pnpm install --frozen-lockfile >&2; else pnpm install >&2; fi
  touch "$stamp"
fi
[ $# -gt 0 ] || exit 0
cd "$here"
exec "$@"

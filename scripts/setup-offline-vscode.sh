#!/bin/sh
# Installs the real VS Code the tests and `npm start` run: code-server (VS Code server + web client)
# from the npm registry, plus what it needs from Debian. Idempotent; nothing is downloaded from
# anywhere else, so it works on a machine that reaches only npm and apt.
#   apt (as root, only if missing): chromium (the browser the tests drive), ripgrep (stands in for
#     @vscode/ripgrep's GitHub download), libkrb5-dev (headers for code-server's native 'kerberos'
#     module), and a compiler + python3 for node-gyp.
#   npm: code-server@<package.json config.codeServerVersion> into
#     ${CODE_SERVER_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/papers-vscode/code-server-<version>}
#     (outside the clone, so every clone on this machine shares it; scripts/vscode-server.mjs agrees).
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
VERSION=${CODE_SERVER_VERSION:-$(node -p "require('./package.json').config.codeServerVersion")}
DEST=${CODE_SERVER_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/papers-vscode/code-server-$VERSION}

# Two first runs at once (two clones, or npm start beside npm test) would install into the same folder
# and race (npm's ENOTEMPTY): the second waits for the first, then finds the install done.
mkdir -p "$(dirname "$DEST")"
exec 9>"$DEST.lock"
if ! flock -n 9; then echo "[setup] waiting for another install into $DEST" >&2; flock 9; fi

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v rg >/dev/null 2>&1 || missing="$missing ripgrep"
command -v krb5-config >/dev/null 2>&1 || missing="$missing libkrb5-dev"
command -v make >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1 || missing="$missing build-essential"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then echo "[setup] missing:$missing. Install them (apt-get install$missing) and run again." >&2; exit 1; fi
  echo "[setup] apt-get install$missing (a minute or two)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

# `code-server --version` in a throw-away XDG dir: otherwise it writes ~/.config/code-server/config.yaml.
check() (
  xdg=$(mktemp -d); trap 'rm -rf "$xdg"' EXIT
  XDG_CONFIG_HOME=$xdg XDG_DATA_HOME=$xdg node "$DEST/node_modules/.bin/code-server" --version >/dev/null
)
# The marker is written last, so a half-finished install (interrupted postinstall) is redone.
# An install made before the marker existed is adopted if its postinstall got to the last step.
if [ ! -f "$DEST/.installed" ] && [ -d "$DEST/node_modules/code-server/lib/vscode/extensions/node_modules" ] && check; then
  date -u +%FT%TZ > "$DEST/.installed"
fi
if [ -f "$DEST/.installed" ] && [ -x "$DEST/node_modules/.bin/code-server" ]; then
  echo "[setup] code-server $VERSION already in $DEST"; exit 0
fi
start=$(date +%s)
sh "$ROOT/scripts/seed-ripgrep-cache.sh" 1.15.11 >/dev/null
mkdir -p "$DEST"
printf '{ "private": true }\n' > "$DEST/package.json"
cd "$DEST"
echo "[setup] installing code-server $VERSION from npm into $DEST: about 300 MB, a few minutes (first run only)"
# npm says nothing for minutes at --loglevel=error (and its own output drowns the rest): say every
# 15 s what it is doing, from what has appeared in the folder, and how long it has taken.
progress() {
  vscode=$DEST/node_modules/code-server/lib/vscode
  while sleep 15; do
    if [ -d "$vscode/extensions/node_modules" ]; then step="installing the packages of VS Code's built-in extensions"
    elif [ -d "$vscode/node_modules" ]; then step="installing VS Code's packages, building its native modules"
    elif [ -d "$vscode" ]; then step="code-server unpacked, starting its postinstall"
    else step="downloading code-server and its packages"; fi
    echo "[setup] $(( $(date +%s) - start )) s: $step ($(du -sm "$DEST" 2>/dev/null | cut -f1) MB so far)"
  done
}
progress &
progress_pid=$!
# `|| true`: dash would otherwise end the script with the status of a kill of an ended loop.
trap 'kill $progress_pid 2>/dev/null || true' EXIT
# npm >= 7 dropped --unsafe-perm, but code-server's postinstall still checks it when run as root.
# npm_config_yes: node-pty's postinstall runs `npx node-gyp`, which a `yes=false` .npmrc cancels.
npm_config_unsafe_perm=true npm_config_yes=true npm install --no-audit --no-fund --loglevel=error "code-server@$VERSION"
kill $progress_pid 2>/dev/null || true
trap - EXIT
check
date -u +%FT%TZ > "$DEST/.installed"
echo "[setup] code-server $VERSION installed in $DEST in $(( $(date +%s) - start )) s ($(du -sh "$DEST" | cut -f1))"

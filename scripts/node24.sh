#!/usr/bin/env bash
# Runs a command with Node.js 24 first on PATH and the project's dependencies installed.
# Current n8n and n8n-workflow's own dependencies need Node >= 24; machines here ship Node 20, so Node 24 comes from
# the npm registry's `node` package (scripts/with-node.sh), cached outside the repository.
# Usage: bash scripts/node24.sh <command> [args...]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_MAJOR=24

# Re-run this script once under Node 24 (scripts/with-node.sh fetches it when the machine's Node is another major).
if [ "${PAYMENT_PLATFORM_NODE24:-}" != "1" ]; then
	export PAYMENT_PLATFORM_NODE24=1
	exec bash "$ROOT/scripts/with-node.sh" "$NODE_MAJOR" bash "${BASH_SOURCE[0]}" "$@"
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

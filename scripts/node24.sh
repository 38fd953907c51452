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

# Install (or re-install) the dependencies when package-lock.json changed since the last install, with `npm ci`:
# exactly the locked versions, and the lock file is left as committed. The lock lists every platform's optional
# bindings (e.g. @unrs/resolver-binding-*); a lock written by a plain `npm install` on one machine lacks the other
# platforms' and `npm ci` refuses it, hence the command below (CONTRIBUTING.md, "Dependencies and the lock file").
STAMP="$ROOT/node_modules/.payment-platform-install-stamp"
lock_sum() { echo "$(sha256sum "$ROOT/package-lock.json" 2>/dev/null | cut -d' ' -f1)-$(node -v)"; }
if [ "${SKIP_INSTALL:-}" != "1" ] && { [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$(lock_sum)" ]; }; then
	echo "[setup] installing dependencies with $(node -v) (npm ci)" >&2
	if ! ( cd "$ROOT" && npm ci --loglevel=error >&2 ); then
		echo "[setup] npm ci failed. If it says package.json and package-lock.json are out of sync, write the lock with" >&2
		echo "[setup]   SKIP_INSTALL=1 bash scripts/node24.sh npm install --package-lock-only --ignore-scripts" >&2
		exit 1
	fi
	lock_sum > "$STAMP"
fi

cd "$ROOT"
exec "$@"

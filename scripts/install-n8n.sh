#!/usr/bin/env bash
# Installs the pinned n8n into a cache outside the repository (once per version) and prints its folder.
# Must run under scripts/node24.sh (Node 24 on PATH, npm_config_nodedir set).
# Facts behind the steps (see the README's "Running in a real n8n"): a plain `npm install n8n` fails here because a
# Kafka native module cannot build, so scripts are skipped and only the two native modules n8n needs are rebuilt;
# linkedom 0.18.15 needs a package the registry lacks, so it is pinned to 0.18.14.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.41.1}"
CACHE_DIR="${PAYMENT_PLATFORM_CACHE:-$HOME/.cache/n8n-nodes-payment-platform}"
N8N_DIR="$CACHE_DIR/n8n-$N8N_VERSION"
STAMP="$N8N_DIR/.installed-$(node -p 'process.versions.node.split(".")[0]')"

if [ -f "$STAMP" ] && [ -x "$N8N_DIR/node_modules/.bin/n8n" ]; then
	echo "$N8N_DIR"
	exit 0
fi

echo "[n8n] installing n8n $N8N_VERSION into $N8N_DIR (first time only, a few minutes)" >&2
mkdir -p "$N8N_DIR"
cat > "$N8N_DIR/package.json" <<JSON
{
	"name": "n8n-runtime-for-payment-platform-tests",
	"private": true,
	"dependencies": { "n8n": "$N8N_VERSION" },
	"overrides": { "linkedom": "0.18.14" }
}
JSON
(
	cd "$N8N_DIR"
	npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
	npm rebuild sqlite3 isolated-vm --loglevel=error >&2
)
touch "$STAMP"
echo "$N8N_DIR"

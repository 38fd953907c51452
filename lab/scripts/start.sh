#!/usr/bin/env bash
# `npm start`: the local demo. Builds the package, installs n8n (the primary version of lab/lib/n8nLines.js, or
# N8N_VERSION, another of that list; once, cached), installs the package into
# n8n as a community node, starts the sandbox and n8n on 127.0.0.1, sets up the owner, the sandbox credential and
# the example workflows, and prints where to go. Ctrl-C stops everything. Runs under scripts/node24.sh.
# Environment: DEMO_N8N_PORT (default 5678), DEMO_SANDBOX_PORT (default 4010), DEMO_USER_FOLDER (default
# ~/.cache/n8n-nodes-payment-platform/demo; delete it to start over), SANDBOX_SIGNING (raw-body, timestamped,
# timestamp-header or standard-webhooks: how the sandbox signs deliveries; default raw-body).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
exec node lab/scripts/start.js "$@"

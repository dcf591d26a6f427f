#!/usr/bin/env bash
# The server suite against a throwaway Postgres cluster (Debian's postgresql package): see scripts/pg-test.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
exec npx tsx scripts/pg-test.ts "$@"

#!/usr/bin/env bash
# Runs the server test suite against a real Postgres (ARCHITECTURE.md 7: same SQL, same migrations, same tests):
# a throwaway cluster under /tmp on a loopback port, owned by the postgres user when run as root, removed after.
# Needs Debian's postgresql package (apt-get install -y postgresql). Port: PG_TEST_PORT (default 55432).
# Extra arguments go to vitest, e.g. `bash scripts/pg-test.sh server/routes/auth.test.ts`.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${PG_TEST_PORT:-55432}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg-test: no Postgres found under /usr/lib/postgresql (apt-get install -y postgresql)" >&2
  exit 1
fi

cluster="$(mktemp -d /tmp/pg-test.XXXXXX)"
as_owner=()
if [ "$(id -u)" = "0" ]; then
  chown postgres: "$cluster"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/data/server.log" -w \
  -o "-p $port -c listen_addresses=127.0.0.1 -k $cluster -c fsync=off -c max_connections=200" start >/dev/null
echo "pg-test: Postgres $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run --project server "$@"

#!/usr/bin/env bash
# Runs the server suite against PostgreSQL (DESIGN §4): the server on 127.0.0.1:5432 when one
# answers (in a fresh database created and dropped here), otherwise one started here from Debian's
# postgresql package on a loopback port in a temp directory, stopped and removed at the end
# (PG_PRIVATE=1 forces that second path, to try it where a server already runs).
set -euo pipefail
cd "$(dirname "$0")/.."

db="copybot_ci_$$_$(date +%s)"
host=127.0.0.1
port=5432
private_dir=""
bindir=""
runas=()
created=0

cleanup() {
  if [ "$created" = 1 ]; then
    psql -h "$host" -p "$port" -U postgres -q -d postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  fi
  if [ -n "$private_dir" ]; then
    "${runas[@]}" "$bindir/pg_ctl" -D "$private_dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$private_dir"
  fi
}
trap cleanup EXIT

if [ "${PG_PRIVATE:-0}" != 1 ] && command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$host" -p "$port" -U postgres; then
  echo "Using the PostgreSQL server on $host:$port (database $db)."
else
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bindir" ]; then
    echo "No PostgreSQL answers on $host:5432: installing Debian's postgresql package."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends postgresql
    bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  private_dir=$(mktemp -d /tmp/copybot-pg.XXXXXX)
  port=54329
  # PostgreSQL refuses to run as root: run it as the package's postgres user.
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$private_dir"
    runas=(runuser -u postgres --)
  fi
  echo "Starting a private PostgreSQL on $host:$port in $private_dir."
  "${runas[@]}" "$bindir/initdb" -D "$private_dir/data" -A trust -U postgres >/dev/null
  "${runas[@]}" "$bindir/pg_ctl" -D "$private_dir/data" -l "$private_dir/log" -w \
    -o "-p $port -k $private_dir -c listen_addresses=$host -c fsync=off" start >/dev/null
fi

psql -h "$host" -p "$port" -U postgres -v ON_ERROR_STOP=1 -q -d postgres -c "CREATE DATABASE $db"
created=1
TEST_DATABASE_URL="postgres://postgres@$host:$port/$db" npx vitest run --project server

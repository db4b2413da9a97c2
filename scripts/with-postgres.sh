#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster (Debian's packages) listening on
# 127.0.0.1 only, then stops the cluster and deletes it. Used to prove the migrations and policies on the Postgres
# family that hosted Supabase runs, not only on PGlite.
# The README's roles block runs first, as written (scripts/readme-postgres-roles.sh): DATABASE_API_URL is its
# `authenticator`, so every backend a suite starts serves its requests as the README's setup does. DATABASE_URL stays
# the cluster's superuser: the suites create a database per test file on it and speak SQL to it as a harness.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi

workdir=$(mktemp -d)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres:postgres "$workdir"

stop() {
  as_owner "$bindir/pg_ctl" -D "$workdir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap stop EXIT

as_owner "$bindir/initdb" -D "$workdir/data" -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_owner "$bindir/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w \
  -o "-p $port -k $workdir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
superuser_url="postgres://postgres@127.0.0.1:$port/postgres"
passwords=$(PATH="$bindir:$PATH" SUPERUSER_URL="$superuser_url" bash "$(dirname "$0")/readme-postgres-roles.sh")
api_password=$(sed -n 2p <<<"$passwords")
DATABASE_URL="$superuser_url" DATABASE_API_URL="postgres://authenticator:$api_password@127.0.0.1:$port/postgres" "$@"

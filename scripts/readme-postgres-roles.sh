#!/usr/bin/env bash
# Runs the README's roles block (`<!-- postgres-roles -->`) against a PostgreSQL server as its superuser, exactly as a
# newsroom runs it, with `sudo -u postgres psql` replaced by psql on SUPERUSER_URL (a throwaway cluster in CI).
# Prints OWNER_PASSWORD and API_PASSWORD, one per line, for the caller's connection strings.
# Usage: SUPERUSER_URL=postgres://postgres@127.0.0.1:5432/postgres scripts/readme-postgres-roles.sh
set -euo pipefail
: "${SUPERUSER_URL:?set SUPERUSER_URL to a superuser connection string of the server}"
readme="$(dirname "$0")/../README.md"
block=$(awk '$0 == "<!-- postgres-roles -->" { found = 1; next } found && $0 == "```sh" { inside = 1; next } inside && $0 == "```" { exit } inside { print }' "$readme")
[ -n "$block" ] || { echo "README.md has no <!-- postgres-roles --> block" >&2; exit 1; }
replacement='psql "$SUPERUSER_URL" -q'
block=${block//"sudo -u postgres psql"/$replacement}
export SUPERUSER_URL
bash -euo pipefail -c "$block"$'\n''printf "%s\n" "$OWNER_PASSWORD" "$API_PASSWORD"'

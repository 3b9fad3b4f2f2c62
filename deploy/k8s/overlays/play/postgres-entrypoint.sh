#!/bin/sh
# A new cluster for POSTGRES_USER (password POSTGRES_PASSWORD) at the first start, then PostgreSQL on
# 127.0.0.1:PGPORT in the foreground.
set -eu
bin=/usr/lib/postgresql/15/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  umask 077
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pgpass
  "$bin/initdb" --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile=/tmp/pgpass --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm /tmp/pgpass
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses=127.0.0.1 -c port="$PGPORT" -c unix_socket_directories=/tmp -c fsync=off

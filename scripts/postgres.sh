#!/bin/sh
# A throw-away PostgreSQL server for the tests and the benchmark, from Debian's binaries
# (`make system` installs them where missing).
#
#   sh scripts/postgres.sh start DIR [PORT]  initdb into DIR/data the first time, start the server
#                                            on 127.0.0.1:PORT (default 55432) and a socket in
#                                            DIR, create the database; prints the URL
#   sh scripts/postgres.sh url DIR           the URL of the server in DIR
#   sh scripts/postgres.sh stop DIR          stop it (rm -rf DIR removes the rest)
#
# The URL is postgresql+psycopg://spieltisch@127.0.0.1:PORT/spieltisch: superuser "spieltisch",
# trust authentication, listening on loopback only. Extra server settings go in PG_OPTS (e.g.
# "-c fsync=off"); PG_BIN names the folder of the binaries (default: the newest
# /usr/lib/postgresql/*/bin, else the folder of pg_ctl on PATH).
#
# PostgreSQL refuses to run as root. Run as root (as here and in CI), the server runs as the
# user "postgres" (Debian's package makes it) or, where there is none, as a system user
# "spieltisch-pg" that this script creates; DIR is handed to that user.
set -eu

usage() {
    echo "usage: $0 start DIR [PORT] | url DIR | stop DIR" >&2
    exit 2
}

[ $# -ge 2 ] || usage
cmd=$1
dir=$2

bin=${PG_BIN:-}
if [ -z "$bin" ]; then
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
    found=$(command -v pg_ctl || true)
    [ -n "$found" ] && bin=$(dirname "$found")
fi
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
    echo "PostgreSQL's binaries (pg_ctl, initdb) are not installed: run 'make system'" \
        "(Debian's package postgresql), or name their folder in PG_BIN" >&2
    exit 1
fi

# as root: the unprivileged user that runs the server
runner=""
if [ "$(id -u)" = 0 ]; then
    if id postgres >/dev/null 2>&1; then
        runner=postgres
    else
        runner=spieltisch-pg
        id "$runner" >/dev/null 2>&1 || useradd --system --no-create-home \
            --home-dir /nonexistent --shell /usr/sbin/nologin "$runner"
    fi
fi

as_runner() {
    if [ -z "$runner" ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        runuser -u "$runner" -- "$@"
    else
        su -s /bin/sh "$runner" -c '"$0" "$@"' -- "$@"
    fi
}

url_of() {
    echo "postgresql+psycopg://spieltisch@127.0.0.1:$(cat "$1/port")/spieltisch"
}

case "$cmd" in
start)
    port=${3:-55432}
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    [ -n "$runner" ] && chown "$runner" "$dir"
    chmod 0755 "$dir"
    if ! as_runner test -w "$dir"; then
        echo "the user ${runner:-$(id -un)} cannot write to $dir (a parent folder is private?):" \
            "choose a folder it can reach, e.g. one made by mktemp -d in /tmp" >&2
        exit 1
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_runner "$bin/initdb" -D "$dir/data" -U spieltisch --auth=trust -E UTF8 \
            --no-locale >"$dir/initdb.log" 2>&1 || {
            cat "$dir/initdb.log" >&2
            echo "initdb failed (above)" >&2
            exit 1
        }
    fi
    if as_runner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        url_of "$dir"  # already running
        exit 0
    fi
    echo "$port" >"$dir/port"
    as_runner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 ${PG_OPTS:-}" start >/dev/null || {
        tail -n 20 "$dir/server.log" >&2 || true
        echo "PostgreSQL did not start (its log above)" >&2
        exit 1
    }
    if ! "$bin/psql" -h 127.0.0.1 -p "$port" -U spieltisch -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'spieltisch'" | grep -q 1; then
        "$bin/createdb" -h 127.0.0.1 -p "$port" -U spieltisch spieltisch
    fi
    url_of "$dir"
    ;;
url)
    url_of "$dir"
    ;;
stop)
    [ -f "$dir/data/PG_VERSION" ] || exit 0
    as_runner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
*)
    usage
    ;;
esac

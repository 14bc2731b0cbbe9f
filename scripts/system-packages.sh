#!/bin/sh
# Debian packages the test suite needs beyond Python: Chromium for the browser tests and a
# PostgreSQL server for the database tests. Installs only what is missing (needs root or sudo).
set -e
need=""
command -v chromium >/dev/null 2>&1 || need="$need chromium"
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1 \
    || need="$need postgresql"
[ -z "$need" ] && exit 0
echo "installing Debian packages:$need"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need >/dev/null

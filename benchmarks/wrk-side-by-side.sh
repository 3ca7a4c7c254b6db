#!/usr/bin/env bash
# The engine server of this checkout beside the engine server of an earlier commit, both loaded
# by wrk with the same operation and connection count in turns (order reversed every other turn):
# the check that a change of the server path did not make a wrk figure drop.
#
#   benchmarks/wrk-side-by-side.sh --base REV [--op OP] [--connections N] [--data-dir]
#       --base REV       the commit to compare with (exported with git archive and built apart)
#       --op OP          GetItem, PutItem, Query or BatchWriteItem [PutItem]
#       --connections N  wrk connections, the same for both servers [16]
#       --data-dir       on-disk engines (default durability) instead of in-memory ones
#
# Environment (defaults in brackets): BENCH_ROUNDS [6] BENCH_TURN_SECONDS [5] BENCH_BUILD [1]
#   BENCH_SERVER_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch"]
# Prints each server's requests/s over its turns, its p50 latency in each turn and the CPU time its JVM
# used per 1,000 requests (the wall figures of a shared machine move with its load; CPU per request
# much less), with the load average before and after.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base= op=PutItem conns=16 disk=0
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    --op) op=$2; shift 2 ;;
    --connections) conns=$2; shift 2 ;;
    --data-dir) disk=1; shift ;;
    *) sed -n '2,17p' "$0"; exit 2 ;;
  esac
done
[ -n "$base" ] || { sed -n '2,17p' "$0"; exit 2; }
rounds=${BENCH_ROUNDS:-6}
turn=${BENCH_TURN_SECONDS:-5}
server_opts=${BENCH_SERVER_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch}
pkg=dev.dynakit.benchmarks
out=$(mktemp -d)
say() { echo "[wrk-side-by-side $(date -u +%H:%M:%S)] $*" >&2; }

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; rm -rf "$out/base" "$out/data"; }
trap cleanup EXIT

# shellcheck source=benchmarks/build-lib.sh
. "$root/benchmarks/build-lib.sh"
if [ "${BENCH_BUILD:-1}" != 0 ]; then say "building this checkout"; build "$root"; fi
cp=$(classpath "$root")
mkdir -p "$out/base"
git -C "$root" archive "$base" | tar -x -C "$out/base"
say "building $base"
build "$out/base"
base_cp=$(classpath "$out/base")

declare -A url=() pid=()
start() { # NAME CLASSPATH
  local args=()
  if [ "$disk" = 1 ]; then args=(--data-dir "$out/data/$1"); fi
  # shellcheck disable=SC2086
  java $server_opts -cp "$2" "$pkg.EngineServerMain" --port 0 --max-seconds 1800 "${args[@]}" \
    >"$out/$1.log" 2>&1 &
  pids+=($!); pid[$1]=$!
  for _ in $(seq 300); do
    url[$1]=$(grep -o 'listening http://[0-9.:]*' "$out/$1.log" | head -1 | cut -d' ' -f2 || true)
    [ -n "${url[$1]}" ] && return 0
    sleep 0.2
  done
  say "$1 did not start (see $out/$1.log)"; exit 1
}
start head "$cp"
start base "$base_cp"
for s in head base; do
  java -cp "$cp" "$pkg.Seeder" --endpoint "${url[$s]}" >"$out/seed-$s.log" 2>&1
done

lua=$root/benchmarks/wrk/dynamodb.lua
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
say "load average before: $load_before; $op, $conns connections, $rounds turns of $turn s each"
for s in head base; do
  BENCH_OP=$op timeout 60 wrk -t2 -c"$conns" -d10s -s "$lua" "${url[$s]}/" >/dev/null 2>&1 || true
done
: >"$out/wrk.tsv"
declare -A cpu=([head]=0 [base]=0)
for r in $(seq "$rounds"); do
  order="head base"
  if (( r % 2 == 0 )); then order="base head"; fi
  for s in $order; do
    t0=$(ticks "${pid[$s]}")
    BENCH_OP=$op BENCH_TARGET=$s BENCH_CONNECTIONS=$conns timeout 60 \
      wrk -t2 -c"$conns" -d"${turn}s" --timeout 5s -s "$lua" "${url[$s]}/" 2>&1 \
      | grep '^RESULT' | cut -f2- >>"$out/wrk.tsv" || true
    cpu[$s]=$(( ${cpu[$s]} + $(ticks "${pid[$s]}") - t0 ))
  done
done
hz=$(getconf CLK_TCK)
for s in head base; do
  awk -F'\t' -v s="$s" -v ticks="${cpu[$s]}" -v hz="$hz" -v op="$op" -v c="$conns" '
    $3 == s { req += $5; sec += $6; p50 = p50 (p50 == "" ? "" : ",") int($7); if ($9 > 0) bad = 1 }
    END {
      printf "wrk-side-by-side %s op=%s connections=%d requests_per_s=%.0f p50_us_per_turn=%s cpu_ms_per_1000=%.0f%s\n",
        s, op, c, req / sec, p50, 1000 * ticks / hz / req * 1000,
        bad ? " (some requests failed: see " FILENAME ")" : ""
    }' "$out/wrk.tsv"
done
echo "head $(git -C "$root" rev-parse --short HEAD) against $base; $(nproc) cores;" \
  "load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg). Logs: $out"

#!/usr/bin/env bash
# The disk-put benchmark (benchmarks/scale.sh disk-put) with this checkout's on-disk server beside
# the one built from an earlier commit: wrk PutItem against an in-memory server and the two on-disk
# servers (the log synced per write group, the default durability), in turns, the order reversed
# every other round, with each server's CPU time and the load average of every turn.
#
#   benchmarks/disk-put-side-by-side.sh --base REV
#       --base REV   the earlier commit (built in a temporary git worktree)
#
# Environment (defaults in brackets):
#   BENCH_SCALE_PUT_CONNECTIONS [16]  wrk connections (the same for every server)
#   BENCH_WRK_ROUNDS [8]       rounds of one 5 s turn per server, after a warm-up (warm-lib.sh)
#   BENCH_BUILD [1]            BENCH_BASE_DIR []  a checkout of REV whose benchmarks module is
#                              already built (used as it is instead of a temporary worktree)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
[ -n "$base" ] || { sed -n '2,14p' "$0"; exit 2; }
connections=${BENCH_SCALE_PUT_CONNECTIONS:-16}
rounds=${BENCH_WRK_ROUNDS:-8}
pkg=dev.dynakit.benchmarks
server_opts="-Xms1g -Xmx1g -XX:+AlwaysPreTouch"
out=$(mktemp -d)
say() { echo "[disk-put-side-by-side $(date -u +%H:%M:%S)] $*" >&2; }

pids=() tree=
cleanup() {
  stop_servers
  rm -rf "$out/data"
  remove_base_tree
}
trap cleanup EXIT

# shellcheck source=benchmarks/build-lib.sh
. "$root/benchmarks/build-lib.sh"

prepare_checkouts "$base"

declare -A url=() pid=()
# the seeded table every server gets before its first turn
start() { # NAME CLASSPATH [ARGS...]
  start_server "$1" "$2" EngineServerMain "${@:3}"
  java -cp "$2" "$pkg.Seeder" --endpoint "${url[$1]}" >"$out/seed-$1.log" 2>&1
}
start memory "$cp"
start disk "$cp" --data-dir "$out/data/disk"
start base "$(classpath "$base_dir")" --data-dir "$out/data/base"

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
lua=$root/benchmarks/wrk/dynamodb.lua
targets=(memory base disk)
# shellcheck source=benchmarks/warm-lib.sh
. "$root/benchmarks/warm-lib.sh"
warm_put "${url[memory]}"
warm_put "${url[base]}" "$out/data/base"
warm_put "${url[disk]}" "$out/data/disk"
results=$out/results.tsv
: >"$results"
for ((r = 1; r <= rounds; r++)); do
  order=("${targets[@]}")
  (( r % 2 == 0 )) && order=(disk base memory)
  for t in "${order[@]}"; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    before=$(ticks "${pid[$t]}")
    BENCH_OP=PutItem BENCH_TARGET=$t BENCH_CONNECTIONS=$connections timeout 60 \
      wrk -t2 -c"$connections" -d5s --timeout 5s -s "$lua" "${url[$t]}/" >"$out/wrk-$t-$r.log" 2>&1
    after=$(ticks "${pid[$t]}")
    # target, requests, seconds, failed, server CPU seconds, load average at the turn's start
    grep '^RESULT' "$out/wrk-$t-$r.log" | awk -F'\t' -v cpu="$((after - before))" -v hz="$hz" \
      -v load="$load" '{ printf "%s\t%s\t%s\t%s\t%.2f\t%s\n", $4, $6, $7, $10, cpu / hz, load }' \
      >>"$results"
  done
done

echo "| server | PutItem req/s | of memory | server CPU µs / request | load average | failed |"
echo "|---|--:|--:|--:|--:|--:|"
awk -F'\t' '
  { n[$1] += $2; t[$1] += $3; f[$1] += $4; c[$1] += $5
    if (!($1 in lo) || $6 < lo[$1]) lo[$1] = $6
    if (!($1 in hi) || $6 > hi[$1]) hi[$1] = $6 }
  END {
    split("memory base disk", names, " ")
    for (j = 1; j <= 3; j++) {
      k = names[j]; rate = n[k] / t[k]
      printf "| %s | %\047d | %.0f %% | %.1f | %s–%s | %d |\n", k, rate,
        100 * rate / (n["memory"] / t["memory"]), 1e6 * c[k] / n[k], lo[k], hi[k], f[k]
    }
  }' "$results"
echo
echo "Measured at commit $(git -C "$root" rev-parse --short HEAD) (disk, memory) against $base" \
     "(base), $connections connections, $rounds rounds; $(nproc) cores. Logs: $out"

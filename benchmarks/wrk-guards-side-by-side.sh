#!/usr/bin/env bash
# Server capacity (wrk) of this checkout's engine beside the do-nothing server and the engine built
# from an earlier commit: the regression guard of docs/benchmarks.md measured side by side, in
# turns (order reversed every other round), with each server's CPU time over its measured turns.
#
#   benchmarks/wrk-guards-side-by-side.sh --base REV [OPS]
#       OPS          operations, comma-separated [GetItem,PutItem]
#       --base REV   the earlier commit (built in a temporary git worktree)
#
# Environment (defaults in brackets):
#   BENCH_WARMUP_SECONDS [10]  a target's first warm-up per operation (later turns: 1 s)
#   BENCH_WRK_SECONDS [40]     measured seconds per target and operation, over the rounds
#   BENCH_WRK_ROUNDS [8]       BENCH_BUILD [1]
#   BENCH_BASE_DIR []          a checkout of REV whose benchmarks module is already built (used
#                              as it is instead of a temporary worktree)
#   BENCH_SERVER_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch"]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base= ops=GetItem,PutItem
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    -*) sed -n '2,16p' "$0"; exit 2 ;;
    *) ops=$1; shift ;;
  esac
done
[ -n "$base" ] || { sed -n '2,16p' "$0"; exit 2; }
warmup=${BENCH_WARMUP_SECONDS:-10}
seconds=${BENCH_WRK_SECONDS:-40}
rounds=${BENCH_WRK_ROUNDS:-8}
server_opts=${BENCH_SERVER_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch}
pkg=dev.dynakit.benchmarks
connections=16
out=$(mktemp -d)
say() { echo "[wrk-guards-side-by-side $(date -u +%H:%M:%S)] $*" >&2; }

pids=() tree=
cleanup() {
  stop_servers
  remove_base_tree
}
trap cleanup EXIT

# shellcheck source=benchmarks/build-lib.sh
. "$root/benchmarks/build-lib.sh"

prepare_checkouts "$base"

declare -A url=() pid=()
start_server nothing "$cp" DoNothingServer
start_server engine "$cp" EngineServerMain
start_server base "$(classpath "$base_dir")" EngineServerMain
for s in engine base; do
  java -cp "$cp" "$pkg.Seeder" --endpoint "${url[$s]}" >"$out/seed-$s.log" 2>&1
done

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
say "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
results=$out/results.tsv
: >"$results"
targets=(nothing base engine)
for op in ${ops//,/ }; do
  for ((r = 1; r <= rounds; r++)); do
    s=$((seconds / rounds + (r <= seconds % rounds ? 1 : 0)))
    order=("${targets[@]}")
    (( r % 2 == 0 )) && order=(engine base nothing)
    for t in "${order[@]}"; do
      w=1; [ "$r" = 1 ] && w=$warmup
      run=(wrk -t2 -c"$connections" --timeout 5s -s "$root/benchmarks/wrk/dynamodb.lua" "${url[$t]}/")
      BENCH_OP=$op timeout $((w + 30)) "${run[@]}" -d"${w}s" >/dev/null 2>&1 || true
      before=$(ticks "${pid[$t]}")
      BENCH_OP=$op BENCH_TARGET=$t BENCH_CONNECTIONS=$connections \
        timeout $((s + 30)) "${run[@]}" -d"${s}s" >"$out/wrk-$op-$t-$r.log" 2>&1
      after=$(ticks "${pid[$t]}")
      # op, target, requests, seconds, failed, server CPU seconds
      grep '^RESULT' "$out/wrk-$op-$t-$r.log" | awk -F'\t' -v cpu="$(((after - before)))" -v hz="$hz" \
        '{ printf "%s\t%s\t%s\t%s\t%s\t%.2f\n", $3, $4, $6, $7, $10, cpu / hz }' >>"$results"
    done
  done
done

echo "| operation | target | req/s | of do-nothing | server CPU µs / request | failed |"
echo "|---|---|--:|--:|--:|--:|"
awk -F'\t' '
  { n[$1 SUBSEP $2] += $3; t[$1 SUBSEP $2] += $4; c[$1 SUBSEP $2] += $6; f[$1 SUBSEP $2] += $5
    if (!seen[$1]++) o[++ops] = $1 }
  END {
    split("nothing base engine", names, " ")
    for (i = 1; i <= ops; i++) for (j = 1; j <= 3; j++) {
      k = o[i] SUBSEP names[j]; rate = n[k] / t[k]; ceil = n[o[i] SUBSEP "nothing"] / t[o[i] SUBSEP "nothing"]
      printf "| %s | %s | %\047d | %.0f %% | %.1f | %d |\n", o[i], names[j], rate, 100 * rate / ceil, 1e6 * c[k] / n[k], f[k]
    }
  }' "$results"
echo
echo "Measured at commit $(git -C "$root" rev-parse --short HEAD) against $base (base);" \
     "$(nproc) cores; load average after: $(cut -d' ' -f1-3 /proc/loadavg). Logs: $out"

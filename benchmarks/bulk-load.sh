#!/usr/bin/env bash
# The toolkit's bulk load (docs/benchmarks.md, "Bulk load through the toolkit"): 1,000,000 small
# items through MassOperations.putAll into an in-memory engine in the same JVM. Prints one line
# with items per second and the heap. Not part of any test command.
#
#   benchmarks/bulk-load.sh                      1,000,000 items, 4 lanes
#   benchmarks/bulk-load.sh --items 100000 --parallelism 8
#
# Environment: BENCH_BULK_JVM_OPTS ["-Xms4g -Xmx4g"], BENCH_BUILD [1] (0 reuses benchmarks/target).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
opts=${BENCH_BULK_JVM_OPTS:--Xms4g -Xmx4g}
if [ "${BENCH_BUILD:-1}" = 1 ]; then
  (cd "$root" && mvn -B -q -Pbenchmarks -pl benchmarks -am -DskipTests -Dspotless.skip=true package)
fi
cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/runtime-classpath.txt")"
echo "[bulk-load $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)]" >&2
exec timeout 1800 java $opts -cp "$cp" dev.dynakit.benchmarks.BulkLoad "$@"

#!/usr/bin/env bash
# The in-process client of this checkout beside the one of an earlier commit: the check that a
# change made the in-process path faster (or not slower). The two builds cannot share a JVM, so
# their load generators (SdkLoad --in-process) run one after the other, PAIRS times, taking turns
# at going first (the first of a pair has an edge); compare the pairs, not single runs.
#
#   benchmarks/in-process-side-by-side.sh --base REV [OPS]
#       OPS          operations, comma-separated [Query,BatchWriteItem]
#       --base REV   the commit to compare with (built in a temporary git worktree)
#
# Environment (defaults in brackets):
#   BENCH_THREADS [16]  BENCH_PAIRS [2]  BENCH_SDK_SECONDS [6]  BENCH_SDK_ROUNDS [2]
#   BENCH_JVM_WARMUP_SECONDS [30]  BENCH_BUILD [1]
#   BENCH_CLIENT_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages"]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base= ops=Query,BatchWriteItem
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    -*) sed -n '2,14p' "$0"; exit 2 ;;
    *) ops=$1; shift ;;
  esac
done
if [ -z "$base" ]; then sed -n '2,14p' "$0"; exit 2; fi
client_opts=${BENCH_CLIENT_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages}
out=$(mktemp -d)
say() { echo "[in-process side-by-side $(date -u +%H:%M:%S)] $*" >&2; }

tree="$out/base"
cleanup() { git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# shellcheck source=benchmarks/build-lib.sh
. "$root/benchmarks/build-lib.sh"

if [ "${BENCH_BUILD:-1}" != 0 ]; then say "building this checkout"; build "$root"; fi
git -C "$root" worktree add -q --detach "$tree" "$base"
say "building $base"; build "$tree"
here=$(git -C "$root" rev-parse --short HEAD)
[ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ] && here="$here+changes"
base_rev=$(git -C "$tree" rev-parse --short HEAD)

say "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $ops at ${BENCH_THREADS:-16} threads"
for pair in $(seq "${BENCH_PAIRS:-2}"); do
  # the build that goes first in a pair has an edge of up to a tenth on a 2-core machine
  # (docs/benchmarks.md, the 07:39 section), so the two take turns at going first
  order="base this"
  if [ $((pair % 2)) = 0 ]; then order="this base"; fi
  for side in $order; do
    dir=$root rev=$here
    if [ "$side" = base ]; then dir=$tree rev=$base_rev; fi
    # shellcheck disable=SC2086
    timeout 900 java $client_opts -cp "$(classpath "$dir")" dev.dynakit.benchmarks.SdkLoad \
      --in-process --ops "$ops" --threads "${BENCH_THREADS:-16}" \
      --jvm-warmup-seconds "${BENCH_JVM_WARMUP_SECONDS:-30}" --warmup-seconds 1 \
      --seconds "${BENCH_SDK_SECONDS:-6}" --rounds "${BENCH_SDK_ROUNDS:-2}" \
      --out "$out/$side-$pair.tsv" >"$out/$side-$pair.log" 2>&1
    grep '^sdk' "$out/$side-$pair.log" | grep -v 'in-process-wire' \
      | sed "s/^sdk/pair $pair  $side ($rev)/"
  done
done
say "load average after: $(cut -d' ' -f1-3 /proc/loadavg); logs in $out"

#!/usr/bin/env bash
# The scale, durability and start-up benchmarks of docs/benchmarks.md ("Scale, durability and
# start-up"), one section each, run by benchmarks/run.sh SECTION (or this script directly):
#
#   scale        every section below, in this order
#   cold-start   an in-memory engine + CreateTable + PutItem + GetItem in a warm JVM   (about 1 min)
#   latency      Query p50 at 10^4..10^7 items, memory store then disk store; the disk run is the
#                10^7-item, -Xmx512m run with a full streaming Scan                  (an hour or more)
#   disk-open    opening an on-disk engine of 10^6 items in a fresh JVM                (10-20 min)
#   disk-put     wrk PutItem over HTTP, disk store against memory store, in turns       (about 3 min)
#   bulk-load    10^6 items through the toolkit (MassOperations.putAll), in process    (a few min)
#   backfill     a GSI backfill of 10^6 items on disk with -Xmx512m                     (10-20 min)
#
# Environment (defaults in brackets):
#   BENCH_SCALE_SIZES [10000,100000,1000000,10000000]  table sizes of the latency section
#   BENCH_SCALE_MEMORY_JVM_OPTS [-Xmx8g]    the memory store's latency run (it holds every table)
#   BENCH_SCALE_DISK_JVM_OPTS [-Xmx512m]    every on-disk run (the target: 10^7 items in 512 MB)
#   BENCH_SCALE_ITEMS [1000000]             items of disk-open, bulk-load and backfill
#   BENCH_SCALE_STORES [memory disk]        which halves of the latency section run
#   BENCH_SCALE_WARM [0]                    1: the latency section reads each table whole before
#                                           its Queries (the steady state, every block cached)
#   BENCH_SCALE_REOPEN [0]                  1: the disk half then reopens every store (all tables in
#                                           files, as after a restart) and times the Queries again
#   BENCH_SCALE_DIR [benchmarks/results/scale-data]  where the on-disk stores go (deleted after)
#   BENCH_SCALE_PUT_CONNECTIONS [16]        wrk connections of disk-put (the same for both servers)
#   BENCH_BUILD [1]                         0 reuses benchmarks/target from an earlier build
#
# Prints one result line per measurement (also saved under benchmarks/results/<time>/scale.log).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
section=${1:-scale}
case "$section" in
  scale | cold-start | latency | disk-open | disk-put | bulk-load | backfill) ;;
  *) sed -n '2,28p' "$0"; exit 2 ;;
esac
sizes=${BENCH_SCALE_SIZES:-10000,100000,1000000,10000000}
memory_opts=${BENCH_SCALE_MEMORY_JVM_OPTS:--Xmx8g}
disk_opts=${BENCH_SCALE_DISK_JVM_OPTS:--Xmx512m}
items=${BENCH_SCALE_ITEMS:-1000000}
out=$root/benchmarks/results/$(date -u +%Y%m%d-%H%M%S)-$section
data=${BENCH_SCALE_DIR:-$root/benchmarks/results/scale-data}
mkdir -p "$out"
log=$out/scale.log
pkg=dev.dynakit.benchmarks

say() { echo "[scale $(date -u +%H:%M:%S)] $*" >&2; }
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$data"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "${BENCH_BUILD:-1}" != 0 ]; then
  say "building (mvn -Pbenchmarks -pl benchmarks -am package)"
  (cd "$root" && timeout 900 mvn -B -q -o -Pbenchmarks -pl benchmarks -am -DskipTests \
    -Dspotless.skip=true package) >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; exit 1; }
fi
# a copy of what runs: a rebuild during an hour-long run must not change its classes
mkdir -p "$out/lib"
cp -r "$root/benchmarks/target/classes" "$out/lib/classes"
cp=$out/lib/classes
for jar in $(tr ':' ' ' <"$root/benchmarks/target/runtime-classpath.txt"); do
  case "$jar" in
    "$root"/*) cp "$jar" "$out/lib/" && cp="$cp:$out/lib/$(basename "$jar")" ;;
    *) cp="$cp:$jar" ;;
  esac
done

# run NAME JVM_OPTS CLASS ARGS...: one Java main, its result lines appended to the log
run() {
  local name=$1 opts=$2 class=$3
  shift 3
  say "$name: java $opts $class $*"
  # shellcheck disable=SC2086
  if ! timeout 10800 java $opts -cp "$cp" "$pkg.$class" "$@" >"$out/$name.log" 2>&1; then
    say "$name failed (see $out/$name.log)"
    tail -5 "$out/$name.log" >&2
    return 1
  fi
  grep -v '^ ' "$out/$name.log" | tee -a "$log"
}

wants() { [ "$section" = scale ] || [ "$section" = "$1" ]; }
status=0

# --- cold start: what a test pays per engine --------------------------------------------------
if wants cold-start; then
  run cold-start "-Xms1g -Xmx1g" ColdStart --warmup 3000 --engines 1000 || status=1
fi

# --- Query latency as the table grows; 10^7 items on disk in 512 MB, streamed ---------------------
if wants latency; then
  stores=" ${BENCH_SCALE_STORES:-memory disk} "
  warm=()
  [ "${BENCH_SCALE_WARM:-0}" = 1 ] && warm=(--warm)
  reopen=()
  [ "${BENCH_SCALE_REOPEN:-0}" = 1 ] && reopen=(--reopen)
  if [[ $stores == *" memory "* ]]; then
    run latency-memory "$memory_opts" QueryLatencyGrowth --store memory --sizes "$sizes" "${warm[@]}" \
      || status=1
  fi
  if [[ $stores == *" disk "* ]]; then
    rm -rf "$data" && mkdir -p "$data"
    run latency-disk "$disk_opts" QueryLatencyGrowth --store disk --dir "$data" --sizes "$sizes" \
      --scan "${warm[@]}" "${reopen[@]}" || status=1
    rm -rf "$data"
  fi
fi

# --- opening an on-disk engine of 10^6 items, in fresh JVMs ------------------------------------------
if wants disk-open; then
  rm -rf "$data" && mkdir -p "$data"
  if run disk-open-load "$disk_opts" DiskOpen --dir "$data/open" --load "$items"; then
    for i in 1 2 3; do run "disk-open-$i" "$disk_opts" DiskOpen --dir "$data/open" || status=1; done
  else
    status=1
  fi
  rm -rf "$data"
fi

# --- PutItem over HTTP: disk store against memory store, in turns (wrk) ----------------------------
if wants disk-put; then
  rm -rf "$data" && mkdir -p "$data"
  # start_server NAME ARGS...: EngineServerMain on a free port; sets $url
  start_server() {
    local name=$1
    shift
    java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp "$cp" "$pkg.EngineServerMain" --port 0 \
      --max-seconds 1200 "$@" >"$out/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 300); do
      url=$(grep -o 'listening http://[0-9.:]*' "$out/$name.log" | head -1 | cut -d' ' -f2 || true)
      if [ -n "$url" ]; then return 0; fi
      sleep 0.2
    done
    say "$name did not start (see $out/$name.log)"
    return 1
  }
  declare -A server=()
  if start_server server-memory && server[memory]=$url && start_server server-disk --data-dir "$data/put" \
    && server[disk]=$url; then
    for t in memory disk; do
      timeout 180 java -Xmx1g -cp "$cp" "$pkg.Seeder" --endpoint "${server[$t]}" >"$out/seed-$t.log" 2>&1
    done
    lua=$root/benchmarks/wrk/dynamodb.lua
    conns=${BENCH_SCALE_PUT_CONNECTIONS:-16}
    : >"$out/wrk.tsv"
    # shellcheck source=benchmarks/warm-lib.sh
    . "$root/benchmarks/warm-lib.sh"
    BENCH_SCALE_PUT_CONNECTIONS=$conns warm_put "${server[memory]}"
    BENCH_SCALE_PUT_CONNECTIONS=$conns warm_put "${server[disk]}" "$data/put"
    for r in 1 2 3 4 5 6; do
      order="memory disk"
      if (( r % 2 == 0 )); then order="disk memory"; fi
      for t in $order; do
        say "wrk PutItem round $r/6 against $t ($conns connections)"
        BENCH_OP=PutItem BENCH_TARGET=$t BENCH_CONNECTIONS=$conns timeout 60 \
          wrk -t2 -c"$conns" -d5s --timeout 5s -s "$lua" "${server[$t]}/" 2>&1 | grep '^RESULT' | cut -f2- >>"$out/wrk.tsv" || true
      done
    done
    awk -F'\t' '$9 > 0 { bad = 1 }
      { req[$3] += $5; sec[$3] += $6 }
      END {
        m = req["memory"] / sec["memory"]; d = req["disk"] / sec["disk"]
        printf "disk-put connections=%d wrk_put_per_s_memory=%.0f wrk_put_per_s_disk=%.0f disk_over_memory=%.0f%%%s\n",
          '"$conns"', m, d, 100 * d / m, bad ? " (some requests failed: see wrk.tsv)" : ""
      }' "$out/wrk.tsv" | tee -a "$log"
  else
    status=1
  fi
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  pids=()
  rm -rf "$data"
fi

# --- bulk load through the toolkit ------------------------------------------------------------------
if wants bulk-load; then
  run bulk-load-memory "-Xms512m -Xmx512m" BulkLoad --items "$items" --parallelism 2 || status=1
  rm -rf "$data" && mkdir -p "$data"
  run bulk-load-disk "$disk_opts" BulkLoad --items "$items" --parallelism 2 --data-dir "$data/bulk" \
    || status=1
  rm -rf "$data"
fi

# --- GSI backfill of 10^6 items without holding them ----------------------------------------------
if wants backfill; then
  rm -rf "$data" && mkdir -p "$data"
  run backfill-disk "$disk_opts" BackfillRun --store disk --dir "$data/backfill" --items "$items" \
    || status=1
  rm -rf "$data"
fi

say "results in $log (load average now $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores)"
exit $status

#!/usr/bin/env bash
# The toolkit's and the advisor's benchmarks of docs/benchmarks.md ("Toolkit and advisor"), one
# section each, run by benchmarks/run.sh SECTION (or this script):
#
#   toolkit       both sections below
#   sharded-read  a 10-shard access pattern read whole (merged pages) against one unsharded Query of
#                 the same items, 100 and 1,000 items, in one JVM, in turns          (about 2 min)
#   simulate      ./dynakit simulate with 10^8 keys, end to end in fresh JVMs, 3 runs each, next to
#                 ./dynakit --version (what any command pays to start)               (under a minute)
#
# Environment (defaults in brackets):
#   BENCH_SHARDED_SIZES [100,1000]   items read per call
#   BENCH_SHARDED_READS [200]        reads per reader and turn
#   BENCH_SHARDED_ROUNDS [11]        turns (the first unmeasured)
#   BENCH_BUILD [1]                  0 reuses the modules' target directories from an earlier build
#
# Prints one result line per measurement (also saved under benchmarks/results/<time>-<section>/).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
section=${1:-toolkit}
case "$section" in
  toolkit | sharded-read | simulate) ;;
  *) sed -n '2,17p' "$0"; exit 2 ;;
esac
out=$root/benchmarks/results/$(date -u +%Y%m%d-%H%M%S)-$section
mkdir -p "$out"
log=$out/results.log
say() { echo "[toolkit $(date -u +%H:%M:%S)] $*" >&2; }
wants() { [ "$section" = toolkit ] || [ "$section" = "$1" ]; }
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
status=0

# --- a 10-shard pattern against one unsharded Query ---------------------------------------------
if wants sharded-read; then
  if [ "${BENCH_BUILD:-1}" != 0 ]; then
    say "building (mvn -Pbenchmarks -pl benchmarks -am package)"
    (cd "$root" && timeout 900 mvn -B -q -o -Pbenchmarks -pl benchmarks -am -DskipTests \
      -Dspotless.skip=true package) >"$out/build-benchmarks.log" 2>&1 \
      || { cat "$out/build-benchmarks.log" >&2; exit 1; }
  fi
  cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/runtime-classpath.txt")"
  say "sharded-read: java -Xms1g -Xmx1g ShardedRead"
  if timeout 1800 java -Xms1g -Xmx1g -cp "$cp" dev.dynakit.benchmarks.ShardedRead \
    --sizes "${BENCH_SHARDED_SIZES:-100,1000}" --reads "${BENCH_SHARDED_READS:-200}" \
    --rounds "${BENCH_SHARDED_ROUNDS:-11}" >"$out/sharded-read.log" 2>&1; then
    grep '^sharded-read' "$out/sharded-read.log" | tee -a "$log"
  else
    say "sharded-read failed (see $out/sharded-read.log)"
    tail -5 "$out/sharded-read.log" >&2
    status=1
  fi
fi

# --- the advisor's simulation of 10^8 keys, end to end --------------------------------------------
if wants simulate; then
  if [ "${BENCH_BUILD:-1}" != 0 ]; then
    say "building the command line (mvn -pl dynakit-cli -am package)"
    (cd "$root" && timeout 900 mvn -B -q -o -DskipTests -Dspotless.skip=true \
      -Ddynakit.jar.skip=true -pl dynakit-cli -am package) >"$out/build-cli.log" 2>&1 \
      || { cat "$out/build-cli.log" >&2; exit 1; }
    # what ./dynakit checks before it rebuilds: the build above is the newest
    touch "$root/dynakit-cli/target/runtime-classpath.txt"
  fi
  # the example table keyed by day, its GSI by userId: Zipf(1.1) over 10^8 users (traffic.json)
  events=("$root/examples/specs/events.json" "$root/examples/specs/traffic.json")
  # a table keyed by itemId alone, Zipf(1.1) over 10^8 items, its writes sharded 10 ways
  cat >"$out/votes.json" <<'EOF'
{"table": "votes", "keyFields": ["itemId", "voter"], "structuralKey": "_sk", "technicalPrefix": "_"}
EOF
  cat >"$out/votes-traffic.json" <<'EOF'
{"table": "votes",
 "fields": {"itemId": {"distribution": "zipf", "s": 1.1, "count": 100000000},
            "voter": {"distribution": "uniform", "count": 100000000}},
 "patterns": [{"name": "vote", "type": "write", "perSecond": 30000, "itemBytes": 500},
              {"name": "votesOfItem", "type": "read", "key": {"itemId": "{itemId}"},
               "perSecond": 5000, "itemsPerRead": 50}]}
EOF
  # timed NAME EXPECTED_EXITS COMMAND...: wall and CPU seconds of one run of a command
  timed() {
    local name=$1 exits=$2
    shift 2
    local rc=0
    /usr/bin/time -f "%e %U %S" -o "$out/time" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
    if [[ " $exits " != *" $rc "* ]]; then
      say "$name exited $rc (see $out/$name.err)"
      status=1
      return 1
    fi
    read -r wall user sys < <(tail -1 "$out/time")
    printf 'simulate run=%s wall_s=%s cpu_s=%.2f exit=%s load_average=%s\n' \
      "$name" "$wall" "$(echo "$user + $sys" | bc)" "$rc" "$(loadavg | tr ' ' ',')" | tee -a "$log"
  }
  for i in 1 2 3; do
    timed "version-$i" 0 "$root/dynakit" --version || true
    # the advisor's exit codes: 1 warnings, 3 errors (both example tables have findings)
    timed "events-$i" "0 1 3" "$root/dynakit" simulate "${events[@]}" || true
    timed "votes-sharded-$i" "0 1 3" "$root/dynakit" simulate "$out/votes.json" \
      "$out/votes-traffic.json" --shard vote=10 || true
  done
  grep -h "keys: zipf" "$out"/events-1.out "$out"/votes-sharded-1.out | sort -u | sed 's/^ *keys: /simulate keys: /' \
    | tee -a "$log" || true
fi

say "results in $log (load average now $(loadavg); $(nproc) cores)"
exit $status

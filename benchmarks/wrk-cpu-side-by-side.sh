#!/usr/bin/env bash
# Where a server's CPU per request goes, for engines built from several commits side by side: each
# server under the same wrk load (benchmarks/wrk/dynamodb.lua, 16 connections) in turns, the order
# rotated every round, with its CPU time (user and system) per request; with --perf, Linux perf
# samples each server's threads (kernel included) over its turns and the script prints, per server,
# the microseconds of CPU per request spent in named frames (inclusive) and in the frames whose
# own time differs most between the first engine (the first --base) and the others.
#
#   benchmarks/wrk-cpu-side-by-side.sh [--perf] [--nothing] --base REV [--base REV]... [OP]
#       OP           GetItem, PutItem, Query or BatchWriteItem [PutItem]
#       --base REV   an engine built from commit REV (in a temporary git worktree), measured
#                    before this checkout's; repeatable
#       --nothing    the do-nothing server too (the ceiling of the guarded ratios)
#       --perf       record with perf (needs perf and the right to profile these processes)
#
# Environment (defaults in brackets):
#   BENCH_WRK_SECONDS [40] BENCH_WRK_ROUNDS [8] BENCH_WARMUP_SECONDS [10] BENCH_BUILD [1]
#   BENCH_BASE_DIRS []   space-separated checkouts whose benchmarks module is built already,
#                        used instead of building each --base REV (in the same order)
#   BENCH_PERF_FRAMES ["ConditionalWrite.put RequestHandler.channelRead"] (Class.method; a frame the
#                        JIT inlined into its caller everywhere shows 0)
#   BENCH_SERVER_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch"] (with --perf,
#                        -XX:+PreserveFramePointer is added, so that perf walks compiled frames)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bases=() op=PutItem perf=0 nothing=0
while [ $# -gt 0 ]; do
  case "$1" in
    --base) bases+=("$2"); shift 2 ;;
    --perf) perf=1; shift ;;
    --nothing) nothing=1; shift ;;
    -*) sed -n '2,23p' "$0"; exit 2 ;;
    *) op=$1; shift ;;
  esac
done
[ ${#bases[@]} -gt 0 ] || { sed -n '2,23p' "$0"; exit 2; }
warmup=${BENCH_WARMUP_SECONDS:-10}
seconds=${BENCH_WRK_SECONDS:-40}
rounds=${BENCH_WRK_ROUNDS:-8}
frames=${BENCH_PERF_FRAMES:-ConditionalWrite.put RequestHandler.channelRead}
server_opts=${BENCH_SERVER_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch}
[ "$perf" = 1 ] && server_opts="$server_opts -XX:+PreserveFramePointer"
pkg=dev.dynakit.benchmarks
out=$(mktemp -d)
say() { echo "[wrk-cpu-side-by-side $(date -u +%H:%M:%S)] $*" >&2; }

pids=() trees=()
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  for t in "${trees[@]}"; do git -C "$root" worktree remove --force "$t" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

# shellcheck source=benchmarks/build-lib.sh
. "$root/benchmarks/build-lib.sh"

# the servers: NAME and the checkout it runs from, bases first, this checkout last
names=()
declare -A dir=()
read -r -a given <<<"${BENCH_BASE_DIRS:-}"
for i in "${!bases[@]}"; do
  name=$(git -C "$root" rev-parse --short "${bases[$i]}")
  if [ -n "${given[$i]:-}" ]; then
    dir[$name]=${given[$i]}
  else
    dir[$name]="$out/tree-$name"
    trees+=("${dir[$name]}")
    git -C "$root" worktree add -q --detach "${dir[$name]}" "${bases[$i]}"
    say "building $name"; build "${dir[$name]}"
  fi
  names+=("$name")
done
if [ "${BENCH_BUILD:-1}" != 0 ]; then say "building this checkout"; build "$root"; fi
head=head-$(git -C "$root" rev-parse --short HEAD)
dir[$head]=$root
names+=("$head")
if [ "$nothing" = 1 ]; then names=(nothing "${names[@]}") dir[nothing]=$root; fi

declare -A url=() pid=() requests=() user=() system=()
for s in "${names[@]}"; do
  class=EngineServerMain; [ "$s" = nothing ] && class=DoNothingServer
  # shellcheck disable=SC2086
  java $server_opts -cp "$(classpath "${dir[$s]}")" "$pkg.$class" --port 0 --max-seconds 3600 \
    >"$out/$s.log" 2>&1 &
  pids+=($!); pid[$s]=$!
  for _ in $(seq 300); do
    url[$s]=$(grep -so 'listening http://[0-9.:]*' "$out/$s.log" | head -1 | cut -d' ' -f2 || true)
    [ -n "${url[$s]}" ] && break
    sleep 0.2
  done
  [ -n "${url[$s]}" ] || { say "$s did not start (see $out/$s.log)"; exit 1; }
  if [ "$class" = EngineServerMain ]; then
    java -cp "$(classpath "${dir[$s]}")" "$pkg.Seeder" --endpoint "${url[$s]}" >"$out/seed-$s.log" 2>&1
  fi
  requests[$s]=0 user[$s]=0 system[$s]=0
done

wrk_run() { # SERVER SECONDS
  BENCH_OP=$op timeout $(($2 + 30)) wrk -t2 -c16 --timeout 5s -s "$root/benchmarks/wrk/dynamodb.lua" \
    "${url[$1]}/" -d"$2s" 2>&1
}
for s in "${names[@]}"; do wrk_run "$s" "$warmup" >/dev/null || true; done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
say "load average before: $load_before"
declare -A recorder=()
if [ "$perf" = 1 ]; then
  for s in "${names[@]}"; do
    perf record -q -g -F 499 -p "${pid[$s]}" -o "$out/$s.perf.data" >/dev/null 2>&1 &
    recorder[$s]=$!
  done
fi
count=${#names[@]}
for ((r = 0; r < rounds; r++)); do
  s_round=$((seconds / rounds + (r < seconds % rounds ? 1 : 0)))
  order=()
  for ((i = 0; i < count; i++)); do order+=("${names[$(((i + r) % count))]}"); done
  if ((r % 2 == 1)); then mapfile -t order < <(printf '%s\n' "${order[@]}" | tac); fi
  for s in "${order[@]}"; do
    wrk_run "$s" 1 >/dev/null || true
    read -r u0 s0 < <(awk '{ print $14, $15 }' "/proc/${pid[$s]}/stat")
    n=$(wrk_run "$s" "$s_round" | grep -o '[0-9]* requests in' | cut -d' ' -f1)
    read -r u1 s1 < <(awk '{ print $14, $15 }' "/proc/${pid[$s]}/stat")
    requests[$s]=$((requests[$s] + n)) user[$s]=$((user[$s] + u1 - u0))
    system[$s]=$((system[$s] + s1 - s0))
  done
done
if [ "$perf" = 1 ]; then
  # perf stops at SIGINT and writes its data; the JIT's symbols then go to /tmp/perf-PID.map
  for s in "${names[@]}"; do kill -INT "${recorder[$s]}" 2>/dev/null || true; done
  for s in "${names[@]}"; do
    wait "${recorder[$s]}" 2>/dev/null || true
    jcmd "${pid[$s]}" Compiler.perfmap >/dev/null 2>&1 || say "no JIT symbols for $s"
  done
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
say "load average after: $load_after"

hz=$(getconf CLK_TCK)
cpu_us() { echo "scale=2; 1000000 * ($1) / $hz / ${requests[$2]}" | bc; }
first=${names[0]}
echo "| server | req/s | of $first | CPU µs / request | user | system |"
echo "|---|--:|--:|--:|--:|--:|"
for s in "${names[@]}"; do
  echo "| $s | $((requests[$s] / seconds)) | $((100 * requests[$s] / requests[$first])) % |" \
    "$(cpu_us "${user[$s]} + ${system[$s]}" "$s") | $(cpu_us "${user[$s]}" "$s") |" \
    "$(cpu_us "${system[$s]}" "$s") |"
done
if [ "$perf" = 1 ]; then
  # each symbol's share (inclusive or own), summed over its compiled versions, times the
  # server's CPU per request: microseconds per request
  shares() { # SERVER children|no-children
    perf report -i "$out/$1.perf.data" --"$2" --sort sym --stdio -g none 2>/dev/null |
      awk -v cpu="$(cpu_us "${user[$1]} + ${system[$1]}" "$1")" '
        /^ +[0-9.]+%/ {
          line = $0; sub(/\(.*/, "", line); n = split(line, w, " "); name = w[n]
          pct = $1; sub(/%/, "", pct); us[name] += pct * cpu / 100
        }
        END { for (k in us) printf "%s\t%.2f\n", k, us[k] }'
  }
  echo
  echo "Inclusive µs of CPU per request (perf; frames named by method, inlined callees included):"
  for f in $frames; do
    line="| $f |"
    for s in "${names[@]}"; do
      line="$line $(shares "$s" children | awk -F'\t' -v f="$f" '
        { k = $1; sub(/.*\./, "", k); c = $1; sub(/\.[^.]*$/, "", c); sub(/.*[.$]/, "", c) }
        c "." k == f { t += $2 } END { printf "%.2f", t }') |"
    done
    echo "$line"
  done
  echo
  # against the first engine: the do-nothing server shares too few frames with an engine
  reference=${names[0]}
  [ "$reference" = nothing ] && reference=${names[1]}
  echo "Own µs of CPU per request, the 15 frames that differ most from $reference:"
  for s in "${names[@]}"; do shares "$s" no-children >"$out/$s.self"; done
  for s in "${names[@]}"; do
    [ "$s" = nothing ] || [ "$s" = "$reference" ] && continue
    echo "$s against $reference (difference, $reference, $s, frame):"
    join -t $'\t' -a1 -a2 -e 0 -o 0,1.2,2.2 <(sort "$out/$reference.self") <(sort "$out/$s.self") |
      awk -F'\t' '{ d = $3 - $2; printf "%.2f\t%+.2f\t%.2f\t%.2f\t%s\n", d < 0 ? -d : d, d, $2, $3, $1 }' |
      sort -t $'\t' -k1,1gr | awk 'NR <= 15' | cut -f2- # awk reads all: no SIGPIPE
  done
fi
echo
echo "Measured at $(git -C "$root" rev-parse --short HEAD); $(nproc) cores; operation $op;" \
  "$rounds rounds, $seconds s per server; load average $load_before before, $load_after after." \
  "Logs: $out"

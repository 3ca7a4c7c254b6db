#!/usr/bin/env bash
# Runs every benchmark of docs/benchmarks.md in one sitting, on 127.0.0.1 only, and prints a
# Markdown report (also saved, with every log, under benchmarks/results/<time>/).
#
#   benchmarks/run.sh            the full run: about 21 minutes on 2 cores (wrk about 4 of them)
#   benchmarks/run.sh --quick    a smoke run (short windows; the numbers mean nothing)
#   benchmarks/run.sh SECTION    one scale, durability or start-up benchmark (benchmarks/scale.sh):
#                                scale (all), cold-start, latency, disk-open, disk-put, bulk-load, backfill
#   benchmarks/run.sh SECTION    one toolkit benchmark (benchmarks/toolkit.sh): toolkit (all),
#                                sharded-read, simulate
#
# Environment (defaults in brackets):
#   BENCH_WARMUP_SECONDS [10]  wrk warm-up before a target's first turn of an operation (later
#                              turns: 1 s), not counted; long enough for a fresh server JVM to
#                              compile the operation's code (with 3 s its first GetItem turn
#                              measured a third of its last)
#   BENCH_WRK_SECONDS [10]     measured time of each wrk measurement, split over the rounds in
#                              whole seconds (wrk -d takes no fractions: 10 in 4 rounds is 3+3+2+2)
#   BENCH_WRK_ROUNDS [4]       wrk rounds: the targets take turns, order reversed every other round
#   BENCH_SDK_SECONDS [16]     measured time of each SDK measurement, split over the rounds
#   BENCH_SDK_ROUNDS [32]      SDK rounds: the targets take turns, each with a 0.25 s warm-up (before
#                              the first round, 1 s turns until the JIT is done with the operation, at
#                              most 5); short turns keep neighbouring targets' windows close in time
#   BENCH_JVM_WARMUP_SECONDS [60]  warm-up of the SDK load generator before its first measurement
#   BENCH_API_CALL_TIMEOUT [0] seconds of API call timeout for every SDK client; 0 sets none, as the
#                              SDK's default client (a timeout costs a timer task per call)
#   BENCH_TARGETS ["nothing engine dynalite in-process"]   what to measure
#   BENCH_OPS ["GetItem PutItem Query BatchWriteItem"]     which operations
#   BENCH_TOOLS ["wrk sdk"]    which measurements to make
#   BENCH_BUILD [1]            0 reuses benchmarks/target from an earlier build
#   BENCH_SERVER_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch"]  for the do-nothing and engine servers
#   BENCH_CLIENT_JVM_OPTS ["-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages"]  for the SDK load generator (and in-process engine)
#   DYNALITE_TOOL [<repository>/tools/dynalite]
#
# Every process it starts is stopped when it ends (and the Java servers stop by themselves after
# a deadline), every step is bounded by `timeout`.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
warmup=${BENCH_WARMUP_SECONDS:-10}
wrk_seconds=${BENCH_WRK_SECONDS:-10}
sdk_seconds=${BENCH_SDK_SECONDS:-16}
sdk_rounds=${BENCH_SDK_ROUNDS:-32}
sdk_warmup=0.25
wrk_rounds=${BENCH_WRK_ROUNDS:-4}
wrk_turn_warmup=1
jvm_warmup=${BENCH_JVM_WARMUP_SECONDS:-60}
api_call_timeout=${BENCH_API_CALL_TIMEOUT:-0}
case "${1:-}" in
  scale | cold-start | latency | disk-open | disk-put | bulk-load | backfill)
    exec "$root/benchmarks/scale.sh" "$@" ;;
  toolkit | sharded-read | simulate)
    exec "$root/benchmarks/toolkit.sh" "$@" ;;
esac
if [ "${1:-}" = "--quick" ]; then
  warmup=1 wrk_seconds=2 wrk_rounds=2 sdk_seconds=2 sdk_rounds=2 jvm_warmup=2
elif [ -n "${1:-}" ]; then
  sed -n '2,33p' "$0"; exit 2
fi
# wrk -d takes whole seconds
if ! [[ "$warmup $wrk_seconds $wrk_rounds" =~ ^[0-9]+\ [0-9]+\ [0-9]+$ ]]; then
  echo "run.sh: BENCH_WARMUP_SECONDS, BENCH_WRK_SECONDS and BENCH_WRK_ROUNDS must be whole numbers" >&2
  exit 2
fi
if [ "$wrk_rounds" -lt 1 ] || [ "$wrk_seconds" -lt "$wrk_rounds" ]; then
  echo "run.sh: BENCH_WRK_SECONDS ($wrk_seconds) must give every one of the $wrk_rounds rounds at least 1 s" >&2
  exit 2
fi
wrk_turn_range=$((wrk_seconds / wrk_rounds))
if (( wrk_seconds % wrk_rounds )); then wrk_turn_range="$wrk_turn_range–$((wrk_turn_range + 1))"; fi
targets=" ${BENCH_TARGETS:-nothing engine dynalite in-process} "
tools=" ${BENCH_TOOLS:-wrk sdk} "
server_opts=${BENCH_SERVER_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch}
client_opts=${BENCH_CLIENT_JVM_OPTS:--Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages}
dynalite_tool=${DYNALITE_TOOL:-$root/tools/dynalite}
connections=16
wrk_threads=2
sdk_threads=1,16
read -r -a ops <<< "${BENCH_OPS:-GetItem PutItem Query BatchWriteItem}"

began=$(date -u '+%Y-%m-%d %H:%M')
out=$root/benchmarks/results/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
results=$out/results.tsv
: > "$results"

say() { echo "[bench $(date -u +%H:%M:%S)] $*" >&2; }
wants() { [[ $targets == *" $1 "* ]]; }
uses() { [[ $tools == *" $1 "* ]]; }

# --- everything started here is stopped on the way out --------------------------------------
pids=()
dynalite_pid=
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -n "$dynalite_pid" ]; then bash "$dynalite_tool" stop "$dynalite_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- build ------------------------------------------------------------------------------------
if [ "${BENCH_BUILD:-1}" != 0 ]; then
  say "building the engine and the benchmarks (mvn -Pbenchmarks -pl benchmarks -am package)"
  build=(mvn -B -q -Pbenchmarks -pl benchmarks -am -DskipTests -Dspotless.skip=true package)
  (cd "$root" && { timeout 600 "${build[@]}" -o >"$out/build.log" 2>&1 \
    || timeout 600 "${build[@]}" >"$out/build.log" 2>&1; }) \
    || { cat "$out/build.log" >&2; say "build failed"; exit 1; }
fi
cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/runtime-classpath.txt")"
pkg=dev.dynakit.benchmarks

# --- tools --------------------------------------------------------------------------------------
have_wrk=1
if ! command -v wrk >/dev/null; then
  say "installing wrk"
  (apt-get update -qq && apt-get install -y -qq wrk) >"$out/wrk-install.log" 2>&1 || true
  command -v wrk >/dev/null || { have_wrk=0; say "wrk is not available: server capacity skipped"; }
fi
if wants dynalite && [ ! -f "$dynalite_tool" ]; then
  say "dynalite tool not found at $dynalite_tool (set DYNALITE_TOOL): dynalite skipped"
  targets=${targets/ dynalite / }
fi

# --- helpers ------------------------------------------------------------------------------------
# unavailable TOOL OP TARGET CONCURRENCY WHY: a result line saying why there is no number
unavailable() { printf '%s\t%s\t%s\t%s\t0\t0\t0\t0\t0\t%s\n' "$1" "$2" "$3" "$4" "$5" >>"$results"; }

free_port() {
  local p
  for p in $(shuf -i 20000-45000 -n 100); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return 0; fi
  done
  return 1
}

# start_java NAME CLASS: starts a server main on a free port; sets $url
start_java() {
  local name=$1 class=$2 log=$out/$1.log
  # shellcheck disable=SC2086
  java $server_opts -cp "$cp" "$pkg.$class" --port 0 --max-seconds 1500 >"$log" 2>&1 &
  pids+=($!)
  local pid=$!
  for _ in $(seq 300); do
    url=$(grep -o 'listening http://[0-9.:]*' "$log" | head -1 | cut -d' ' -f2 || true)
    if [ -n "$url" ]; then say "$name listening on $url"; return 0; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  url=
  say "$name did not start (see $log)"
  return 1
}

# seed NAME URL: creates and loads the tables; on failure prints the reason and returns 1
seed() {
  local why
  if timeout 180 java $client_opts -cp "$cp" "$pkg.Seeder" --endpoint "$2" >"$out/seed-$1.log" 2>&1; then
    return 0
  fi
  why=$(grep -m1 -E 'Exception|Error' "$out/seed-$1.log" \
    | sed -e 's/^Exception in thread "[^"]*" //' -e 's/^[a-z0-9_.]*\.\([A-Z]\)/\1/' | cut -c1-200)
  echo "seeding failed: ${why:-see seed-$1.log}"
  return 1
}

declare -A endpoint=()
declare -A down=()

# --- servers ------------------------------------------------------------------------------------
if wants nothing; then
  if start_java nothing DoNothingServer; then endpoint[nothing]=$url; else down[nothing]="did not start"; fi
fi
if wants engine; then
  if start_java engine EngineServerMain; then
    endpoint[engine]=$url
    if ! why=$(seed engine "$url"); then down[engine]=$why; fi
  else
    down[engine]="did not start (see engine.log)"
  fi
fi
if wants dynalite; then
  port=$(free_port)
  if dynalite_pid=$(timeout 240 bash "$dynalite_tool" start "$port" 2>"$out/dynalite-start.log" | tail -1); then
    endpoint[dynalite]=http://127.0.0.1:$port
    say "dynalite listening on ${endpoint[dynalite]} (pid $dynalite_pid)"
    if ! why=$(seed dynalite "${endpoint[dynalite]}"); then down[dynalite]=$why; fi
  else
    dynalite_pid=
    down[dynalite]="did not start (see dynalite-start.log)"
  fi
fi
for t in "${!down[@]}"; do say "$t unavailable: ${down[$t]}"; done

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u +%s)

# --- 1. server capacity: wrk ----------------------------------------------------------------------
# For each operation the targets take turns in rounds, the order reversed every other round, so a
# change of the machine's speed (±40 % over tens of seconds on a 2-core VM) weighs on every target
# alike. Each turn writes its own result line; Report combines the turns of a measurement, and a
# turn that failed voids it.
# wrk_turn TARGET OP ROUND WARMUP SECONDS: one turn, its result line (or why there is none) appended
wrk_turn() {
  local t=$1 op=$2 r=$3 w=$4 s=$5 log=$out/wrk-$2-$1-$3.log
  say "wrk $op round $r/$wrk_rounds against $t: ${w}s warm-up, ${s}s measured"
  local run=(wrk -t"$wrk_threads" -c"$connections" --timeout 5s -s "$root/benchmarks/wrk/dynamodb.lua" "${endpoint[$t]}/")
  BENCH_OP=$op timeout $((w + 30)) "${run[@]}" -d"${w}s" >/dev/null 2>&1 || true
  if BENCH_OP=$op BENCH_TARGET=$t BENCH_CONNECTIONS=$connections \
    timeout $((s + 30)) "${run[@]}" -d"${s}s" >"$log" 2>&1 \
    && grep -q '^RESULT' "$log"; then
    grep '^RESULT' "$log" | cut -f2- >>"$results"
  else
    unavailable wrk "$op" "$t" "$connections" "wrk failed in round $r (see $(basename "$log"))"
  fi
}
for op in "${ops[@]}"; do
  uses wrk || break
  turns=()
  for t in nothing engine dynalite; do
    wants "$t" || continue
    # the do-nothing server is the ceiling for GetItem and PutItem only: its canned replies are
    # not a Query page or a batch answer
    if [ "$t" = nothing ] && [ "$op" != GetItem ] && [ "$op" != PutItem ]; then continue; fi
    if [ "$have_wrk" = 0 ]; then unavailable wrk "$op" "$t" "$connections" "wrk not installed"; continue; fi
    if [ -n "${down[$t]:-}" ]; then unavailable wrk "$op" "$t" "$connections" "${down[$t]}"; continue; fi
    turns+=("$t")
  done
  [ ${#turns[@]} -gt 0 ] || continue
  for ((r = 1; r <= wrk_rounds; r++)); do
    # whole seconds, the first rounds taking the remainder: every target gets wrk_seconds in all
    s=$(( wrk_seconds / wrk_rounds + (r <= wrk_seconds % wrk_rounds ? 1 : 0) ))
    order=("${turns[@]}")
    if (( r % 2 == 0 )); then
      order=(); for ((i = ${#turns[@]} - 1; i >= 0; i--)); do order+=("${turns[$i]}"); done
    fi
    for t in "${order[@]}"; do
      # a target's first turn of an operation gets the full warm-up (cold code paths), later turns
      # only let it settle after the other targets' turns
      if [ "$r" = 1 ]; then w=$warmup; else w=$wrk_turn_warmup; fi
      wrk_turn "$t" "$op" "$r" "$w" "$s"
    done
  done
done

# --- 2. what a Java user feels: the SDK, over HTTP and in-process -----------------------------------
# one load-generator JVM for every target: warmed up once, then each operation and thread count
# measured on every target back to back
if uses sdk; then
http=()
for t in nothing engine dynalite in-process; do
  wants "$t" || continue
  if [ "$t" = nothing ]; then run_ops=(GetItem PutItem); else run_ops=("${ops[@]}"); fi
  if [ -n "${down[$t]:-}" ]; then
    for op in "${run_ops[@]}"; do
      for n in ${sdk_threads//,/ }; do unavailable sdk "$op" "$t" "$n" "${down[$t]}"; done
    done
  elif [ "$t" != in-process ]; then
    http+=("$t=${endpoint[$t]}")
  fi
done
sdk_args=(--ops "$(IFS=,; echo "${ops[*]}")" --threads "$sdk_threads" --jvm-warmup-seconds "$jvm_warmup"
  --warmup-seconds "$sdk_warmup" --seconds "$sdk_seconds" --rounds "$sdk_rounds"
  --api-call-timeout-seconds "$api_call_timeout" --out "$results")
if [ ${#http[@]} -gt 0 ]; then sdk_args+=(--http "$(IFS=,; echo "${http[*]}")"); fi
if wants in-process; then sdk_args+=(--in-process); fi
if [ ${#http[@]} -gt 0 ] || wants in-process; then
  measurements=$(( (${#http[@]} + 1) * ${#ops[@]} * 2 ))
  budget=$(awk -v m="$measurements" -v r="$sdk_rounds" -v w="$sdk_warmup" -v s="$sdk_seconds" \
    -v j="$jvm_warmup" 'BEGIN { printf "%d", m * (r * w + 5 + s) + j + 300 }')
  say "SDK: ${jvm_warmup}s JVM warm-up, then every operation at ${sdk_threads} threads, the targets taking turns in ${sdk_rounds} rounds (${sdk_warmup}s warm-up, then ${sdk_seconds}s measured in all)"
  # shellcheck disable=SC2086
  timeout "$budget" java $client_opts -cp "$cp" "$pkg.SdkLoad" "${sdk_args[@]}" >"$out/sdk.log" 2>&1 \
    || say "the SDK run ended badly (see sdk.log)"
  grep '^sdk ' "$out/sdk.log" >&2 || true
fi
for t in nothing engine dynalite in-process; do
  wants "$t" || continue
  if [ "$t" = nothing ]; then run_ops=(GetItem PutItem); else run_ops=("${ops[@]}"); fi
  for op in "${run_ops[@]}"; do
    for n in ${sdk_threads//,/ }; do
      if ! awk -F'\t' -v o="$op" -v t="$t" -v n="$n" \
        '$1 == "sdk" && $2 == o && $3 == t && $4 == n { found = 1 } END { exit !found }' "$results"; then
        unavailable sdk "$op" "$t" "$n" "no result (see sdk.log)"
      fi
    done
  done
done
fi

# --- report -------------------------------------------------------------------------------------
wrk_first_warmup=
if [ "$warmup" != "$wrk_turn_warmup" ]; then wrk_first_warmup=" (${warmup} s before a target's first turn of an operation)"; fi
finished=$(date -u +%s)
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || echo unknown)
dynalite_version=$(node -p "require('${DYNALITE_HOME:-$HOME/.cache/dynakit-peers/dynalite}/node_modules/dynalite/package.json').version" 2>/dev/null || echo unknown)
settings=
for v in BENCH_WARMUP_SECONDS BENCH_WRK_SECONDS BENCH_WRK_ROUNDS BENCH_SDK_SECONDS BENCH_SDK_ROUNDS BENCH_JVM_WARMUP_SECONDS BENCH_API_CALL_TIMEOUT BENCH_TOOLS \
  BENCH_TARGETS BENCH_SERVER_JVM_OPTS BENCH_CLIENT_JVM_OPTS; do
  if [ -n "${!v:-}" ]; then settings+="$v='${!v}' "; fi
done
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$root" status --porcelain 2>/dev/null)" ]; then commit="$commit (with local changes)"; fi
{
  echo "## Benchmark run of $began UTC"
  echo
  echo "- Command: \`${settings}benchmarks/run.sh${1:+ $1}\`; commit $commit"
  echo "- Machine: $(nproc) cores ($cpu), $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo) RAM; $(java -version 2>&1 | head -1); node $(node --version 2>/dev/null || echo '?'); dynalite $dynalite_version; $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
  echo "- Load average (1/5/15 min) before: $load_before; after: $load_after (other work on the machine skews the numbers)"
  echo "- wrk: $wrk_threads threads, $connections connections, the targets taking turns in ${wrk_rounds} rounds (order reversed every other round) of ${wrk_turn_warmup} s warm-up$wrk_first_warmup and $wrk_turn_range s measured (${wrk_seconds} s per target in all; p50 the median of the turns', p99 the highest); SDK: sync client, Apache 5 HTTP client, $( [ "$api_call_timeout" = 0 ] && echo "no API call timeout" || echo "API call timeout ${api_call_timeout} s"), $sdk_threads threads, one JVM for all targets warmed up for ${jvm_warmup} s, then for each operation and thread count 1 s turns until the JIT compiler is done with it (at most 5), then the targets taking turns in ${sdk_rounds} rounds of ${sdk_warmup} s warm-up and $(awk -v s="$sdk_seconds" -v r="$sdk_rounds" 'BEGIN { printf "%g", s / r }') s measured (${sdk_seconds} s per target in all)"
  echo "- Measuring took $(( (finished - started) / 60 )) min $(( (finished - started) % 60 )) s"
  echo
  java -cp "$cp" "$pkg.Report" --results "$results"
} >"$out/report.md"
cat "$out/report.md"
say "report saved to $out/report.md"

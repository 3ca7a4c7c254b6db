# Shared by the PutItem benchmarks (sourced, not run): warming a server with wrk PutItem before it
# is timed.

# warm_put URL [DATA_DIR]: 10 s of wrk PutItem against URL (16 connections, or
# $BENCH_SCALE_PUT_CONNECTIONS); given the data directory of an on-disk server, goes on in 5 s turns
# (at most 2 minutes) until the server has written a memtable out to a table file. Only then does
# RocksDB have a log file to reuse, so the timed turns see the steady state a long-running server
# is in, not the first 64 MB of writes.
warm_put() {
  local url=$1 data=${2:-} lua
  lua=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/wrk/dynamodb.lua
  local conns=${BENCH_SCALE_PUT_CONNECTIONS:-16}
  BENCH_OP=PutItem timeout 60 wrk -t2 -c"$conns" -d10s -s "$lua" "$url/" >/dev/null 2>&1 || true
  [ -n "$data" ] || return 0
  for _ in $(seq 24); do
    compgen -G "$data/*.sst" >/dev/null && return 0
    BENCH_OP=PutItem timeout 60 wrk -t2 -c"$conns" -d5s -s "$lua" "$url/" >/dev/null 2>&1 || true
  done
  echo "warm_put: $data has no table file after 2 minutes of writes" >&2
}

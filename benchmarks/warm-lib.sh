# Shared by the PutItem benchmarks (sourced, not run): warming a server with wrk PutItem before it
# is timed.

# warm_put URL [DATA_DIR]: 10 s of wrk PutItem against URL (16 connections, or
# $BENCH_SCALE_PUT_CONNECTIONS); given the data directory of an on-disk server, goes on in 5 s turns
# (at most 4 minutes) until RocksDB's info log says it reuses a log file. A log is reused only once
# a memtable has been written out and the next one is switched (about 128 MB of writes): the timed
# turns then see the steady state a long-running server is in, not its first minutes. (A server that
# reuses no logs is warm once it has written a memtable out.)
warm_put() {
  local url=$1 data=${2:-} lua
  lua=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/wrk/dynamodb.lua
  local conns=${BENCH_SCALE_PUT_CONNECTIONS:-16}
  BENCH_OP=PutItem timeout 60 wrk -t2 -c"$conns" -d10s -s "$lua" "$url/" >/dev/null 2>&1 || true
  [ -n "$data" ] || return 0
  for _ in $(seq 48); do
    grep -q 'reusing log' "$data/LOG" 2>/dev/null && return 0
    # a build that reuses no logs (an earlier commit): its steady state begins with the first flush
    grep -q 'recycle_log_file_num: 0$' "$data/LOG" 2>/dev/null && compgen -G "$data/*.sst" >/dev/null \
      && return 0
    BENCH_OP=PutItem timeout 60 wrk -t2 -c"$conns" -d5s -s "$lua" "$url/" >/dev/null 2>&1 || true
  done
  echo "warm_put: RocksDB in $data reused no log file after 4 minutes of writes" >&2
}

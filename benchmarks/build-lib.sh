# Shared by the side-by-side scripts (sourced, not run): building a checkout's benchmarks module
# and its class path, the checkout of the commit compared against, and starting a server.

# build DIR: the benchmarks module of the checkout at DIR and what it needs (never installed)
build() {
  (cd "$1" && timeout 900 mvn -B -q -Dstyle.color=never -Pbenchmarks -pl benchmarks -am \
      -DskipTests -Dspotless.skip=true package) >&2
}

# classpath DIR: the class path of the benchmarks module built at DIR
classpath() { echo "$1/benchmarks/target/classes:$(cat "$1/benchmarks/target/runtime-classpath.txt")"; }

# checkout_base REV: sets base_dir to a built checkout of REV: $BENCH_BASE_DIR when set (used as it
# is), else a temporary git worktree under $out, built here (its path in $tree, for the caller's
# cleanup). Needs root, out and say from the caller.
checkout_base() {
  if [ -n "${BENCH_BASE_DIR:-}" ]; then
    base_dir=$BENCH_BASE_DIR
  else
    tree="$out/base" base_dir="$out/base"
    git -C "$root" worktree add -q --detach "$tree" "$1"
    say "building $1"; build "$tree"
  fi
}

# start_server NAME CLASSPATH CLASS [ARGS...]: starts a server main of the benchmarks module on a
# free port (JVM options in $server_opts), logging to $out/NAME.log; records its pid in pids and
# pid[NAME] and its address in url[NAME] (associative arrays the caller declares), and exits the
# script when it does not say it listens within a minute.
start_server() {
  local name=$1 classpath=$2 class=$3
  shift 3
  # shellcheck disable=SC2086
  java $server_opts -cp "$classpath" "$pkg.$class" --port 0 --max-seconds 3600 "$@" \
    >"$out/$name.log" 2>&1 &
  pids+=($!); pid[$name]=$!
  for _ in $(seq 300); do
    url[$name]=$(grep -so 'listening http://[0-9.:]*' "$out/$name.log" | head -1 | cut -d' ' -f2 || true)
    [ -n "${url[$name]}" ] && return 0
    sleep 0.2
  done
  say "$name did not start (see $out/$name.log)"; exit 1
}

# prepare_checkouts REV: builds this checkout (unless BENCH_BUILD=0) and sets cp to its class path,
# then checks out and builds REV (checkout_base)
prepare_checkouts() {
  if [ "${BENCH_BUILD:-1}" != 0 ]; then say "building this checkout"; build "$root"; fi
  cp=$(classpath "$root")
  checkout_base "$1"
}

# stop_servers: stops the servers in pids and waits until they have exited (an on-disk server
# writes its memtables out as it closes)
stop_servers() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
}

# remove_base_tree: removes the temporary worktree of checkout_base, if it made one
remove_base_tree() {
  [ -n "$tree" ] && git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
}

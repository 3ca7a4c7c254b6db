# Shared by the side-by-side scripts (sourced, not run): building a checkout's benchmarks module
# and its class path.

# build DIR: the benchmarks module of the checkout at DIR and what it needs (never installed)
build() {
  (cd "$1" && timeout 900 mvn -B -q -Dstyle.color=never -Pbenchmarks -pl benchmarks -am \
      -DskipTests -Dspotless.skip=true package) >&2
}

# classpath DIR: the class path of the benchmarks module built at DIR
classpath() { echo "$1/benchmarks/target/classes:$(cat "$1/benchmarks/target/runtime-classpath.txt")"; }

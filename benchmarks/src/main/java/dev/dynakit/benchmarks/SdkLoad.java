package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a Java user feels: the AWS SDK v2 sync client (one client per target, shared by all threads,
 * as an application would share it) calling each target as fast as it answers, for each operation
 * and thread count. Appends one {@link Result} line per measurement to {@code --out}.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.SdkLoad \
 *     --http nothing=http://127.0.0.1:8001,engine=http://127.0.0.1:8002,dynalite=http://127.0.0.1:8003 \
 *     --in-process --ops GetItem,PutItem,Query,BatchWriteItem --threads 1,16 \
 *     --jvm-warmup-seconds 60 --warmup-seconds 0.25 --seconds 8 --rounds 16 --out results.tsv
 * </pre>
 *
 * <p>{@code --api-call-timeout-seconds N} gives every client an API call timeout of N seconds; the
 * default, 0, leaves it out, as the SDK's default client does ({@link SdkClients}).
 *
 * <p>All targets are measured from this one JVM, taking turns for each operation and thread count:
 * {@code --rounds} rounds in which every target runs for a {@code --warmup-seconds} warm-up
 * (fractions allowed) and a {@code --seconds / --rounds} window, the order reversed every other
 * round; before the first round, the targets take 1 s turns until the JIT compiler is done with the
 * operation at that thread count (at most five). The ratios between targets so come from
 * measurements made in the same seconds, by the same warmed-up client code; a single window per
 * target swung by ±40 % between neighbouring targets on a quiet 2-core machine. Short turns keep
 * the measured windows of neighbouring targets close together: this machine has slow spells of a
 * few seconds, in which every target answers up to a third slower, and a spell that falls on one
 * target's window and not its neighbour's moves their ratio. HTTP targets must have been seeded
 * ({@link Seeder}); {@code --in-process} adds an engine in this JVM reached through {@code
 * DynakitClients.inProcessDirect} (no sockets, no JSON), which is seeded here, and {@code
 * in-process-wire}, the same engine through {@code DynakitClients.inProcess} (signed requests, JSON
 * answers). The target named {@code nothing} (the {@link DoNothingServer}) is measured only on the
 * operations its canned replies fit.
 */
public final class SdkLoad {
  private static final int MAX_SETTLING_PASSES = 5;

  /** How long each target runs in a settling pass ({@link #settle}). */
  private static final Duration SETTLING_TURN = Duration.ofSeconds(1);

  private SdkLoad() {}

  public static void main(String[] args) throws IOException {
    Flags flags =
        Flags.parse(
            args,
            Set.of(
                "--http",
                "--ops",
                "--threads",
                "--jvm-warmup-seconds",
                "--warmup-seconds",
                "--seconds",
                "--rounds",
                "--api-call-timeout-seconds",
                "--out"),
            Set.of("--in-process"));
    List<String> ops = flags.list("--ops", String.join(",", Workload.OPERATIONS));
    List<Integer> threadCounts = new ArrayList<>();
    for (String t : flags.list("--threads", "1,16")) {
      threadCounts.add(Integer.parseInt(t.trim()));
    }
    int maxThreads = threadCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
    Duration jvmWarmup = Duration.ofSeconds(flags.integer("--jvm-warmup-seconds", 60));
    Duration warmup = flags.seconds("--warmup-seconds", Duration.ofSeconds(3));
    Duration window = Duration.ofSeconds(flags.integer("--seconds", 8));
    int rounds = flags.integer("--rounds", 4);
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds wants at least 1, not " + rounds);
    }
    // 0, the SDK's default: no per-call timer (see SdkClients)
    Duration apiCallTimeout = Duration.ofSeconds(flags.integer("--api-call-timeout-seconds", 0));
    Path out = Path.of(flags.required("--out"));

    List<SdkTarget> targets = new ArrayList<>();
    DynakitEngine engine = null;
    try {
      if (flags.has("--http")) {
        for (String spec : flags.list("--http", "")) {
          int eq = spec.indexOf('=');
          if (eq <= 0) {
            throw new IllegalArgumentException("--http wants name=url, not " + spec);
          }
          String name = spec.substring(0, eq);
          URI endpoint = URI.create(spec.substring(eq + 1));
          targets.add(
              SdkTarget.ready(name, SdkClients.http(endpoint, maxThreads, apiCallTimeout), ops));
        }
      }
      if (flags.has("--in-process")) {
        engine = DynakitEngine.inMemory();
        targets.add(
            SdkTarget.seeded(Report.IN_PROCESS, SdkClients.inProcess(engine, apiCallTimeout), ops));
        // a second client of the same engine, through the whole wire format; already seeded
        targets.add(
            SdkTarget.ready(
                Report.IN_PROCESS_WIRE, SdkClients.inProcessWire(engine, apiCallTimeout), ops));
      }
      watchdog(
          warmup
              .multipliedBy(rounds)
              .plus(SETTLING_TURN.multipliedBy(MAX_SETTLING_PASSES))
              .plus(window)
              .multipliedBy((long) ops.size() * threadCounts.size() * targets.size())
              .plus(jvmWarmup.multipliedBy(2)));
      warmUp(targets, ops, maxThreads, jvmWarmup);
      for (String op : ops) {
        for (int threads : threadCounts) {
          for (Result r : measureInTurns(targets, op, threads, warmup, window, rounds)) {
            Files.writeString(
                out,
                r.toLine() + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
            System.out.println(describe(r));
          }
        }
      }
    } finally {
      targets.forEach(SdkTarget::close);
      if (engine != null) {
        engine.close();
      }
    }
    System.exit(0);
  }

  /**
   * Measures {@code op} on every target that takes it, in {@code rounds} turns of {@code window /
   * rounds} each (after {@code warmup}), the order of the targets reversed every other round: a
   * change of the machine's load during the measurement then weighs on every target alike, where
   * one window per target after the other would pin it on whichever ran at the time.
   */
  private static List<Result> measureInTurns(
      List<SdkTarget> targets,
      String op,
      int threads,
      Duration warmup,
      Duration window,
      int rounds) {
    List<SdkTarget> measured = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    for (SdkTarget target : targets) {
      if (!target.measures(op)) {
        continue;
      }
      if (target.unavailable() != null) {
        results.add(Result.unavailable("sdk", op, target.name(), threads, target.unavailable()));
      } else {
        measured.add(target);
      }
    }
    settle(measured, op, threads, SETTLING_TURN);
    Map<SdkTarget, List<LoadRun.Slice>> slices = new LinkedHashMap<>();
    measured.forEach(t -> slices.put(t, new ArrayList<>()));
    Duration slice = window.dividedBy(rounds);
    for (int round = 0; round < rounds; round++) {
      List<SdkTarget> order = new ArrayList<>(measured);
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      for (SdkTarget target : order) {
        long jitBefore = JitClock.millis();
        LoadRun.Slice s = target.measure(op, threads, warmup, slice);
        slices.get(target).add(s);
        System.out.printf(
            Locale.ROOT,
            "  %s round %d %-14s %-18s %2d threads: %,9.0f req/s  (JIT %,d ms)%n",
            LocalTime.now().truncatedTo(ChronoUnit.MILLIS),
            round + 1,
            op,
            target.name(),
            threads,
            s.sortedNanos().length / s.seconds(),
            JitClock.millis() - jitBefore);
      }
    }
    slices.forEach((t, s) -> results.add(LoadRun.combine(op, t.name(), threads, s)));
    return results;
  }

  /**
   * Runs {@code op} at {@code threads} on every target, a turn of {@code each} apiece, until a pass
   * over them all spends under 2 % of its time in the JIT compiler (at most {@value
   * #MAX_SETTLING_PASSES} passes). Why: the JVM warm-up compiles every path, but a measurement that
   * changes the operation or the thread count can make C2 compile it again, and the first turn then
   * pays for that. In one run the first in-process turn of BatchWriteItem at 16 threads met 563 ms
   * of compilation and measured 47k calls/s, the other seven 56k to 60k.
   */
  private static void settle(List<SdkTarget> targets, String op, int threads, Duration each) {
    if (targets.isEmpty()) {
      return;
    }
    int passes = 0;
    long jitBefore;
    long passMillis;
    do {
      jitBefore = JitClock.millis();
      long start = System.nanoTime();
      for (SdkTarget target : targets) {
        target.warmUp(op, threads, each);
      }
      passes++;
      passMillis = (System.nanoTime() - start) / 1_000_000;
    } while (JitClock.millis() >= 0
        && (JitClock.millis() - jitBefore) * 50 >= passMillis
        && passes < MAX_SETTLING_PASSES);
    System.out.printf(
        Locale.ROOT,
        "  %s at %d threads settled after %d passes (JIT %,d ms in the last)%n",
        op,
        threads,
        passes,
        JitClock.millis() - jitBefore);
  }

  /**
   * Runs every operation on every target for {@code total} in all before anything is measured:
   * otherwise the first measurements of the JVM pay for compiling the SDK's code paths (on a busy
   * 2-core machine that took well over twenty seconds). The first half runs one thread, so that the
   * JIT compiler has a core of its own: 16 threads of in-process calls, which never wait, left it
   * so little CPU that after a 40 s warm-up at 16 threads a tenth of the measured window's samples
   * were still C2 compiling and the SDK's lambdas still ran uninlined. The second half runs {@code
   * threads}, so that the code is also profiled under contention.
   */
  private static void warmUp(
      List<SdkTarget> targets, List<String> ops, int threads, Duration total) {
    long runs = 0;
    for (SdkTarget target : targets) {
      runs += ops.stream().filter(target::measures).count();
    }
    if (runs == 0) {
      return;
    }
    Duration each = total.dividedBy(2 * runs);
    for (int phaseThreads : new int[] {1, threads}) {
      warmUpPass(targets, ops, phaseThreads, each);
    }
    // then until the compiler is done (a pass, at one thread and at `threads`, in which it used
    // under 2 % of the time), for at most another `total`: a measured turn should not pay for it
    long settleDeadline = System.nanoTime() + total.toNanos();
    Duration settleEach = Duration.ofMillis(Math.max(200, each.toMillis() / 4));
    long passes = 0;
    while (JitClock.millis() >= 0 && System.nanoTime() < settleDeadline) {
      long jitBefore = JitClock.millis();
      long start = System.nanoTime();
      warmUpPass(targets, ops, 1, settleEach);
      warmUpPass(targets, ops, threads, settleEach);
      passes++;
      long passMillis = (System.nanoTime() - start) / 1_000_000;
      if ((JitClock.millis() - jitBefore) * 50 < passMillis) {
        break;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "JVM warm-up done after %d settling passes: %,d ms of JIT compilation so far%n",
        passes,
        JitClock.millis());
  }

  private static void warmUpPass(
      List<SdkTarget> targets, List<String> ops, int threads, Duration each) {
    for (SdkTarget target : targets) {
      for (String op : ops) {
        target.warmUp(op, threads, each);
      }
    }
  }

  private static String describe(Result r) {
    if (r.requests() == 0 && !r.note().isEmpty()) {
      return String.format(
          Locale.ROOT,
          "sdk %-14s %-10s %2d threads: %s",
          r.operation(),
          r.target(),
          r.concurrency(),
          r.note());
    }
    return String.format(
        Locale.ROOT,
        "sdk %-14s %-10s %2d threads: %,9.0f req/s  p50 %7.3f ms  p99 %7.3f ms  errors %d %s",
        r.operation(),
        r.target(),
        r.concurrency(),
        r.throughput(),
        r.p50Micros() / 1e3,
        r.p99Micros() / 1e3,
        r.errors(),
        r.note());
  }

  /** Ends the JVM if the run takes far longer than planned (a stuck target, say). */
  private static void watchdog(Duration planned) {
    Duration limit = planned.plusSeconds(120);
    Thread t =
        new Thread(
            () -> {
              try {
                Thread.sleep(limit.toMillis());
              } catch (InterruptedException e) {
                return;
              }
              System.err.println("SdkLoad: still running after " + limit + "; giving up");
              Runtime.getRuntime().halt(3);
            },
            "watchdog");
    t.setDaemon(true);
    t.start();
  }
}

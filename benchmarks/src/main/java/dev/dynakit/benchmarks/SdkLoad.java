package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a Java user feels: the AWS SDK v2 sync client (one client per target, shared by all threads,
 * as an application would share it) calling each target as fast as it answers, for each operation
 * and thread count, each for a fixed window after a warm-up. Appends one {@link Result} line per
 * measurement to {@code --out}.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.SdkLoad \
 *     --http nothing=http://127.0.0.1:8001,engine=http://127.0.0.1:8002,dynalite=http://127.0.0.1:8003 \
 *     --in-process --ops GetItem,PutItem,Query,BatchWriteItem --threads 1,16 \
 *     --jvm-warmup-seconds 60 --warmup-seconds 3 --seconds 7 --out results.tsv
 * </pre>
 *
 * <p>All targets are measured from this one JVM, one after the other for each operation and thread
 * count, so that the ratios between them come from measurements seconds apart and from the same
 * warmed-up client code. HTTP targets must have been seeded ({@link Seeder}); {@code --in-process}
 * adds an engine in this JVM reached through {@code DynakitClients.inProcess} (no sockets), which
 * is seeded here, and {@code in-process-wire}, the same engine through {@code
 * DynakitClients.inProcessWire} (signed requests, JSON answers). The target named {@code nothing}
 * (the {@link DoNothingServer}) is measured only on the operations its canned replies fit.
 */
public final class SdkLoad {
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
                "--out"),
            Set.of("--in-process"));
    List<String> ops = flags.list("--ops", String.join(",", Workload.OPERATIONS));
    List<Integer> threadCounts = new ArrayList<>();
    for (String t : flags.list("--threads", "1,16")) {
      threadCounts.add(Integer.parseInt(t.trim()));
    }
    int maxThreads = threadCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
    Duration jvmWarmup = Duration.ofSeconds(flags.integer("--jvm-warmup-seconds", 60));
    Duration warmup = Duration.ofSeconds(flags.integer("--warmup-seconds", 3));
    Duration window = Duration.ofSeconds(flags.integer("--seconds", 7));
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
          targets.add(SdkTarget.ready(name, SdkClients.http(endpoint, maxThreads), ops));
        }
      }
      if (flags.has("--in-process")) {
        engine = DynakitEngine.inMemory();
        targets.add(SdkTarget.seeded(Report.IN_PROCESS, SdkClients.inProcess(engine), ops));
        // a second client of the same engine, through the whole wire format; already seeded
        targets.add(SdkTarget.ready(Report.IN_PROCESS_WIRE, SdkClients.inProcessWire(engine), ops));
      }
      watchdog(
          warmup
              .plus(window)
              .multipliedBy((long) ops.size() * threadCounts.size() * targets.size())
              .plus(jvmWarmup));
      warmUp(targets, ops, maxThreads, jvmWarmup);
      for (String op : ops) {
        for (int threads : threadCounts) {
          for (SdkTarget target : targets) {
            Result r = target.measure(op, threads, warmup, window);
            if (r != null) {
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
   * Runs every operation on every target for {@code total} in all before anything is measured:
   * otherwise the first measurements of the JVM pay for compiling the SDK's code paths (on a busy
   * 2-core machine that took well over twenty seconds).
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
    Duration each = total.dividedBy(runs);
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

package dev.dynakit.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * A closed-loop load run: {@code threads} threads each call as fast as answers come back, first for
 * the warm-up (not counted), then for the measured window. A call counts when it started inside the
 * window; its latency is from the start of the call to its return. A measurement can be made of
 * several such runs ({@link Slice}s, taken in turns with other targets) and {@link #combine}d.
 */
final class LoadRun {
  private static final int WARMING = 0;
  private static final int MEASURING = 1;
  private static final int STOPPED = 2;

  private volatile int phase = WARMING;

  private LoadRun() {}

  /**
   * What one run measured.
   *
   * @param sortedNanos the latency of every call counted, sorted
   * @param seconds the length of the measured window
   * @param errors calls that failed in the window
   * @param firstError the first failure, or empty
   */
  record Slice(long[] sortedNanos, double seconds, long errors, String firstError) {}

  /** Runs {@code call} (given a request index drawn at random) until the window closes. */
  static Slice run(
      String operation, int threads, Duration warmup, Duration window, IntConsumer call) {
    return new LoadRun().execute(operation, threads, warmup, window, call);
  }

  /**
   * One measurement of the slices of a target: requests and time summed, latencies pooled, the
   * first error kept.
   */
  static Result combine(String operation, String target, int threads, List<Slice> slices) {
    List<long[]> parts = new ArrayList<>();
    double seconds = 0;
    long errors = 0;
    String firstError = "";
    for (Slice slice : slices) {
      parts.add(slice.sortedNanos());
      seconds += slice.seconds();
      errors += slice.errors();
      if (firstError.isEmpty()) {
        firstError = slice.firstError();
      }
    }
    long[] sorted = Latencies.mergeSorted(parts);
    return new Result(
        "sdk",
        operation,
        target,
        threads,
        sorted.length,
        seconds,
        Latencies.percentile(sorted, 50) / 1e3,
        Latencies.percentile(sorted, 99) / 1e3,
        errors,
        firstError);
  }

  private Slice execute(
      String operation, int threads, Duration warmup, Duration window, IntConsumer call) {
    List<Latencies> latencies = new ArrayList<>();
    AtomicLong errors = new AtomicLong();
    AtomicReference<String> firstError = new AtomicReference<>("");
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Latencies mine = new Latencies();
      latencies.add(mine);
      Thread worker =
          new Thread(() -> loop(call, mine, errors, firstError), "load-" + operation + "-" + t);
      worker.setDaemon(true);
      workers.add(worker);
    }
    workers.forEach(Thread::start);
    sleep(warmup);
    long start = System.nanoTime();
    phase = MEASURING;
    sleep(window);
    phase = STOPPED;
    long end = System.nanoTime();
    long joinDeadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
    for (Thread worker : workers) {
      long left = joinDeadline - System.nanoTime();
      try {
        worker.join(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return new Slice(
        Latencies.merge(latencies), (end - start) / 1e9, errors.get(), firstError.get());
  }

  private void loop(
      IntConsumer call, Latencies mine, AtomicLong errors, AtomicReference<String> firstError) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (true) {
      int p = phase;
      if (p == STOPPED) {
        return;
      }
      long begin = System.nanoTime();
      try {
        call.accept(random.nextInt(Integer.MAX_VALUE));
      } catch (RuntimeException e) {
        if (p == MEASURING) {
          errors.incrementAndGet();
          firstError.compareAndSet("", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        continue;
      }
      if (p == MEASURING) {
        mine.add(System.nanoTime() - begin);
      }
    }
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

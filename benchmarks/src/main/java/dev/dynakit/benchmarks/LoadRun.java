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
 * window; its latency is from the start of the call to its return.
 */
final class LoadRun {
  private static final int WARMING = 0;
  private static final int MEASURING = 1;
  private static final int STOPPED = 2;

  private volatile int phase = WARMING;

  private LoadRun() {}

  /**
   * Runs {@code call} (given a request index drawn at random) until the window closes.
   *
   * @return the throughput and latencies of the window; the first failure, if any, in the note
   */
  static Result run(
      String operation,
      String target,
      int threads,
      Duration warmup,
      Duration window,
      IntConsumer call) {
    return new LoadRun().execute(operation, target, threads, warmup, window, call);
  }

  private Result execute(
      String operation,
      String target,
      int threads,
      Duration warmup,
      Duration window,
      IntConsumer call) {
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
    long[] sorted = Latencies.merge(latencies);
    return new Result(
        "sdk",
        operation,
        target,
        threads,
        sorted.length,
        (end - start) / 1e9,
        Latencies.percentile(sorted, 50) / 1e3,
        Latencies.percentile(sorted, 99) / 1e3,
        errors.get(),
        firstError.get());
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

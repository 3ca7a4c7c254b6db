package dev.dynakit.engine.fuzz;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.internal.protocol.Json;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The long fuzzing campaign ({@code tools/fuzz-campaign}): the build's fuzzer, for a bounded time
 * or number of requests, against {@code ./dynakit serve} (or any endpoint) or an engine in this
 * process. Prints the figures (requests, time, answers by status and error type) and every bad
 * answer; exits 1 when there was one.
 *
 * <pre>
 * FuzzCampaign [--endpoint http://127.0.0.1:8000] [--seconds 600] [--requests 5000000]
 *              [--threads 2] [--seed 1]
 * </pre>
 */
public final class FuzzCampaign {
  private static final int RESTORE_EVERY = 500;
  private static final int MAX_SHOWN = 20;

  private FuzzCampaign() {}

  public static void main(String[] args) throws InterruptedException {
    // The JDK client keeps idle connections 20 minutes by default, the server 2: a request sent on
    // one the server has just closed is lost (no retry for a POST). Drop them first.
    System.setProperty("jdk.httpclient.keepalive.timeout", "60");
    Map<String, String> options = options(args);
    URI endpoint = options.containsKey("endpoint") ? URI.create(options.get("endpoint")) : null;
    Duration limit = Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "600")));
    long maxRequests = Long.parseLong(options.getOrDefault("requests", "5000000"));
    int threads = Integer.parseInt(options.getOrDefault("threads", "2"));
    long firstSeed = Long.parseLong(options.getOrDefault("seed", "1"));
    PrintStream out = System.out;

    DynakitEngine engine = endpoint == null ? DynakitEngine.inMemory() : null;
    FuzzTarget target = endpoint == null ? FuzzTarget.inProcess(engine) : FuzzTarget.http(endpoint);
    List<String> operations = SeedRequests.operations();
    ConcurrentMap<String, LongAdder> byAnswer = new ConcurrentHashMap<>();
    List<RequestFuzzer.Outcome> problems = new ArrayList<>();
    LongAdder errors = new LongAdder();
    AtomicLong next = new AtomicLong(firstSeed);
    long start = System.nanoTime();
    long end = start + limit.toNanos();

    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker =
          new Thread(
              () -> {
                RequestFuzzer fuzzer = new RequestFuzzer(target);
                long done = 0;
                while (System.nanoTime() < end) {
                  long seed = next.getAndIncrement();
                  if (seed - firstSeed >= maxRequests) {
                    break;
                  }
                  if (++done % RESTORE_EVERY == 0) {
                    fuzzer.restoreFixture();
                  }
                  String op = operations.get((int) Math.floorMod(seed * 7919, operations.size()));
                  try {
                    RequestFuzzer.Outcome o = fuzzer.fuzz(op, seed);
                    byAnswer.computeIfAbsent(key(o), k -> new LongAdder()).increment();
                    if (o.problem() != null) {
                      synchronized (problems) {
                        problems.add(o);
                      }
                    }
                  } catch (RuntimeException e) {
                    errors.increment();
                    byAnswer.computeIfAbsent("no answer: " + e, k -> new LongAdder()).increment();
                  }
                }
              },
              "fuzz-" + t);
      worker.start();
      workers.add(worker);
    }
    for (Thread w : workers) {
      w.join();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    if (engine != null) {
      engine.close();
    }

    long total = byAnswer.values().stream().mapToLong(LongAdder::sum).sum();
    out.printf(
        "target: %s%nrequests: %d in %.1f s (%.0f/s), %d threads, seeds %d..%d%n",
        endpoint == null ? "engine in process" : endpoint,
        total,
        seconds,
        total / seconds,
        threads,
        firstSeed,
        next.get() - 1);
    out.println("answers:");
    Map<String, Long> sorted = new TreeMap<>();
    byAnswer.forEach((k, v) -> sorted.put(k, v.sum()));
    sorted.forEach((k, v) -> out.printf("  %10d  %s%n", v, k));
    out.printf("bad answers (5xx, or 4xx without a DynamoDB error type): %d%n", problems.size());
    out.printf("requests without an answer (I/O errors): %d%n", errors.sum());
    for (RequestFuzzer.Outcome o : problems.subList(0, Math.min(MAX_SHOWN, problems.size()))) {
      out.println(o.describe());
    }
    System.exit(problems.isEmpty() && errors.sum() == 0 ? 0 : 1);
  }

  private static String key(RequestFuzzer.Outcome o) {
    if (o.status() == 200) {
      return "200";
    }
    try {
      Object type = Json.parseObject(o.answer()).get("__type");
      String name = type == null ? "?" : type.toString();
      return o.status() + " " + name.substring(name.indexOf('#') + 1);
    } catch (RuntimeException e) {
      return o.status() + " (body not JSON)";
    }
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new TreeMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --option value, got " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    if (args.length % 2 != 0) {
      throw new IllegalArgumentException("option without a value: " + args[args.length - 1]);
    }
    return options;
  }
}

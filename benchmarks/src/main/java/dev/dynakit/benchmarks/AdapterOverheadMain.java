package dev.dynakit.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link AdapterOverhead} with JMH (JMH command-line options pass through, such as {@code -wi
 * 6 -prof gc}) and prints the Markdown table of {@code docs/benchmarks.md}: each Adapter call
 * against the same SDK call, and their ratio against the 1.10x target.
 *
 * <p>The forks ({@code -f}, 2 by default) are run as rounds, one fork of each benchmark per round,
 * with the Adapter and SDK benchmarks of a pair taking turns going first (ABBA), so that a change
 * of load on a shared machine during the run weighs on both sides of a ratio alike; JMH's own order
 * would measure all Adapter forks first. The forks of a benchmark are then merged as JMH merges
 * them (the mean, with its 99.9 % confidence interval), and the median of all measured iterations
 * is shown beside it: on a shared machine one iteration slowed by another process moves the mean,
 * not the median. The verdict is on the mean.
 */
public final class AdapterOverheadMain {
  static final double TARGET = 1.10;
  private static final List<List<String>> PAIRS =
      List.of(List.of("adapterGetByKey", "sdkGetItem"), List.of("adapterPut", "sdkPutItem"));

  private AdapterOverheadMain() {}

  public static void main(String[] args) throws Exception {
    CommandLineOptions cli = new CommandLineOptions(args);
    int rounds = Math.max(1, cli.getForkCount().orElse(2));
    Map<String, List<BenchmarkResult>> forks = new TreeMap<>();
    Map<String, BenchmarkParams> params = new TreeMap<>();
    for (int round = 0; round < rounds; round++) {
      for (List<String> pair : PAIRS) {
        for (int i = 0; i < pair.size(); i++) {
          String method = pair.get((i + round) % pair.size());
          Options options =
              new OptionsBuilder()
                  .parent(cli)
                  .include(Pattern.quote(AdapterOverhead.class.getName() + "." + method) + "$")
                  .forks(1)
                  .build();
          for (RunResult run : new Runner(options).run()) {
            forks.computeIfAbsent(method, m -> new ArrayList<>()).addAll(run.getBenchmarkResults());
            params.put(method, run.getParams());
          }
        }
      }
    }
    Map<String, Result<?>> primary = new TreeMap<>();
    Map<String, Double> medians = new TreeMap<>();
    Map<String, Result<?>> allocation = new TreeMap<>();
    forks.forEach(
        (method, results) -> {
          RunResult merged = new RunResult(params.get(method), results);
          primary.put(method, merged.getPrimaryResult());
          medians.put(method, median(results));
          Result<?> bytes = merged.getSecondaryResults().get("gc.alloc.rate.norm");
          if (bytes != null) {
            allocation.put(method, bytes);
          }
        });
    System.out.println();
    System.out.println(rounds + (rounds == 1 ? " fork" : " forks") + " of each benchmark:");
    System.out.print(table(primary, medians, allocation));
  }

  /** The median score of every measured iteration of every fork. */
  static double median(List<BenchmarkResult> forks) {
    List<Double> scores = new ArrayList<>();
    for (BenchmarkResult fork : forks) {
      for (IterationResult iteration : fork.getIterationResults()) {
        scores.add(iteration.getPrimaryResult().getScore());
      }
    }
    Collections.sort(scores);
    int n = scores.size();
    return n == 0
        ? Double.NaN
        : n % 2 == 1 ? scores.get(n / 2) : (scores.get(n / 2 - 1) + scores.get(n / 2)) / 2;
  }

  /** The report: one row per Adapter call and its SDK twin. */
  static String table(
      Map<String, Result<?>> primary,
      Map<String, Double> medians,
      Map<String, Result<?>> allocation) {
    boolean bytes = !allocation.isEmpty();
    StringBuilder out = new StringBuilder();
    out.append("| call | Adapter (µs/op) | SDK by hand (µs/op) | Adapter / SDK | target ≤ ")
        .append(String.format(Locale.ROOT, "%.2fx", TARGET))
        .append(" | medians (µs/op) | Adapter / SDK, medians |")
        .append(bytes ? " Adapter (B/op) | SDK (B/op) |" : "")
        .append('\n');
    out.append("|---|--:|--:|--:|---|--:|--:|").append(bytes ? "--:|--:|" : "").append('\n');
    row(out, "getByKey / GetItem", "adapterGetByKey", "sdkGetItem", primary, medians, allocation);
    row(out, "put / PutItem", "adapterPut", "sdkPutItem", primary, medians, allocation);
    return out.toString();
  }

  private static void row(
      StringBuilder out,
      String call,
      String adapter,
      String sdk,
      Map<String, Result<?>> primary,
      Map<String, Double> medians,
      Map<String, Result<?>> allocation) {
    Result<?> a = primary.get(adapter);
    Result<?> s = primary.get(sdk);
    if (a == null || s == null) {
      out.append("| ").append(call).append(" | not measured | | | | | |\n");
      return;
    }
    double ratio = a.getScore() / s.getScore();
    double medianA = medians.getOrDefault(adapter, Double.NaN);
    double medianS = medians.getOrDefault(sdk, Double.NaN);
    out.append("| ")
        .append(call)
        .append(" | ")
        .append(score(a))
        .append(" | ")
        .append(score(s))
        .append(" | ")
        .append(String.format(Locale.ROOT, "%.3fx", ratio))
        .append(" | ")
        .append(ratio <= TARGET ? "met" : "**missed**")
        .append(" | ")
        .append(String.format(Locale.ROOT, "%.2f / %.2f", medianA, medianS))
        .append(" | ")
        .append(String.format(Locale.ROOT, "%.3fx", medianA / medianS))
        .append(" |");
    if (!allocation.isEmpty()) {
      out.append(' ')
          .append(bytes(allocation.get(adapter)))
          .append(" | ")
          .append(bytes(allocation.get(sdk)))
          .append(" |");
    }
    out.append('\n');
  }

  private static String score(Result<?> result) {
    double error = result.getScoreError();
    return Double.isNaN(error)
        ? String.format(Locale.ROOT, "%.2f", result.getScore())
        : String.format(Locale.ROOT, "%.2f ± %.2f", result.getScore(), error);
  }

  private static String bytes(Result<?> result) {
    return result == null ? "—" : String.format(Locale.ROOT, "%,.0f", result.getScore());
  }
}

package dev.dynakit.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the results file of a run into Markdown: the server-capacity table (wrk), the Java-client
 * table (SDK), the targets of {@code PERFORMANCE.md} with what was measured, and every raw
 * measurement with its latencies. Ratios are only given between two clean measurements (answers
 * came back and none failed).
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.Report --results benchmarks/target/results.tsv
 * </pre>
 */
public final class Report {
  static final String NOTHING = "nothing";
  static final String ENGINE = "engine";
  static final String DYNALITE = "dynalite";
  static final String IN_PROCESS = "in-process";
  static final String IN_PROCESS_WIRE = "in-process-wire";

  private final List<Result> results;

  Report(List<Result> results) {
    this.results = List.copyOf(results);
  }

  public static void main(String[] args) throws IOException {
    Flags flags = Flags.parse(args, Set.of("--results"), Set.of());
    List<Result> results = new ArrayList<>();
    for (String line :
        Files.readAllLines(Path.of(flags.required("--results")), StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        results.add(Result.parse(line));
      }
    }
    System.out.print(new Report(results).render());
  }

  String render() {
    StringBuilder md = new StringBuilder();
    serverCapacity(md);
    javaClient(md);
    new ReportTargets(this).render(md);
    everyRun(md);
    return md.toString();
  }

  private void serverCapacity(StringBuilder md) {
    md.append("### Server capacity (wrk, requests per second)\n\n")
        .append("| operation | connections | do-nothing | engine | dynalite")
        .append(" | engine / dynalite | engine / do-nothing |\n")
        .append("|---|--:|--:|--:|--:|--:|--:|\n");
    for (String op : Workload.OPERATIONS) {
      for (int c : concurrencies("wrk", op)) {
        Optional<Result> nothing = find("wrk", op, NOTHING, c);
        Optional<Result> engine = find("wrk", op, ENGINE, c);
        Optional<Result> dynalite = find("wrk", op, DYNALITE, c);
        row(
            md,
            op,
            Integer.toString(c),
            cell(nothing),
            cell(engine),
            cell(dynalite),
            times(engine, dynalite),
            percent(engine, nothing));
      }
    }
    md.append('\n');
  }

  private void javaClient(StringBuilder md) {
    md.append("### What a Java user feels (AWS SDK v2 sync client, requests per second)\n\n")
        .append(
            "| operation | threads | do-nothing | engine (HTTP) | dynalite | engine (in-process)")
        .append(" | in-process, wire format | engine / dynalite | engine / do-nothing")
        .append(" | in-process / HTTP | wire format in-process / HTTP |\n")
        .append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (String op : Workload.OPERATIONS) {
      for (int t : concurrencies("sdk", op)) {
        Optional<Result> nothing = find("sdk", op, NOTHING, t);
        Optional<Result> engine = find("sdk", op, ENGINE, t);
        Optional<Result> dynalite = find("sdk", op, DYNALITE, t);
        Optional<Result> inProcess = find("sdk", op, IN_PROCESS, t);
        Optional<Result> inProcessWire = find("sdk", op, IN_PROCESS_WIRE, t);
        row(
            md,
            op,
            Integer.toString(t),
            cell(nothing),
            cell(engine),
            cell(dynalite),
            cell(inProcess),
            cell(inProcessWire),
            times(engine, dynalite),
            percent(engine, nothing),
            times(inProcess, engine),
            times(inProcessWire, engine));
      }
    }
    md.append('\n');
  }

  private void everyRun(StringBuilder md) {
    md.append("### Every measurement\n\n")
        .append("| tool | operation | target | concurrency | requests | seconds | req/s")
        .append(" | p50 ms | p99 ms | errors | note |\n")
        .append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|---|\n");
    for (Result r : results) {
      row(
          md,
          r.tool(),
          r.operation(),
          r.target(),
          Integer.toString(r.concurrency()),
          Long.toString(r.requests()),
          String.format(Locale.ROOT, "%.1f", r.seconds()),
          String.format(Locale.ROOT, "%,.0f", r.throughput()),
          String.format(Locale.ROOT, "%.3f", r.p50Micros() / 1e3),
          String.format(Locale.ROOT, "%.3f", r.p99Micros() / 1e3),
          Long.toString(r.errors()),
          r.note().replace("|", "\\|"));
    }
    md.append('\n');
  }

  /** The concurrencies measured for {@code operation} with {@code tool}, ascending. */
  TreeSet<Integer> concurrencies(String tool, String operation) {
    TreeSet<Integer> found = new TreeSet<>();
    for (Result r : results) {
      if (r.tool().equals(tool) && r.operation().equals(operation)) {
        found.add(r.concurrency());
      }
    }
    return found;
  }

  Optional<Result> find(String tool, String operation, String target, int concurrency) {
    for (Result r : results) {
      if (r.tool().equals(tool)
          && r.operation().equals(operation)
          && r.target().equals(target)
          && r.concurrency() == concurrency) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** {@code a / b} when both are clean measurements. */
  static Optional<Double> ratio(Optional<Result> a, Optional<Result> b) {
    if (a.isEmpty() || b.isEmpty() || !a.get().valid() || !b.get().valid()) {
      return Optional.empty();
    }
    return Optional.of(a.get().throughput() / b.get().throughput());
  }

  static String times(Optional<Result> a, Optional<Result> b) {
    return ratio(a, b).map(Report::times).orElse("—");
  }

  static String times(double x) {
    return String.format(Locale.ROOT, "%.2fx", x);
  }

  static String percent(Optional<Result> a, Optional<Result> b) {
    return ratio(a, b).map(x -> String.format(Locale.ROOT, "%.0f %%", x * 100)).orElse("—");
  }

  /** Requests per second, or why there is no number. */
  static String cell(Optional<Result> r) {
    if (r.isEmpty()) {
      return "—";
    }
    Result x = r.get();
    if (x.errors() > 0) {
      return "errors (" + x.errors() + ")";
    }
    if (x.requests() == 0) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%,.0f", x.throughput());
  }

  static void row(StringBuilder md, String... cells) {
    md.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }
}

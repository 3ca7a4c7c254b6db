package dev.dynakit.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the results file of a run into Markdown: the server-capacity table (wrk), the Java-client
 * table (SDK), the targets of {@code docs/benchmarks.md} with what was measured, and every raw
 * measurement with its latencies. Lines of the same measurement (wrk writes one per turn) are
 * {@linkplain Result#combine combined} first. Ratios are only given between two clean measurements
 * (answers came back in every turn and none failed).
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

  /** One per measurement, in the order of their first line. */
  private final List<Result> results;

  private final Map<Result.Key, List<Result>> turns;

  /** A report of the lines of a results file, several lines of one measurement combined. */
  Report(List<Result> lines) {
    Map<Result.Key, List<Result>> byKey = new LinkedHashMap<>();
    for (Result line : lines) {
      byKey.computeIfAbsent(line.key(), k -> new ArrayList<>()).add(line);
    }
    List<Result> combined = new ArrayList<>();
    for (List<Result> each : byKey.values()) {
      combined.add(Result.combine(each));
    }
    this.results = List.copyOf(combined);
    this.turns = byKey;
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
    if (results.stream().anyMatch(r -> r.tool().equals("wrk") && turns(r).size() > 1)) {
      md.append(
              "The targets took turns in rounds; each measurement sums the requests and seconds of")
          .append(" its turns (a turn that failed or got no answer voids it). wrk gives latency")
          .append(" percentiles per run only: a measurement's p50 is the median of its turns' p50,")
          .append(" its p99 the highest of their p99.\n\n");
    }
  }

  private List<Result> turns(Result measurement) {
    return turns.getOrDefault(measurement.key(), List.of(measurement));
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
        .append(" | p50 ms | p99 ms | errors | note | req/s per turn |\n")
        .append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|---|---|\n");
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
          r.note().replace("|", "\\|"),
          perTurn(turns(r)));
    }
    md.append('\n');
  }

  /** The throughput of each turn, in the order they ran; empty for a single line. */
  private static String perTurn(List<Result> turns) {
    if (turns.size() < 2) {
      return "";
    }
    List<String> cells = new ArrayList<>();
    for (Result turn : turns) {
      cells.add(cell(Optional.of(turn)));
    }
    return String.join(" / ", cells);
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

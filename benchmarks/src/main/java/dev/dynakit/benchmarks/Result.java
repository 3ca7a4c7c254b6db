package dev.dynakit.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One measurement, as a line of the results file that {@code run.sh} collects and {@link Report}
 * reads: tab-separated, in this order. {@code wrk/dynamodb.lua} writes the same line, once per turn
 * of a measurement; {@link #combine} makes the measurement of the turns.
 *
 * @param tool {@code wrk} or {@code sdk}
 * @param operation {@code GetItem}, {@code PutItem}, {@code Query} or {@code BatchWriteItem}
 * @param target {@code nothing} (the do-nothing server), {@code engine} (over HTTP), {@code
 *     dynalite} or {@code in-process} (the engine through the SDK's in-process transport)
 * @param concurrency connections (wrk) or threads (SDK)
 * @param requests requests answered with success in the measured window
 * @param seconds the length of the measured window
 * @param p50Micros median latency
 * @param p99Micros 99th percentile latency
 * @param errors requests that failed (non-2xx answers, socket errors, exceptions)
 * @param note why there is no number, or the first error; empty otherwise
 */
record Result(
    String tool,
    String operation,
    String target,
    int concurrency,
    long requests,
    double seconds,
    double p50Micros,
    double p99Micros,
    long errors,
    String note) {

  /** A measurement that could not be made, with the reason. */
  static Result unavailable(
      String tool, String operation, String target, int concurrency, String why) {
    return new Result(tool, operation, target, concurrency, 0, 0, 0, 0, 0, why);
  }

  /** What a line measures: lines with the same key are turns of one measurement. */
  record Key(String tool, String operation, String target, int concurrency) {}

  Key key() {
    return new Key(tool, operation, target, concurrency);
  }

  /**
   * One measurement of the lines of its turns (wrk runs once per turn, the targets taking turns in
   * rounds): requests, seconds and errors summed, the first note kept with the turn it came from.
   * wrk gives percentiles per run only, so p50 is the median of the turns' p50 and p99 the highest
   * of their p99. A turn that answered nothing (its target was down, wrk failed, no answer came)
   * voids the measurement: requests 0, so it is never valid, whatever the other turns measured. A
   * single line is returned as it is.
   */
  static Result combine(List<Result> turns) {
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("no turns to combine");
    }
    Result first = turns.get(0);
    if (turns.size() == 1) {
      return first;
    }
    long requests = 0;
    double seconds = 0;
    long errors = 0;
    String note = "";
    boolean answeredEveryTurn = true;
    List<Double> p50s = new ArrayList<>();
    double p99 = 0;
    for (int i = 0; i < turns.size(); i++) {
      Result turn = turns.get(i);
      if (!turn.key().equals(first.key())) {
        throw new IllegalArgumentException(
            "turns of different measurements: " + first.key() + " and " + turn.key());
      }
      requests += turn.requests;
      seconds += turn.seconds;
      errors += turn.errors;
      String why = turn.note;
      if (turn.requests == 0) {
        answeredEveryTurn = false;
        why = why.isEmpty() ? "nothing answered" : why;
      } else {
        p50s.add(turn.p50Micros);
        p99 = Math.max(p99, turn.p99Micros);
      }
      if (note.isEmpty() && !why.isEmpty()) {
        note = "turn " + (i + 1) + " of " + turns.size() + ": " + why;
      }
    }
    return new Result(
        first.tool,
        first.operation,
        first.target,
        first.concurrency,
        answeredEveryTurn ? requests : 0,
        seconds,
        median(p50s),
        p99,
        errors,
        note);
  }

  private static double median(List<Double> values) {
    if (values.isEmpty()) {
      return 0;
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int mid = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
  }

  /** Requests per second; 0 when nothing was measured. */
  double throughput() {
    return seconds > 0 ? requests / seconds : 0;
  }

  /** Whether the number can be compared: requests were answered and none failed. */
  boolean valid() {
    return requests > 0 && errors == 0;
  }

  String toLine() {
    return String.join(
        "\t",
        tool,
        operation,
        target,
        Integer.toString(concurrency),
        Long.toString(requests),
        String.format(Locale.ROOT, "%.3f", seconds),
        String.format(Locale.ROOT, "%.1f", p50Micros),
        String.format(Locale.ROOT, "%.1f", p99Micros),
        Long.toString(errors),
        note.replace('\t', ' ').replace('\n', ' '));
  }

  static Result parse(String line) {
    String[] f = line.split("\t", -1);
    if (f.length < 9) {
      throw new IllegalArgumentException("not a result line: " + line);
    }
    return new Result(
        f[0],
        f[1],
        f[2],
        Integer.parseInt(f[3]),
        Long.parseLong(f[4]),
        Double.parseDouble(f[5]),
        Double.parseDouble(f[6]),
        Double.parseDouble(f[7]),
        Long.parseLong(f[8]),
        f.length > 9 ? f[9] : "");
  }
}

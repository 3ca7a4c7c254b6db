package dev.dynakit.benchmarks;

import java.util.Locale;

/**
 * One measurement, as a line of the results file that {@code run.sh} collects and {@link Report}
 * reads: tab-separated, in this order. {@code wrk/dynamodb.lua} writes the same line.
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

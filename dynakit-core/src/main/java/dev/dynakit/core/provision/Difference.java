package dev.dynakit.core.provision;

import java.util.Objects;

/**
 * One way a live table differs from its declaration.
 *
 * @param path what differs, e.g. {@code table}, {@code table.keySchema}, {@code gsi.byStatus},
 *     {@code gsi.byStatus.projection}, {@code lsi.byPrice}, {@code billingMode}, {@code
 *     throughput}, {@code stream}, {@code ttl}, {@code descriptor}, {@code descriptor.searchable}
 * @param severity whether the table can serve the declaration despite the difference
 * @param expected what the declaration says, as text
 * @param actual what the table has, as text ({@code absent} when it lacks the thing)
 */
public record Difference(String path, Severity severity, String expected, String actual) {
  /** How much a difference matters. */
  public enum Severity {
    /**
     * The table cannot serve the declaration as written: the table, its key schema or a declared
     * index is missing or shaped differently, so reads or writes would fail or return other data.
     */
    ERROR,
    /**
     * The table works but is not what is declared: an index or TTL the declaration does not name,
     * other billing or throughput, another stream, a missing or outdated descriptor.
     */
    WARNING
  }

  public Difference {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(expected, "expected");
    Objects.requireNonNull(actual, "actual");
  }

  static Difference error(String path, String expected, String actual) {
    return new Difference(path, Severity.ERROR, expected, actual);
  }

  static Difference warning(String path, String expected, String actual) {
    return new Difference(path, Severity.WARNING, expected, actual);
  }

  /** One line: {@code ERROR gsi.byStatus.projection: expected KEYS_ONLY, actual ALL}. */
  @Override
  public String toString() {
    return severity + " " + path + ": expected " + expected + ", actual " + actual;
  }
}

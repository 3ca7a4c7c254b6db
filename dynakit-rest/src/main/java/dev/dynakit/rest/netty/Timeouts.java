package dev.dynakit.rest.netty;

import java.time.Duration;
import java.util.Objects;

/**
 * The deadlines of a connection.
 *
 * @param idle how long a connection may wait for its next request to begin
 * @param header how long a request head may take from its first byte to its end
 * @param body how long a request body may take from the end of the head to its last byte
 */
record Timeouts(Duration idle, Duration header, Duration body) {
  static final Timeouts DEFAULTS =
      new Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(30));

  Timeouts {
    positive("idle", idle);
    positive("header", header);
    positive("body", body);
  }

  private static void positive(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " timeout must be positive, got " + value);
    }
  }
}

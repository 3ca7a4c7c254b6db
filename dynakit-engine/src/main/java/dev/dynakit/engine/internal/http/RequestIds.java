package dev.dynakit.engine.internal.http;

import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Request ids in DynamoDB's shape: 52 characters of {@code [0-9A-Z]}. They only have to be unique
 * enough to find a request in a log, so a thread-local random source is plenty (and much cheaper
 * than {@link java.util.UUID#randomUUID()}, which goes through {@code SecureRandom}).
 */
final class RequestIds {
  static final int LENGTH = 52;
  private static final byte[] DIGITS =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes(StandardCharsets.US_ASCII);
  private static final int DIGITS_PER_LONG = 12; // 36^12 < 2^63

  private RequestIds() {}

  static AsciiString next() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    byte[] id = new byte[LENGTH];
    int i = 0;
    while (i < LENGTH) {
      long bits = random.nextLong() >>> 1;
      for (int d = 0; d < DIGITS_PER_LONG && i < LENGTH; d++, i++) {
        id[i] = DIGITS[(int) (bits % 36)];
        bits /= 36;
      }
    }
    return new AsciiString(id, false);
  }
}

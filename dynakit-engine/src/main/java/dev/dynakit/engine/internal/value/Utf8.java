package dev.dynakit.engine.internal.value;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/** UTF-8 measures and order for strings, which DynamoDB compares by their UTF-8 bytes. */
public final class Utf8 {
  /** Orders strings by the unsigned bytes of their UTF-8 encoding. */
  public static final Comparator<String> ORDER = Utf8::compare;

  private Utf8() {}

  /** The number of bytes of the UTF-8 encoding of {@code s}, without encoding it. */
  public static int length(String s) {
    int n = s.length();
    int bytes = 0;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /**
   * Compares by UTF-8 bytes. UTF-16 order differs from UTF-8 order only for surrogates against
   * chars U+E000..U+FFFF, so plain strings take the fast path.
   */
  public static int compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        if (Character.isSurrogate(ca) || Character.isSurrogate(cb)) {
          // Start at the whole code point: two low surrogates after a shared high surrogate
          // would each encode alone as '?' and compare equal.
          int from = i > 0 && Character.isHighSurrogate(a.charAt(i - 1)) ? i - 1 : i;
          return Arrays.compareUnsigned(
              a.substring(from).getBytes(StandardCharsets.UTF_8),
              b.substring(from).getBytes(StandardCharsets.UTF_8));
        }
        return Character.compare(ca, cb);
      }
    }
    return Integer.compare(a.length(), b.length());
  }
}

package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;

/**
 * Refuses request bodies whose strings are not valid Unicode. Jackson decodes overlong forms
 * ({@code C0 80}) and code points past U+10FFFF without complaint, and accepts {@code \ud800}
 * escapes that leave a lone surrogate in a Java string; such a string is later encoded with {@code
 * ?} in its place, so two different keys could be stored as one. DynamoDB refuses them, and so do
 * we, with its SerializationException.
 */
final class StrictUtf8 {
  private StrictUtf8() {}

  /**
   * Checks that {@code body} is well-formed UTF-8 (RFC 3629: shortest forms only, no surrogates,
   * nothing past U+10FFFF).
   *
   * @return whether the body has a {@code \}{@code u} escape, after which its strings must be
   *     checked for lone surrogates ({@link #checkSurrogates(String)})
   */
  static boolean check(byte[] body) {
    boolean escapes = false;
    int n = body.length;
    int i = 0;
    while (i < n) {
      int b = body[i];
      if (b >= 0) {
        if (b == '\\' && i + 1 < n && body[i + 1] == 'u') {
          escapes = true;
        }
        i++;
      } else {
        i = sequenceEnd(body, i);
      }
    }
    return escapes;
  }

  /** The index after the multi-byte sequence that starts at {@code i}. */
  private static int sequenceEnd(byte[] body, int i) {
    int lead = body[i] & 0xFF;
    int length;
    int min = 0x80;
    int max = 0xBF; // the range of the second byte; the others are plain continuation bytes
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      min = lead == 0xE0 ? 0xA0 : 0x80; // no overlong forms
      max = lead == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      min = lead == 0xF0 ? 0x90 : 0x80;
      max = lead == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
    } else {
      throw invalid();
    }
    if (i + length > body.length) {
      throw invalid();
    }
    int second = body[i + 1] & 0xFF;
    if (second < min || second > max) {
      throw invalid();
    }
    for (int k = 2; k < length; k++) {
      if ((body[i + k] & 0xC0) != 0x80) {
        throw invalid();
      }
    }
    return i + length;
  }

  /** Refuses a string (decoded from escapes) that holds a surrogate without its partner. */
  static String checkSurrogates(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          throw new EngineException(
              ErrorType.SERIALIZATION,
              String.format(
                  "Invalid string: unpaired surrogate \\u%04x at character %d", (int) c, i));
        }
      }
    }
    return s;
  }

  private static EngineException invalid() {
    return new EngineException(ErrorType.SERIALIZATION, "Invalid UTF-8 in the request body");
  }
}

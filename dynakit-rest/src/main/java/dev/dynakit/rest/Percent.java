package dev.dynakit.rest;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict percent-decoding: a {@code %} must be followed by two hex digits and the bytes must be
 * valid UTF-8. Lenient decoders guess; a guessed key can address the wrong item, so this one
 * refuses.
 */
final class Percent {
  private Percent() {}

  /**
   * @param plusIsSpace whether {@code +} means a space (query strings) or itself (paths)
   * @throws IllegalArgumentException saying what is malformed
   */
  static String decode(String raw, boolean plusIsSpace) {
    if (raw.indexOf('%') < 0) {
      return plusIsSpace ? raw.replace('+', ' ') : raw;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
    StringBuilder out = new StringBuilder(raw.length());
    int i = 0;
    while (i < raw.length()) {
      char c = raw.charAt(i);
      if (c == '%') {
        while (i < raw.length() && raw.charAt(i) == '%') {
          int high = i + 2 < raw.length() ? hex(raw.charAt(i + 1)) : -1;
          int low = i + 2 < raw.length() ? hex(raw.charAt(i + 2)) : -1;
          if (high < 0 || low < 0) {
            throw new IllegalArgumentException(
                "'%' must be followed by two hex digits (write '%25' for '%' itself)");
          }
          bytes.write(high * 16 + low);
          i += 3;
        }
        out.append(utf8(bytes.toByteArray()));
        bytes.reset();
      } else {
        out.append(plusIsSpace && c == '+' ? ' ' : c);
        i++;
      }
    }
    return out.toString();
  }

  private static int hex(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  private static String utf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("percent-encoded bytes are not valid UTF-8");
    }
  }
}

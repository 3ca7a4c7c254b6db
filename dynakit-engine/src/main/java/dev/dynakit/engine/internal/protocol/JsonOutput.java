package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.internal.value.Binary;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * What {@link JsonWriter} writes JSON with: structure (the commas placed here), values (strings,
 * numbers, Base64, literals) and the typed attribute-value forms, byte for byte as Jackson's {@code
 * UTF8JsonGenerator} with default settings writes them (no spaces; strings as {@link JsonBuffer}
 * escapes them).
 */
final class JsonOutput extends JsonBuffer {
  private static final byte[] BASE64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
          .getBytes(StandardCharsets.US_ASCII);

  static final byte[] N_PREFIX = bytes("{\"N\":");
  static final byte[] B_PREFIX = bytes("{\"B\":");
  static final byte[] BOOL_TRUE = bytes("{\"BOOL\":true}");
  static final byte[] BOOL_FALSE = bytes("{\"BOOL\":false}");
  static final byte[] NULL_VALUE = bytes("{\"NULL\":true}");

  /** Whether the next value or member name needs a comma before it. */
  private boolean comma;

  /** Room for the digits of a long, written backwards. */
  private final byte[] digits = new byte[19];

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** Empties the buffer for the next document; drops it if it grew beyond {@code keepBytes}. */
  @Override
  void reset(int keepBytes) {
    super.reset(keepBytes);
    comma = false;
  }

  // --- structure

  void separate() {
    if (comma) {
      put(',');
    }
  }

  void startObject() {
    separate();
    put('{');
    comma = false;
  }

  void endObject() {
    put('}');
    comma = true;
  }

  void startArray() {
    separate();
    put('[');
    comma = false;
  }

  void endArray() {
    put(']');
    comma = true;
  }

  /** A prefix such as {@code {"S":}, after which the value follows without a comma. */
  void typed(byte[] prefix) {
    separate();
    int n = prefix.length;
    ensure(n);
    System.arraycopy(prefix, 0, buf, pos, n);
    pos += n;
    comma = false;
  }

  /** A whole value of constant bytes, such as {@code {"NULL":true}}. */
  void constant(byte[] value) {
    separate();
    int n = value.length;
    ensure(n);
    System.arraycopy(value, 0, buf, pos, n);
    pos += n;
    comma = true;
  }

  /** {@code {"TYPE":}: the start of a typed attribute value. */
  void typedStart(String type) {
    separate();
    int n = type.length();
    ensure(n + 4);
    byte[] b = buf;
    int p = pos;
    b[p++] = '{';
    b[p++] = '"';
    for (int i = 0; i < n; i++) {
      b[p++] = (byte) type.charAt(i);
    }
    b[p++] = '"';
    b[p++] = ':';
    pos = p;
    comma = false;
  }

  void name(String name) {
    separate();
    quoted(name);
    put(':');
    comma = false;
  }

  // --- values

  /** A bare token: a number, true, false or null. */
  void literal(String ascii) {
    separate();
    int n = ascii.length();
    ensure(n);
    byte[] b = buf;
    int p = pos;
    for (int i = 0; i < n; i++) {
      b[p++] = (byte) ascii.charAt(i);
    }
    pos = p;
    comma = true;
  }

  void string(String s) {
    separate();
    quoted(s);
    comma = true;
  }

  /** A string of characters that need no escape (number texts). */
  void asciiString(String ascii) {
    separate();
    int n = ascii.length();
    ensure(n + 2);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    for (int i = 0; i < n; i++) {
      b[p++] = (byte) ascii.charAt(i);
    }
    b[p++] = '"';
    pos = p;
    comma = true;
  }

  void utf8String(byte[] utf8, int offset, int length) {
    separate();
    quotedUtf8(utf8, offset, length);
    comma = true;
  }

  /** A number's plain text (as {@link BigDecimal#toPlainString}), as a JSON string. */
  void number(long unscaled, int scale) {
    if (unscaled == 0 && scale != 0) {
      asciiString(BigDecimal.valueOf(0, scale).toPlainString());
      return;
    }
    separate();
    ensure(24 + Math.abs(scale));
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    if (unscaled < 0) {
      b[p++] = '-';
    }
    // the digits, written backwards in negative space (Long.MIN_VALUE has no positive twin)
    byte[] digits = this.digits;
    int d = digits.length;
    long n = unscaled < 0 ? unscaled : -unscaled;
    do {
      long q = n / 10;
      digits[--d] = (byte) ('0' + (q * 10 - n));
      n = q;
    } while (n != 0);
    int count = digits.length - d;
    if (scale <= 0) {
      System.arraycopy(digits, d, b, p, count);
      p += count;
      for (int z = 0; z < -scale; z++) {
        b[p++] = '0';
      }
    } else if (count > scale) {
      int whole = count - scale;
      System.arraycopy(digits, d, b, p, whole);
      p += whole;
      b[p++] = '.';
      System.arraycopy(digits, d + whole, b, p, scale);
      p += scale;
    } else {
      b[p++] = '0';
      b[p++] = '.';
      for (int z = 0; z < scale - count; z++) {
        b[p++] = '0';
      }
      System.arraycopy(digits, d, b, p, count);
      p += count;
    }
    b[p++] = '"';
    pos = p;
    comma = true;
  }

  void base64(Binary binary) {
    byte[] bytes = binary.toByteArray();
    base64(bytes, 0, bytes.length);
  }

  /** Standard Base64 with padding, as {@link java.util.Base64#getEncoder()} writes it. */
  void base64(byte[] bytes, int offset, int length) {
    separate();
    ensure((length + 2) / 3 * 4 + 2);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    int i = offset;
    int end = offset + length;
    for (; i + 3 <= end; i += 3) {
      int bits = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8 | (bytes[i + 2] & 0xFF);
      b[p++] = BASE64[bits >>> 18];
      b[p++] = BASE64[(bits >>> 12) & 0x3F];
      b[p++] = BASE64[(bits >>> 6) & 0x3F];
      b[p++] = BASE64[bits & 0x3F];
    }
    int left = end - i;
    if (left > 0) {
      int bits = (bytes[i] & 0xFF) << 16 | (left == 2 ? (bytes[i + 1] & 0xFF) << 8 : 0);
      b[p++] = BASE64[bits >>> 18];
      b[p++] = BASE64[(bits >>> 12) & 0x3F];
      b[p++] = left == 2 ? BASE64[(bits >>> 6) & 0x3F] : (byte) '=';
      b[p++] = '=';
    }
    b[p++] = '"';
    pos = p;
    comma = true;
  }

  /** A member name given as UTF-8, with the comma before it and the colon after it. */
  void memberName(byte[] utf8, int offset, int length) {
    if (comma) {
      ensure(1);
      buf[pos++] = ',';
    }
    quotedUtf8(utf8, offset, length, ':');
    comma = false;
  }

  /** A whole S value, {@code {"S":"…"}}, of a string given as UTF-8. */
  void stringValue(byte[] utf8, int offset, int length) {
    ensure(6);
    byte[] b = buf;
    int p = pos;
    if (comma) {
      b[p++] = ',';
    }
    b[p++] = '{';
    b[p++] = '"';
    b[p++] = 'S';
    b[p++] = '"';
    b[p++] = ':';
    pos = p;
    quotedUtf8(utf8, offset, length, '}');
    comma = true;
  }
}

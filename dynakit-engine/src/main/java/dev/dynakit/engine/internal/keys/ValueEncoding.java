package dev.dynakit.engine.internal.keys;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.util.List;

/**
 * Order-preserving, self-delimiting encodings of the key types S, N and B.
 *
 * <p>S (as UTF-8) and B share one scheme: the bytes, with each 0x00 written as 0x00 0xFF, then the
 * terminator 0x00 0x01. The terminator sorts below any continuation (a non-zero byte or an escaped
 * zero), so a value sorts before its extensions; and no encoding is a prefix of another, so
 * concatenated values compare component by component. Numbers: see {@link NumberEncoding}.
 *
 * <p>A string's lone surrogates (not representable in UTF-8) are written as {@code '?'}, as {@link
 * String#getBytes} and {@link dev.dynakit.engine.internal.value.Utf8#compare} treat them.
 */
final class ValueEncoding {
  static final int ESCAPED_ZERO = 0xFF;
  static final int TERMINATOR = 0x01;

  private ValueEncoding() {}

  static int size(AttrValue value) {
    if (value instanceof AttrValue.S s) {
      return stringBodySize(s.value()) + 2;
    }
    if (value instanceof AttrValue.N n) {
      return NumberEncoding.size(n.value());
    }
    if (value instanceof AttrValue.B b) {
      return binaryBodySize(b.value()) + 2;
    }
    throw notKeyType(value);
  }

  static int sizeAll(List<AttrValue> values) {
    int size = 0;
    for (int i = 0, n = values.size(); i < n; i++) {
      size += size(values.get(i));
    }
    return size;
  }

  /** Writes the encoding of {@code value} at {@code offset}; returns the offset after it. */
  static int write(AttrValue value, byte[] out, int offset) {
    if (value instanceof AttrValue.S s) {
      return terminate(writeStringBody(s.value(), out, offset), out);
    }
    if (value instanceof AttrValue.N n) {
      return NumberEncoding.write(n.value(), out, offset);
    }
    if (value instanceof AttrValue.B b) {
      return terminate(writeBinaryBody(b.value(), out, offset), out);
    }
    throw notKeyType(value);
  }

  static int writeAll(List<AttrValue> values, byte[] out, int offset) {
    for (int i = 0, n = values.size(); i < n; i++) {
      offset = write(values.get(i), out, offset);
    }
    return offset;
  }

  /**
   * The size of the unterminated encoding of a string or binary: the common prefix of the encodings
   * of every value that begins with it.
   */
  static int prefixSize(AttrValue value) {
    if (value instanceof AttrValue.S s) {
      return stringBodySize(s.value());
    }
    if (value instanceof AttrValue.B b) {
      return binaryBodySize(b.value());
    }
    throw new IllegalArgumentException("begins_with needs an S or B operand, not " + value);
  }

  static int writePrefix(AttrValue value, byte[] out, int offset) {
    if (value instanceof AttrValue.S s) {
      return writeStringBody(s.value(), out, offset);
    }
    if (value instanceof AttrValue.B b) {
      return writeBinaryBody(b.value(), out, offset);
    }
    throw new IllegalArgumentException("begins_with needs an S or B operand, not " + value);
  }

  private static int terminate(int offset, byte[] out) {
    out[offset] = 0;
    out[offset + 1] = TERMINATOR;
    return offset + 2;
  }

  private static int stringBodySize(String s) {
    int n = s.length();
    int size = 0;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        size += 2;
      } else if (c < 0x80) {
        size += 1;
      } else if (c < 0x800) {
        size += 2;
      } else if (!Character.isSurrogate(c)) {
        size += 3;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        size += 4;
        i++;
      } else {
        size += 1;
      }
    }
    return size;
  }

  private static int writeStringBody(String s, byte[] out, int offset) {
    int n = s.length();
    int o = offset;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        out[o++] = 0;
        out[o++] = (byte) ESCAPED_ZERO;
      } else if (c < 0x80) {
        out[o++] = (byte) c;
      } else if (c < 0x800) {
        out[o++] = (byte) (0xC0 | (c >> 6));
        out[o++] = (byte) (0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        out[o++] = (byte) (0xE0 | (c >> 12));
        out[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        out[o++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        out[o++] = (byte) (0xF0 | (cp >> 18));
        out[o++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        out[o++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        out[o++] = (byte) (0x80 | (cp & 0x3F));
      } else {
        out[o++] = '?';
      }
    }
    return o;
  }

  private static int binaryBodySize(Binary b) {
    int n = b.length();
    int size = n;
    for (int i = 0; i < n; i++) {
      if (b.byteAt(i) == 0) {
        size++;
      }
    }
    return size;
  }

  private static int writeBinaryBody(Binary b, byte[] out, int offset) {
    int n = b.length();
    int o = offset;
    for (int i = 0; i < n; i++) {
      byte x = b.byteAt(i);
      out[o++] = x;
      if (x == 0) {
        out[o++] = (byte) ESCAPED_ZERO;
      }
    }
    return o;
  }

  private static IllegalArgumentException notKeyType(AttrValue value) {
    return new IllegalArgumentException(
        "key values are S, N or B, not " + value.typeName() + ": " + value);
  }
}

package dev.dynakit.engine.internal.protocol;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that writes JSON strings, escaped as Jackson's {@code UTF8JsonGenerator}
 * with default settings escapes them: {@code \"}, {@code \\}, {@code \b \t \n \f \r}, other control
 * characters and every UTF-16 surrogate (so a character outside the BMP becomes two escapes) as
 * {@code \\uXXXX} in upper-case hex, everything else as UTF-8. {@link JsonOutput} adds the rest of
 * JSON.
 */
abstract class JsonBuffer {
  private static final int INITIAL_BYTES = 4096;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  /**
   * How each ASCII character is written inside a string: 0 as itself, a letter as a backslash and
   * that letter, -1 as {@code \\u00XX}.
   */
  private static final int[] ESCAPES = new int[128];

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPES[c] = -1;
    }
    ESCAPES['"'] = '"';
    ESCAPES['\\'] = '\\';
    ESCAPES['\b'] = 'b';
    ESCAPES['\t'] = 't';
    ESCAPES['\n'] = 'n';
    ESCAPES['\f'] = 'f';
    ESCAPES['\r'] = 'r';
  }

  byte[] buf = new byte[INITIAL_BYTES];
  int pos;

  /** Empties the buffer; drops it if it grew beyond {@code keepBytes}. */
  void reset(int keepBytes) {
    if (buf.length > keepBytes) {
      buf = new byte[INITIAL_BYTES];
    }
    pos = 0;
  }

  /** The bytes written since the last reset. */
  byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  void quoted(String s) {
    int n = s.length();
    ensure(n + 2);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    int i = 0;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80 || ESCAPES[c] != 0) {
        break;
      }
      b[p++] = (byte) c;
    }
    pos = p;
    if (i < n) {
      quotedRest(s, i, n);
    }
    ensure(1);
    buf[pos++] = '"';
  }

  /** The characters of {@code s} from {@code i} on, some of which need escapes or UTF-8. */
  private void quotedRest(String s, int i, int n) {
    for (; i < n; i++) {
      char c = s.charAt(i);
      ensure(6);
      if (c < 0x80) {
        ascii(c);
      } else if (c < 0x800) {
        buf[pos++] = (byte) (0xC0 | (c >> 6));
        buf[pos++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isSurrogate(c)) {
        unicodeEscape(c);
      } else {
        buf[pos++] = (byte) (0xE0 | (c >> 12));
        buf[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        buf[pos++] = (byte) (0x80 | (c & 0x3F));
      }
    }
  }

  /** One ASCII character inside a string, escaped as needed; room for 6 bytes is ensured. */
  private void ascii(int c) {
    int escape = ESCAPES[c];
    if (escape == 0) {
      buf[pos++] = (byte) c;
    } else if (escape > 0) {
      buf[pos++] = '\\';
      buf[pos++] = (byte) escape;
    } else {
      unicodeEscape(c);
    }
  }

  private void unicodeEscape(int c) {
    byte[] b = buf;
    int p = pos;
    b[p++] = '\\';
    b[p++] = 'u';
    b[p++] = HEX[(c >> 12) & 0xF];
    b[p++] = HEX[(c >> 8) & 0xF];
    b[p++] = HEX[(c >> 4) & 0xF];
    b[p++] = HEX[c & 0xF];
    pos = p;
  }

  /**
   * A string given as well-formed UTF-8 (as the item encoding holds it), written as {@link #quoted}
   * writes the decoded string: the bytes of one- to three-byte sequences as they are, characters
   * outside the BMP as two escaped surrogates. Runs of plain ASCII are copied eight bytes at a
   * time.
   */
  void quotedUtf8(byte[] utf8, int offset, int length) {
    quotedUtf8(utf8, offset, length, -1);
  }

  /** {@link #quotedUtf8(byte[], int, int)}, then {@code after} unless it is -1. */
  void quotedUtf8(byte[] utf8, int offset, int length, int after) {
    int end = offset + length;
    // room for every remaining input byte written as one byte, the closing quote and what comes
    // after; restored after every character that takes more
    ensure(length + 3);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    int i = offset;
    while (true) {
      while (i + 8 <= end) {
        long x = (long) LONGS.get(utf8, i);
        if (needsMore(x)) {
          break;
        }
        LONGS.set(b, p, x);
        i += 8;
        p += 8;
      }
      byte x;
      while (i < end && (x = utf8[i]) >= 0x20 && x != '"' && x != '\\') {
        b[p++] = x;
        i++;
      }
      if (i == end) {
        break;
      }
      pos = p;
      i = special(utf8, i, end);
      b = buf;
      p = pos;
    }
    b[p++] = '"';
    if (after >= 0) {
      b[p++] = (byte) after;
    }
    pos = p;
  }

  /**
   * Whether any of eight bytes needs more than copying: a control character, a quote, a backslash
   * or a byte of a multi-byte sequence. Exact: a borrow can only spread from a byte that matches.
   */
  private static boolean needsMore(long x) {
    long quote = x ^ (ONES * '"');
    long backslash = x ^ (ONES * '\\');
    long control = (x - ONES * 0x20) & ~x;
    return ((control | ((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash) | x) & HIGHS)
        != 0;
  }

  /**
   * Writes the character starting at {@code utf8[i]}, a byte {@link #needsMore} flags; returns the
   * index after it.
   */
  private int special(byte[] utf8, int i, int end) {
    ensure(13 + end - i);
    int x = utf8[i] & 0xFF;
    if (x < 0x80) {
      ascii(x);
      return i + 1;
    }
    if (x < 0xF0) {
      int n = x < 0xE0 ? 2 : 3;
      System.arraycopy(utf8, i, buf, pos, n);
      pos += n;
      return i + n;
    }
    int cp =
        ((x & 0x07) << 18)
            | ((utf8[i + 1] & 0x3F) << 12)
            | ((utf8[i + 2] & 0x3F) << 6)
            | (utf8[i + 3] & 0x3F);
    unicodeEscape(Character.highSurrogate(cp));
    unicodeEscape(Character.lowSurrogate(cp));
    return i + 4;
  }

  void put(char c) {
    ensure(1);
    buf[pos++] = (byte) c;
  }

  void ensure(int more) {
    if (pos + more > buf.length) {
      grow(more);
    }
  }

  private void grow(int more) {
    buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
  }
}

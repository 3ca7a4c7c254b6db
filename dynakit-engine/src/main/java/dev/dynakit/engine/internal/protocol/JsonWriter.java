package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemVisitor;
import dev.dynakit.engine.internal.value.Numbers;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes response trees as JSON bytes, byte for byte as Jackson's {@code UTF8JsonGenerator} with
 * default settings writes them (the engine's earlier writer, which the tests compare against): the
 * same escapes ({@code \"}, {@code \\}, {@code \b \t \n \f \r}, other control characters and every
 * UTF-16 surrogate as {@code \\uXXXX} in upper-case hex), other characters as UTF-8, no spaces.
 *
 * <p>Items read from the store and not looked into ({@link ItemCodec#decodeLazily}) are written
 * straight from their encoded bytes: names and strings copied as UTF-8, numbers formatted from
 * their stored digits. One writer per thread is reused, so its buffer rarely grows.
 */
final class JsonWriter {
  /** A buffer that grew beyond this is dropped after the write rather than kept for reuse. */
  private static final int KEEP_BYTES = 1 << 18;

  private static final int INITIAL_BYTES = 4096;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final ThreadLocal<JsonWriter> REUSED = ThreadLocal.withInitial(JsonWriter::new);
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] BASE64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
          .getBytes(StandardCharsets.US_ASCII);

  private static final byte[] S_PREFIX = bytes("{\"S\":");
  private static final byte[] N_PREFIX = bytes("{\"N\":");
  private static final byte[] B_PREFIX = bytes("{\"B\":");
  private static final byte[] BOOL_TRUE = bytes("{\"BOOL\":true}");
  private static final byte[] BOOL_FALSE = bytes("{\"BOOL\":false}");
  private static final byte[] NULL_VALUE = bytes("{\"NULL\":true}");

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

  private byte[] buf = new byte[INITIAL_BYTES];
  private int pos;

  /** Whether the next value or member name needs a comma before it. */
  private boolean comma;

  private boolean busy;

  /** Room for the digits of a long, written backwards. */
  private final byte[] digits = new byte[19];

  private final StoredItemJson storedItems = new StoredItemJson();

  private JsonWriter() {}

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** Writes a response tree (see {@link Json}). */
  static byte[] write(@Nullable Object tree) {
    JsonWriter w = REUSED.get();
    if (w.busy) {
      w = new JsonWriter();
    }
    w.busy = true;
    try {
      w.pos = 0;
      w.comma = false;
      w.value(tree);
      return Arrays.copyOf(w.buf, w.pos);
    } finally {
      w.busy = false;
      if (w.buf.length > KEEP_BYTES) {
        w.buf = new byte[INITIAL_BYTES];
      }
    }
  }

  private void value(@Nullable Object v) {
    if (v instanceof String s) {
      string(s);
    } else if (v instanceof AttrValue av) {
      attr(av);
    } else if (v instanceof Map<?, ?> m) {
      map(m);
    } else if (v instanceof List<?> l) {
      separate();
      put('[');
      comma = false;
      for (int i = 0, n = l.size(); i < n; i++) {
        value(l.get(i));
      }
      endArray();
    } else if (v == null) {
      literal("null");
    } else if (v instanceof Boolean b) {
      literal(b ? "true" : "false");
    } else if (v instanceof Long || v instanceof Integer) {
      literal(Long.toString(((Number) v).longValue()));
    } else if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        string(d.toString());
      } else {
        literal(d.toString());
      }
    } else if (v instanceof BigDecimal d) {
      literal(d.toString());
    } else {
      throw new IllegalArgumentException("not a response tree value: " + v.getClass());
    }
  }

  @SuppressWarnings("unchecked")
  private void map(Map<?, ?> m) {
    byte[] stored = ItemCodec.pristineBytes((Map<String, AttrValue>) m);
    if (stored != null) {
      ItemCodec.visit(stored, storedItems);
      return;
    }
    startObject();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      name((String) e.getKey());
      value(e.getValue());
    }
    endObject();
  }

  private void attr(AttrValue av) {
    typedStart(av.typeName());
    if (av instanceof AttrValue.S s) {
      string(s.value());
    } else if (av instanceof AttrValue.N n) {
      asciiString(n.text());
    } else if (av instanceof AttrValue.B b) {
      base64(b.value());
    } else if (av instanceof AttrValue.Bool b) {
      literal(b.value() ? "true" : "false");
    } else if (av instanceof AttrValue.Null) {
      literal("true");
    } else if (av instanceof AttrValue.SS ss) {
      startArray();
      for (String s : ss.values()) {
        string(s);
      }
      endArray();
    } else if (av instanceof AttrValue.NS ns) {
      startArray();
      for (BigDecimal d : ns.values()) {
        asciiString(Numbers.toText(d));
      }
      endArray();
    } else if (av instanceof AttrValue.BS bs) {
      startArray();
      for (Binary b : bs.values()) {
        base64(b);
      }
      endArray();
    } else if (av instanceof AttrValue.L l) {
      startArray();
      for (AttrValue e : l.values()) {
        attr(e);
      }
      endArray();
    } else {
      startObject();
      for (Map.Entry<String, AttrValue> e : ((AttrValue.M) av).values().entrySet()) {
        name(e.getKey());
        attr(e.getValue());
      }
      endObject();
    }
    endObject();
  }

  // --- structure

  private void separate() {
    if (comma) {
      put(',');
    }
  }

  private void startObject() {
    separate();
    put('{');
    comma = false;
  }

  private void endObject() {
    put('}');
    comma = true;
  }

  private void startArray() {
    separate();
    put('[');
    comma = false;
  }

  private void endArray() {
    put(']');
    comma = true;
  }

  /** A prefix such as {@code {"S":}, after which the value follows without a comma. */
  private void typed(byte[] prefix) {
    separate();
    int n = prefix.length;
    ensure(n);
    System.arraycopy(prefix, 0, buf, pos, n);
    pos += n;
    comma = false;
  }

  /** A whole value of constant bytes, such as {@code {"NULL":true}}. */
  private void constant(byte[] value) {
    separate();
    int n = value.length;
    ensure(n);
    System.arraycopy(value, 0, buf, pos, n);
    pos += n;
    comma = true;
  }

  /** {@code {"TYPE":}: the start of a typed attribute value. */
  private void typedStart(String type) {
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

  private void name(String name) {
    separate();
    quoted(name);
    put(':');
    comma = false;
  }

  private void utf8Name(byte[] utf8, int offset, int length) {
    separate();
    quotedUtf8(utf8, offset, length);
    put(':');
    comma = false;
  }

  // --- values

  /** A bare token: a number, true, false or null. */
  private void literal(String ascii) {
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

  private void string(String s) {
    separate();
    quoted(s);
    comma = true;
  }

  /** A string of characters that need no escape (number texts). */
  private void asciiString(String ascii) {
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

  private void utf8String(byte[] utf8, int offset, int length) {
    separate();
    quotedUtf8(utf8, offset, length);
    comma = true;
  }

  private void quoted(String s) {
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
  private void quotedUtf8(byte[] utf8, int offset, int length) {
    quotedUtf8(utf8, offset, length, -1);
  }

  /** {@link #quotedUtf8(byte[], int, int)}, then {@code after} unless it is -1. */
  private void quotedUtf8(byte[] utf8, int offset, int length, int after) {
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

  /** A number's plain text (as {@link BigDecimal#toPlainString}), as a JSON string. */
  private void number(long unscaled, int scale) {
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

  private void base64(Binary binary) {
    byte[] bytes = binary.toByteArray();
    base64(bytes, 0, bytes.length);
  }

  /** Standard Base64 with padding, as {@link java.util.Base64#getEncoder()} writes it. */
  private void base64(byte[] bytes, int offset, int length) {
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

  // --- buffer

  private void put(char c) {
    ensure(1);
    buf[pos++] = (byte) c;
  }

  private void ensure(int more) {
    if (pos + more > buf.length) {
      grow(more);
    }
  }

  private void grow(int more) {
    buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
  }

  /** Writes a stored item from its encoding, in the typed form {@link #attr} writes. */
  private final class StoredItemJson implements ItemVisitor {
    @Override
    public void startMap(int size) {
      startObject();
    }

    @Override
    public void endMap() {
      endObject();
    }

    @Override
    public void name(byte[] utf8, int offset, int length) {
      if (comma) {
        ensure(1);
        buf[pos++] = ',';
      }
      quotedUtf8(utf8, offset, length, ':');
      comma = false;
    }

    @Override
    public void stringValue(byte[] utf8, int offset, int length) {
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

    @Override
    public void numberValue(long unscaled, int scale) {
      typed(N_PREFIX);
      number(unscaled, scale);
      endObject();
    }

    @Override
    public void numberValue(BigInteger unscaled, int scale) {
      typed(N_PREFIX);
      asciiString(Numbers.toText(new BigDecimal(unscaled, scale)));
      endObject();
    }

    @Override
    public void binaryValue(byte[] bytes, int offset, int length) {
      typed(B_PREFIX);
      base64(bytes, offset, length);
      endObject();
    }

    @Override
    public void boolValue(boolean value) {
      constant(value ? BOOL_TRUE : BOOL_FALSE);
    }

    @Override
    public void nullValue() {
      constant(NULL_VALUE);
    }

    @Override
    public void startSet(String typeName, int size) {
      typedStart(typeName);
      startArray();
    }

    @Override
    public void endSet() {
      endArray();
      endObject();
    }

    @Override
    public void setString(byte[] utf8, int offset, int length) {
      utf8String(utf8, offset, length);
    }

    @Override
    public void setNumber(long unscaled, int scale) {
      number(unscaled, scale);
    }

    @Override
    public void setNumber(BigInteger unscaled, int scale) {
      asciiString(Numbers.toText(new BigDecimal(unscaled, scale)));
    }

    @Override
    public void setBinary(byte[] bytes, int offset, int length) {
      base64(bytes, offset, length);
    }

    @Override
    public void startList(int size) {
      typedStart("L");
      startArray();
    }

    @Override
    public void endList() {
      endArray();
      endObject();
    }

    @Override
    public void startM() {
      typedStart("M");
    }

    @Override
    public void endM() {
      endObject();
    }
  }
}

package dev.dynakit.engine.internal.keys;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A position in an encoded key, reading the encodings of {@link ValueEncoding} back. */
final class KeyReader {
  private final byte[] buf;
  private int pos;

  KeyReader(byte[] buf, int pos) {
    this.buf = buf;
    this.pos = pos;
  }

  byte[] buffer() {
    return buf;
  }

  int position() {
    return pos;
  }

  boolean atEnd() {
    return pos == buf.length;
  }

  int next() {
    if (pos >= buf.length) {
      throw new IllegalArgumentException("key ends inside a value at " + pos);
    }
    return buf[pos++] & 0xFF;
  }

  /** Reads one value of each of {@code types} ({@code "S"}, {@code "N"} or {@code "B"}). */
  List<AttrValue> readAll(List<String> types) {
    int n = types.size();
    if (n == 0) {
      return List.of();
    }
    List<AttrValue> values = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      values.add(read(types.get(i)));
    }
    return values;
  }

  AttrValue read(String type) {
    switch (type) {
      case "S":
        return new AttrValue.S(new String(readBytes(), StandardCharsets.UTF_8));
      case "N":
        return new AttrValue.N(NumberEncoding.read(this));
      case "B":
        return new AttrValue.B(Binary.wrap(readBytes()));
      default:
        throw new IllegalArgumentException("key types are S, N or B, not " + type);
    }
  }

  /** Reads an escaped, terminated byte string (the body of an S or B) and moves past it. */
  private byte[] readBytes() {
    int start = pos;
    int escapes = 0;
    int i = pos;
    while (true) {
      if (i + 1 >= buf.length) {
        throw new IllegalArgumentException("unterminated string or binary at " + start);
      }
      if (buf[i] == 0) {
        int marker = buf[i + 1] & 0xFF;
        if (marker == ValueEncoding.TERMINATOR) {
          break;
        }
        if (marker != ValueEncoding.ESCAPED_ZERO) {
          throw new IllegalArgumentException("bad escape in key at " + i);
        }
        escapes++;
        i += 2;
      } else {
        i++;
      }
    }
    pos = i + 2;
    byte[] out = new byte[i - start - escapes];
    if (escapes == 0) {
      System.arraycopy(buf, start, out, 0, out.length);
      return out;
    }
    int o = 0;
    for (int j = start; j < i; j++) {
      out[o++] = buf[j];
      if (buf[j] == 0) {
        j++;
      }
    }
    return out;
  }
}

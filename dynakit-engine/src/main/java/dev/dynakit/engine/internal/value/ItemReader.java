package dev.dynakit.engine.internal.value;

import static dev.dynakit.engine.internal.value.ItemCodec.B;
import static dev.dynakit.engine.internal.value.ItemCodec.BS;
import static dev.dynakit.engine.internal.value.ItemCodec.FALSE;
import static dev.dynakit.engine.internal.value.ItemCodec.L;
import static dev.dynakit.engine.internal.value.ItemCodec.M;
import static dev.dynakit.engine.internal.value.ItemCodec.NS;
import static dev.dynakit.engine.internal.value.ItemCodec.NULL;
import static dev.dynakit.engine.internal.value.ItemCodec.N_BIG;
import static dev.dynakit.engine.internal.value.ItemCodec.N_LONG;
import static dev.dynakit.engine.internal.value.ItemCodec.S;
import static dev.dynakit.engine.internal.value.ItemCodec.SS;
import static dev.dynakit.engine.internal.value.ItemCodec.TRUE;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A position in an encoded item, with the reading half of {@link ItemCodec}'s format: decoding and
 * visiting ({@link ItemVisitor}) without decoding.
 */
final class ItemReader {
  private final byte[] buf;
  private int pos;

  ItemReader(byte[] buf, int pos) {
    this.buf = buf;
    this.pos = pos;
  }

  private int next() {
    if (pos >= buf.length) {
      throw endsEarly();
    }
    return buf[pos++] & 0xFF;
  }

  private static IllegalArgumentException endsEarly() {
    return new IllegalArgumentException("encoded item ends early");
  }

  long varint() {
    byte[] b = buf;
    int p = pos;
    if (p < b.length && b[p] >= 0) {
      // one byte: every count, length and tag-sized number below 128
      pos = p + 1;
      return b[p];
    }
    return longVarint();
  }

  private long longVarint() {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = next();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new IllegalArgumentException("varint too long at " + pos);
  }

  int length() {
    long n = varint();
    if (n < 0 || n > buf.length - pos) {
      throw runsPast(n);
    }
    return (int) n;
  }

  private IllegalArgumentException runsPast(long n) {
    return new IllegalArgumentException("length " + n + " runs past the end at " + pos);
  }

  /** A count of elements; each takes at least one byte, which bounds it. */
  int count() {
    return length();
  }

  String string() {
    int n = length();
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  byte[] bytes() {
    int n = length();
    byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return b;
  }

  void checkEnd() {
    if (pos != buf.length) {
      throw new IllegalArgumentException("encoded item has trailing bytes at " + pos);
    }
  }

  BigDecimal number(int tag) {
    int scale = (int) unzigzag(varint());
    if (tag == N_LONG) {
      return BigDecimal.valueOf(unzigzag(varint()), scale);
    }
    if (tag == N_BIG) {
      return new BigDecimal(new BigInteger(bytes()), scale);
    }
    throw new IllegalArgumentException("expected a number, found tag " + tag);
  }

  LinkedHashMap<String, AttrValue> entries() {
    int n = count();
    LinkedHashMap<String, AttrValue> map = new LinkedHashMap<>(Math.max(4, n * 4 / 3 + 1));
    for (int i = 0; i < n; i++) {
      String name = string();
      map.put(name, value());
    }
    return map;
  }

  AttrValue value() {
    int tag = next();
    switch (tag) {
      case S:
        return new AttrValue.S(string());
      case N_LONG:
      case N_BIG:
        return new AttrValue.N(number(tag));
      case B:
        return new AttrValue.B(Binary.wrap(bytes()));
      case TRUE:
        return AttrValue.Bool.TRUE;
      case FALSE:
        return AttrValue.Bool.FALSE;
      case NULL:
        return AttrValue.Null.INSTANCE;
      case SS:
        return new AttrValue.SS(strings());
      case NS:
        return new AttrValue.NS(numbers());
      case BS:
        return new AttrValue.BS(binaries());
      case L:
        return new AttrValue.L(values());
      case M:
        return new AttrValue.M(entries());
      default:
        throw new IllegalArgumentException("unknown value tag " + tag + " at " + (pos - 1));
    }
  }

  private List<String> strings() {
    int n = count();
    List<String> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(string());
    }
    return list;
  }

  private List<BigDecimal> numbers() {
    int n = count();
    List<BigDecimal> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(number(next()));
    }
    return list;
  }

  private List<Binary> binaries() {
    int n = count();
    List<Binary> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(Binary.wrap(bytes()));
    }
    return list;
  }

  private List<AttrValue> values() {
    int n = count();
    List<AttrValue> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(value());
    }
    return list;
  }

  void visitEntries(ItemVisitor v) {
    int n = count();
    v.startMap(n);
    for (int i = 0; i < n; i++) {
      int length = length();
      v.name(buf, pos, length);
      pos += length;
      visitValue(v);
    }
    v.endMap();
  }

  void visitValue(ItemVisitor v) {
    int tag = next();
    switch (tag) {
      case S:
        {
          int n = length();
          v.stringValue(buf, pos, n);
          pos += n;
          return;
        }
      case N_LONG:
        {
          int scale = (int) unzigzag(varint());
          v.numberValue(unzigzag(varint()), scale);
          return;
        }
      case N_BIG:
        {
          int scale = (int) unzigzag(varint());
          v.numberValue(bigUnscaled(), scale);
          return;
        }
      case B:
        {
          int n = length();
          v.binaryValue(buf, pos, n);
          pos += n;
          return;
        }
      case TRUE:
      case FALSE:
        v.boolValue(tag == TRUE);
        return;
      case NULL:
        v.nullValue();
        return;
      case SS:
      case NS:
      case BS:
        visitSet(tag, v);
        return;
      case L:
        {
          int n = count();
          v.startList(n);
          for (int i = 0; i < n; i++) {
            visitValue(v);
          }
          v.endList();
          return;
        }
      case M:
        v.startM();
        visitEntries(v);
        v.endM();
        return;
      default:
        throw new IllegalArgumentException("unknown value tag " + tag + " at " + (pos - 1));
    }
  }

  private void visitSet(int tag, ItemVisitor v) {
    int n = count();
    v.startSet(tag == SS ? "SS" : tag == NS ? "NS" : "BS", n);
    for (int i = 0; i < n; i++) {
      if (tag == NS) {
        int elementTag = next();
        int scale = (int) unzigzag(varint());
        if (elementTag == N_LONG) {
          v.setNumber(unzigzag(varint()), scale);
        } else if (elementTag == N_BIG) {
          v.setNumber(bigUnscaled(), scale);
        } else {
          throw new IllegalArgumentException("expected a number, found tag " + elementTag);
        }
      } else {
        int length = length();
        if (tag == SS) {
          v.setString(buf, pos, length);
        } else {
          v.setBinary(buf, pos, length);
        }
        pos += length;
      }
    }
    v.endSet();
  }

  private BigInteger bigUnscaled() {
    int n = length();
    BigInteger unscaled = new BigInteger(buf, pos, n);
    pos += n;
    return unscaled;
  }

  private static long unzigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }
}

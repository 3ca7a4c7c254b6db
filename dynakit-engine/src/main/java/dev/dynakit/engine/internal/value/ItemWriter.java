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
import java.util.Arrays;
import java.util.Map;

/** A growable byte buffer with the writing half of {@link ItemCodec}'s format. */
final class ItemWriter {
  private byte[] buf;
  private int pos;

  ItemWriter(int capacity) {
    buf = new byte[capacity];
  }

  byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  private void ensure(int more) {
    if (pos + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
    }
  }

  void put(int b) {
    ensure(1);
    buf[pos++] = (byte) b;
  }

  void varint(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
  }

  void bytes(byte[] b) {
    varint(b.length);
    ensure(b.length);
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  void string(String s) {
    bytes(s.getBytes(StandardCharsets.UTF_8));
  }

  void number(BigDecimal n) {
    BigInteger unscaled = n.unscaledValue();
    if (unscaled.bitLength() < 64) {
      put(N_LONG);
      varint(zigzag(n.scale()));
      varint(zigzag(unscaled.longValue()));
    } else {
      put(N_BIG);
      varint(zigzag(n.scale()));
      bytes(unscaled.toByteArray());
    }
  }

  void entries(Map<String, AttrValue> map) {
    varint(map.size());
    for (Map.Entry<String, AttrValue> e : map.entrySet()) {
      string(e.getKey());
      value(e.getValue());
    }
  }

  void value(AttrValue v) {
    if (v instanceof AttrValue.S s) {
      put(S);
      string(s.value());
    } else if (v instanceof AttrValue.N n) {
      number(n.value());
    } else if (v instanceof AttrValue.B b) {
      put(B);
      bytes(b.value().unsafeBytes());
    } else if (v instanceof AttrValue.Bool b) {
      put(b.value() ? TRUE : FALSE);
    } else if (v instanceof AttrValue.Null) {
      put(NULL);
    } else if (v instanceof AttrValue.SS ss) {
      put(SS);
      varint(ss.values().size());
      for (String s : ss.values()) {
        string(s);
      }
    } else if (v instanceof AttrValue.NS ns) {
      put(NS);
      varint(ns.values().size());
      for (BigDecimal n : ns.values()) {
        number(n);
      }
    } else if (v instanceof AttrValue.BS bs) {
      put(BS);
      varint(bs.values().size());
      for (Binary b : bs.values()) {
        bytes(b.unsafeBytes());
      }
    } else if (v instanceof AttrValue.L l) {
      put(L);
      varint(l.values().size());
      for (AttrValue e : l.values()) {
        value(e);
      }
    } else if (v instanceof AttrValue.M m) {
      put(M);
      entries(m.values());
    } else {
      throw new IllegalArgumentException("unknown attribute value " + v);
    }
  }

  private static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }
}

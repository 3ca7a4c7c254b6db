package dev.dynakit.engine.internal.keys;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Order-preserving, self-delimiting encoding of DynamoDB numbers.
 *
 * <p>A number {@code ±d1.d2d3… × 10^e} (canonical: {@code d1 != 0}, no trailing zeros, {@code e} in
 * -130..125, at most 38 digits) is written as a sign byte ({@link #NEGATIVE} &lt; {@link #ZERO}
 * &lt; {@link #POSITIVE}; zero is that byte alone), the exponent byte {@code e + 130}, and the
 * digits in pairs from {@code d1} on ("centesimal" digits, an odd count padded with a 0). A pair
 * {@code p} is written {@code 2p + 1} when more pairs follow and {@code 2p} when it is the last, so
 * the encoding ends itself and no encoding is a prefix of another. Same exponent means aligned
 * pairs, so byte order is numeric order. Negative numbers invert every byte after the sign byte:
 * larger magnitudes then sort first, and the prefix-freedom keeps inversion correct.
 */
final class NumberEncoding {
  static final int NEGATIVE = 0x01;
  static final int ZERO = 0x02;
  static final int POSITIVE = 0x03;
  static final int MIN_EXPONENT = -130;
  static final int MAX_EXPONENT = 125;

  /** The most digits a long holds for every value: 18 (10^18 - 1 < 2^63). */
  private static final int LONG_DIGITS = 18;

  private NumberEncoding() {}

  static int size(BigDecimal value) {
    if (value.signum() == 0) {
      return 1;
    }
    return 2 + (value.precision() + 1) / 2;
  }

  /** Writes a canonical number at {@code offset}; returns the offset after it. */
  static int write(BigDecimal value, byte[] out, int offset) {
    int sign = value.signum();
    if (sign == 0) {
      out[offset] = ZERO;
      return offset + 1;
    }
    int digits = value.precision();
    int exponent = digits - 1 - value.scale();
    if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
      throw new IllegalArgumentException("number outside DynamoDB's range: " + value);
    }
    int flip = sign < 0 ? 0xFF : 0;
    out[offset] = (byte) (sign < 0 ? NEGATIVE : POSITIVE);
    out[offset + 1] = (byte) ((exponent - MIN_EXPONENT) ^ flip);
    int start = offset + 2;
    int pairs = (digits + 1) / 2;
    BigInteger unscaled = value.unscaledValue();
    if (digits <= LONG_DIGITS) {
      long x = Math.abs(unscaled.longValue());
      if ((digits & 1) == 1) {
        x *= 10; // an odd count: the last pair is one digit and a padding zero
      }
      for (int i = pairs - 1; i >= 0; i--) {
        int pair = (int) (x % 100);
        x /= 100;
        out[start + i] = pairByte(pair, i == pairs - 1, flip);
      }
    } else {
      String text = unscaled.abs().toString();
      for (int i = 0; i < pairs; i++) {
        int hi = text.charAt(2 * i) - '0';
        int lo = 2 * i + 1 < digits ? text.charAt(2 * i + 1) - '0' : 0;
        out[start + i] = pairByte(hi * 10 + lo, i == pairs - 1, flip);
      }
    }
    return start + pairs;
  }

  private static byte pairByte(int pair, boolean last, int flip) {
    return (byte) ((2 * pair + (last ? 0 : 1)) ^ flip);
  }

  /** Reads a number at the reader's position and moves past it. */
  static BigDecimal read(KeyReader reader) {
    int head = reader.next();
    if (head == ZERO) {
      return BigDecimal.ZERO;
    }
    if (head != NEGATIVE && head != POSITIVE) {
      throw new IllegalArgumentException("not an encoded number at " + (reader.position() - 1));
    }
    boolean negative = head == NEGATIVE;
    int flip = negative ? 0xFF : 0;
    int exponent = (reader.next() ^ flip) + MIN_EXPONENT;
    int start = reader.position();
    int pairs = 0;
    int b;
    do {
      b = reader.next() ^ flip;
      if (b > 199) {
        throw new IllegalArgumentException("bad number digit byte at " + (reader.position() - 1));
      }
      pairs++;
    } while ((b & 1) == 1);
    int lastPair = b >>> 1;
    int digits = 2 * pairs - (lastPair % 10 == 0 ? 1 : 0);
    int scale = digits - 1 - exponent;
    byte[] buf = reader.buffer();
    if (2 * pairs <= LONG_DIGITS) {
      long x = 0;
      for (int i = 0; i < pairs; i++) {
        x = x * 100 + (((buf[start + i] & 0xFF) ^ flip) >>> 1);
      }
      if (digits < 2 * pairs) {
        x /= 10;
      }
      return BigDecimal.valueOf(negative ? -x : x, scale);
    }
    char[] text = new char[2 * pairs];
    for (int i = 0; i < pairs; i++) {
      int pair = ((buf[start + i] & 0xFF) ^ flip) >>> 1;
      text[2 * i] = (char) ('0' + pair / 10);
      text[2 * i + 1] = (char) ('0' + pair % 10);
    }
    BigInteger unscaled = new BigInteger(new String(text, 0, digits));
    return new BigDecimal(negative ? unscaled.negate() : unscaled, scale);
  }
}

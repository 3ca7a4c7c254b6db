package dev.dynakit.test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * The wire text of a number given as {@code unscaled × 10^-scale}: exactly {@link
 * BigDecimal#toPlainString} (what {@code Numbers.toText} and the engine's JSON writer give),
 * written straight from the digits of a long rather than through a BigDecimal.
 */
final class NumberText {
  private NumberText() {}

  static String of(long unscaled, int scale) {
    if (scale == 0) {
      return Long.toString(unscaled);
    }
    if (unscaled == 0) {
      // not canonical (a stored zero has scale 0); BigDecimal knows its odd forms
      return BigDecimal.valueOf(0, scale).toPlainString();
    }
    // the magnitude as a negative number: Long.MIN_VALUE has no positive twin
    long n = unscaled < 0 ? unscaled : -unscaled;
    int digits = digitCount(n);
    int sign = unscaled < 0 ? 1 : 0;
    int length = scale < 0 ? sign + digits - scale : sign + Math.max(digits - scale, 1) + 1 + scale;
    byte[] text = new byte[length];
    int p = length;
    if (scale < 0) {
      for (int z = 0; z < -scale; z++) {
        text[--p] = '0';
      }
    } else {
      // exactly scale fraction digits, zeros once the unscaled digits run out
      for (int f = 0; f < scale; f++) {
        long q = n / 10;
        text[--p] = (byte) ('0' + (q * 10 - n));
        n = q;
      }
      text[--p] = '.';
    }
    // the whole part: at least one digit, "0" when all went to the fraction
    do {
      long q = n / 10;
      text[--p] = (byte) ('0' + (q * 10 - n));
      n = q;
    } while (n != 0);
    if (sign == 1) {
      text[--p] = '-';
    }
    return new String(text, StandardCharsets.ISO_8859_1);
  }

  /** The decimal digits of a magnitude given as {@code n ≤ 0}. */
  private static int digitCount(long n) {
    int count = 1;
    while (n <= -10) {
      n /= 10;
      count++;
    }
    return count;
  }
}

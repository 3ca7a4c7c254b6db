package dev.dynakit.engine.internal.value;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Item sizes as DynamoDB measures them, for the 400 KB item limit and for capacity units (reads in
 * 4 KB units, writes in 1 KB units).
 *
 * <p>The rules ("Item sizes and formats" in the DynamoDB developer guide): an item is the sum of
 * its attribute names' UTF-8 lengths and its values' sizes; a string is its UTF-8 length, a binary
 * its raw length; BOOL and NULL are 1 byte; a list or map is 3 bytes plus 1 byte per element plus
 * the elements (a map's elements being names and values); a set is the sum of its elements.
 *
 * <p>A number is documented as "approximately 1 byte per two significant digits, plus 1 byte". The
 * exact rule used here is the one DynamoDB's stored form implies and dynalite reproduces: the
 * significant digits are grouped in pairs aligned on the decimal point (so {@code 1.2} takes two
 * pairs, {@code 12} one), plus 1 byte, plus 1 more for a negative number; zero is 1 byte.
 */
public final class ItemSize {
  /** DynamoDB's largest item, 400 KB. */
  public static final long MAX_ITEM_BYTES = 400L * 1024;

  private ItemSize() {}

  /** The size of an item: names plus values. */
  public static long itemSize(Map<String, AttrValue> item) {
    if (item instanceof StoredItem stored && stored.pristineBytes() != null) {
      return stored.encodedSize();
    }
    long size = 0;
    for (Map.Entry<String, AttrValue> e : item.entrySet()) {
      size += Utf8.length(e.getKey()) + valueSize(e.getValue());
    }
    return size;
  }

  /** The size of one value, without the name of the attribute holding it. */
  public static long valueSize(AttrValue value) {
    if (value instanceof AttrValue.S s) {
      return Utf8.length(s.value());
    }
    if (value instanceof AttrValue.N n) {
      return numberSize(n.value());
    }
    if (value instanceof AttrValue.B b) {
      return b.value().length();
    }
    if (value instanceof AttrValue.Bool || value instanceof AttrValue.Null) {
      return 1;
    }
    if (value instanceof AttrValue.SS ss) {
      long size = 0;
      for (String s : ss.values()) {
        size += Utf8.length(s);
      }
      return size;
    }
    if (value instanceof AttrValue.NS ns) {
      long size = 0;
      for (BigDecimal n : ns.values()) {
        size += numberSize(n);
      }
      return size;
    }
    if (value instanceof AttrValue.BS bs) {
      long size = 0;
      for (Binary b : bs.values()) {
        size += b.length();
      }
      return size;
    }
    if (value instanceof AttrValue.L l) {
      List<AttrValue> values = l.values();
      long size = 3 + values.size();
      for (AttrValue v : values) {
        size += valueSize(v);
      }
      return size;
    }
    if (value instanceof AttrValue.M m) {
      return 3 + m.values().size() + itemSize(m.values());
    }
    throw new IllegalArgumentException("unknown attribute value " + value);
  }

  /** The size of a number; {@code n} is canonical (no trailing zeros). */
  static long numberSize(BigDecimal n) {
    if (n.signum() == 0) {
      return 1;
    }
    int digits = n.precision();
    int exponent = digits - 1 - n.scale();
    // Pairs are aligned on the decimal point: an even exponent puts the first digit alone in its
    // pair, which adds a pair when the digit count is even.
    int pairs = (digits + (exponent % 2 == 0 ? 1 : 0) + 1) / 2;
    return 1 + pairs + (n.signum() < 0 ? 1 : 0);
  }

  /**
   * {@link #numberSize(BigDecimal)} of {@code unscaled × 10^-scale}, without building it; {@code
   * unscaled} has no trailing zeros (or is 0 with scale 0), as canonical numbers are stored.
   */
  static long numberSize(long unscaled, int scale) {
    if (unscaled == 0) {
      return 1;
    }
    int digits = digits(unscaled);
    int exponent = digits - 1 - scale;
    int pairs = (digits + (exponent % 2 == 0 ? 1 : 0) + 1) / 2;
    return 1 + pairs + (unscaled < 0 ? 1 : 0);
  }

  /** The number of decimal digits of a non-zero long's magnitude. */
  static int digits(long v) {
    // in negative space, so that Long.MIN_VALUE needs no special case
    long n = v < 0 ? v : -v;
    int digits = 1;
    long bound = -10;
    while (digits < 19 && n <= bound) {
      digits++;
      bound *= 10;
    }
    return digits;
  }
}

package dev.dynakit.advisor.internal;

import java.util.Locale;

/** Numbers as the reports print them. */
public final class Figures {
  private Figures() {}

  /** A count: 12, 1.5k, 3.2M, 1e+08 style for the very large. */
  public static String count(double value) {
    if (Double.isInfinite(value)) {
      return "unbounded";
    }
    if (value < 10_000) {
      return String.format(Locale.ROOT, value == Math.rint(value) ? "%.0f" : "%.2f", value);
    }
    if (value < 1e6) {
      return String.format(Locale.ROOT, "%.1fk", value / 1e3);
    }
    if (value < 1e9) {
      return String.format(Locale.ROOT, "%.1fM", value / 1e6);
    }
    return String.format(Locale.ROOT, "%.2g", value);
  }

  /** A rate or a unit count with two decimals at most. */
  public static String units(double value) {
    return value >= 100
        ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%.2f", value);
  }

  /** A fraction as a percentage. */
  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
  }

  /** A size in bytes: B, KB, MB, GB, TB (powers of 1024). */
  public static String bytes(double value) {
    String[] names = {"B", "KB", "MB", "GB", "TB", "PB"};
    int unit = 0;
    while (value >= 1024 && unit < names.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, unit == 0 ? "%.0f %s" : "%.1f %s", value, names[unit]);
  }

  /** Dollars. */
  public static String dollars(double value) {
    return String.format(Locale.ROOT, "$%,.2f", value);
  }
}

package dev.dynakit.advisor.internal;

/**
 * Generalised harmonic numbers {@code H(n, s) = sum of k^-s for k = 1..n}, for n up to 10^12 and
 * more without enumerating: the first terms exactly, the tail by the Euler-Maclaurin formula
 * (integral, half the end terms, the first derivative correction), whose error past 10^4 terms is
 * far below a part per million.
 */
public final class Harmonic {
  private static final int EXACT_TERMS = 10_000;

  private Harmonic() {}

  /** {@code H(n, s)}; n below 1 gives 0. */
  public static double of(double n, double s) {
    long whole = (long) Math.floor(n);
    if (whole < 1) {
      return 0;
    }
    long exact = Math.min(whole, EXACT_TERMS);
    double sum = 0;
    for (long k = exact; k >= 1; k--) {
      sum += Math.pow(k, -s);
    }
    if (whole == exact) {
      return sum;
    }
    return sum + tail(exact + 1, whole, s);
  }

  /** The sum of {@code k^-s} for k from a to b, by Euler-Maclaurin. */
  private static double tail(double a, double b, double s) {
    double integral =
        Math.abs(s - 1) < 1e-12
            ? Math.log(b / a)
            : (Math.pow(b, 1 - s) - Math.pow(a, 1 - s)) / (1 - s);
    double ends = (Math.pow(a, -s) + Math.pow(b, -s)) / 2;
    double derivative = (-s * Math.pow(b, -s - 1) + s * Math.pow(a, -s - 1)) / 12;
    return integral + ends + derivative;
  }
}

package dev.dynakit.engine.internal.metering;

/**
 * What one partition-key value consumed over a window: totals, the busiest second of each kind and
 * how many requests on it were throttled.
 */
public record KeyFigures(
    double readUnits, double writeUnits, double peakRead, double peakWrite, long throttled) {

  /** The busiest second's read units as a share of the per-key read ceiling. */
  public double readShare() {
    return peakRead / CapacityLimits.KEY_READ_CEILING;
  }

  /** The busiest second's write units as a share of the per-key write ceiling. */
  public double writeShare() {
    return peakWrite / CapacityLimits.KEY_WRITE_CEILING;
  }

  /** The larger of the two shares, which ranks hot keys. */
  public double share() {
    return Math.max(readShare(), writeShare());
  }

  boolean idle() {
    return readUnits == 0 && writeUnits == 0 && throttled == 0;
  }
}

package dev.dynakit.advisor.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a key's traffic spreads over its values: each value's share of the requests. Computed
 * analytically, never by enumerating the values, so that 10^8 keys cost no more than ten.
 */
public sealed interface KeyDistribution {
  /** How many distinct values take traffic now (infinite when unbounded). */
  double keys();

  /** The largest shares, descending, at most {@code limit} of them. */
  List<Double> topShares(int limit);

  /** How many values have a share above {@code share}. */
  double countAbove(double share);

  /** A short description: {@code zipf(s=1.1) over 1e+08}. */
  String describe();

  /** The share of the busiest value. */
  default double topShare() {
    List<Double> top = topShares(1);
    return top.isEmpty() ? 0 : top.get(0);
  }

  /** Named values with their shares (status, region). */
  record Categorical(Map<String, Double> shares) implements KeyDistribution {
    @Override
    public double keys() {
      return shares.size();
    }

    @Override
    public List<Double> topShares(int limit) {
      double total = shares.values().stream().mapToDouble(Double::doubleValue).sum();
      List<Double> sorted = new ArrayList<>();
      shares.values().forEach(v -> sorted.add(v / total));
      sorted.sort(Collections.reverseOrder());
      return sorted.subList(0, Math.min(limit, sorted.size()));
    }

    @Override
    public double countAbove(double share) {
      return topShares(Integer.MAX_VALUE).stream().filter(v -> v > share).count();
    }

    @Override
    public String describe() {
      return "categorical over " + shares.size();
    }
  }

  /** {@code count} values, equally likely. */
  record Uniform(double count) implements KeyDistribution {
    @Override
    public double keys() {
      return count;
    }

    @Override
    public List<Double> topShares(int limit) {
      return Collections.nCopies((int) Math.min(limit, count), 1 / count);
    }

    @Override
    public double countAbove(double share) {
      return 1 / count > share ? count : 0;
    }

    @Override
    public String describe() {
      return "uniform over " + Figures.count(count);
    }
  }

  /** Zipf with exponent {@code s} over {@code count} values: rank k gets k^-s / H(count, s). */
  record Zipf(double s, double count, double harmonic) implements KeyDistribution {
    /** Zipf(s) over count values. */
    public static Zipf of(double s, double count) {
      return new Zipf(s, count, Harmonic.of(count, s));
    }

    /** The share of the value of rank {@code k} (1 is the busiest). */
    public double share(long k) {
      return Math.pow(k, -s) / harmonic;
    }

    @Override
    public double keys() {
      return count;
    }

    @Override
    public List<Double> topShares(int limit) {
      List<Double> top = new ArrayList<>();
      for (long k = 1; k <= Math.min(limit, count); k++) {
        top.add(share(k));
      }
      return top;
    }

    @Override
    public double countAbove(double share) {
      if (share <= 0) {
        return count;
      }
      // rank k is above share while k^-s / H > share, i.e. k < (1 / (share H))^(1/s)
      double bound = Math.pow(1 / (share * harmonic), 1 / s);
      double ranks = Math.ceil(bound) - 1;
      return Math.max(0, Math.min(count, ranks));
    }

    @Override
    public String describe() {
      return "zipf(s=" + s + ") over " + Figures.count(count);
    }
  }

  /**
   * A time bucket ({@code today}, {@code now}): every request of the moment goes to the current
   * value, which changes as time passes.
   */
  record TimeBucket(String name) implements KeyDistribution {
    @Override
    public double keys() {
      return 1;
    }

    @Override
    public List<Double> topShares(int limit) {
      return limit < 1 ? List.of() : List.of(1.0);
    }

    @Override
    public double countAbove(double share) {
      return share < 1 ? 1 : 0;
    }

    @Override
    public String describe() {
      return "time bucket (" + name + "): one value at a time";
    }
  }

  /** Nothing is known: assumed spread evenly over very many values. */
  record Unknown(String field) implements KeyDistribution {
    @Override
    public double keys() {
      return Double.POSITIVE_INFINITY;
    }

    @Override
    public List<Double> topShares(int limit) {
      return List.of();
    }

    @Override
    public double countAbove(double share) {
      return 0;
    }

    @Override
    public String describe() {
      return "unknown (no distribution for " + field + "): assumed spread";
    }
  }

  /**
   * Several independent fields make up one key ({@code {tenant}#{user}}): a key's share is the
   * product of its parts' shares.
   */
  record Product(List<KeyDistribution> parts) implements KeyDistribution {
    private static final int LEVELS = 2_000;

    @Override
    public double keys() {
      double keys = 1;
      for (KeyDistribution part : parts) {
        keys *= part.keys();
      }
      return keys;
    }

    @Override
    public List<Double> topShares(int limit) {
      List<Double> top = List.of(1.0);
      for (KeyDistribution part : parts) {
        List<Double> next = new ArrayList<>();
        List<Double> shares = part.topShares(limit);
        for (double a : top) {
          for (double b : shares) {
            next.add(a * b);
          }
        }
        next.sort(Collections.reverseOrder());
        top = next.subList(0, Math.min(limit, next.size()));
      }
      return top;
    }

    @Override
    public double countAbove(double share) {
      // the parts other than the first Zipf as (share -> how many values) levels; the Zipf by
      // its closed form for each level
      TreeMap<Double, Double> levels = new TreeMap<>(Map.of(1.0, 1.0));
      Zipf zipf = null;
      for (KeyDistribution part : parts) {
        if (part instanceof Zipf z && zipf == null) {
          zipf = z;
          continue;
        }
        if (part instanceof Unknown) {
          return 0;
        }
        levels = combine(levels, levelsOf(part));
      }
      double count = 0;
      for (Map.Entry<Double, Double> level : levels.entrySet()) {
        double rest = level.getKey();
        count +=
            level.getValue()
                * (zipf == null ? (rest > share ? 1 : 0) : zipf.countAbove(share / rest));
      }
      return count;
    }

    private static TreeMap<Double, Double> levelsOf(KeyDistribution part) {
      TreeMap<Double, Double> levels = new TreeMap<>();
      if (part instanceof Uniform u) {
        levels.put(1 / u.count(), u.count());
      } else {
        part.topShares(LEVELS).forEach(s -> levels.merge(s, 1.0, Double::sum));
      }
      return levels;
    }

    private static TreeMap<Double, Double> combine(
        TreeMap<Double, Double> a, TreeMap<Double, Double> b) {
      TreeMap<Double, Double> out = new TreeMap<>(Collections.reverseOrder());
      a.forEach((sa, ma) -> b.forEach((sb, mb) -> out.merge(sa * sb, ma * mb, Double::sum)));
      TreeMap<Double, Double> kept = new TreeMap<>();
      out.entrySet().stream().limit(LEVELS).forEach(e -> kept.put(e.getKey(), e.getValue()));
      return kept;
    }

    @Override
    public String describe() {
      List<String> names = new ArrayList<>();
      parts.forEach(p -> names.add(p.describe()));
      return String.join(" x ", names);
    }
  }
}

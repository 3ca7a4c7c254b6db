package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Simulation;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** The report for a terminal: findings with their fixes, then figures in aligned lines. */
public final class TextReport {
  private TextReport() {}

  /** The report's text. */
  public static String write(
      String table,
      List<Finding> findings,
      @Nullable Simulation simulation,
      @Nullable Analysis analysis) {
    StringBuilder out = new StringBuilder();
    if (analysis != null) {
      analysis(out, analysis);
    }
    if (simulation != null) {
      simulation(out, simulation);
    }
    out.append("Findings on ").append(table).append(": ");
    if (findings.isEmpty()) {
      return out.append("none, the design follows every rule.\n").toString();
    }
    out.append(findings.size()).append('\n');
    for (Finding f : findings) {
      out.append(
          String.format(
              Locale.ROOT, "%-7s [%s] %s: %s%n", f.severity(), f.rule(), f.subject(), f.reason()));
      out.append("        fix: ").append(f.fix()).append('\n');
    }
    return out.toString();
  }

  private static void simulation(StringBuilder out, Simulation s) {
    out.append("Load per access pattern (busiest key against its ceiling):\n");
    for (Simulation.Load l : s.loads()) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %-28s %-12s %-11s %9s req/s  busiest key %9s of %5s units/s (%s)%s%s%n",
              l.pattern(),
              l.target(),
              l.kind(),
              Figures.units(l.perSecond()),
              Figures.units(l.topKeyUnitsPerSecond()),
              Figures.units(l.ceiling()),
              Figures.percent(l.ceilingShare()),
              l.throttledKeys() > 0
                  ? ", " + Figures.count(l.throttledKeys()) + " keys throttle"
                  : "",
              l.scan() ? ", SCAN" : l.shards() > 1 ? ", sharded " + l.shards() + " ways" : ""));
      out.append("      keys: ").append(l.distribution()).append('\n');
    }
    out.append(
        String.format(
            Locale.ROOT,
            "Table: %s read units/s, %s write units/s, about %d physical partitions%n",
            Figures.units(s.readUnitsPerSecond()),
            Figures.units(s.writeUnitsPerSecond()),
            s.partitions()));
    Simulation.StoragePoint first = s.storage().get(0);
    Simulation.StoragePoint last = s.storage().get(s.storage().size() - 1);
    out.append(
        String.format(
            Locale.ROOT,
            "Storage: %s after a month, %s after a year (largest item collection %s)%n",
            Figures.bytes(first.bytes()),
            Figures.bytes(last.bytes()),
            Figures.bytes(last.largestCollectionBytes())));
    out.append(
        String.format(
            Locale.ROOT,
            "Monthly cost: on-demand %s, provisioned %s, storage %s%n%n",
            Figures.dollars(s.cost().onDemand()),
            Figures.dollars(s.cost().provisioned()),
            Figures.dollars(s.cost().storage())));
  }

  private static void analysis(StringBuilder out, Analysis a) {
    out.append(
        String.format(
            Locale.ROOT,
            "Table %s: %s items, %s (read with %s read units)%n",
            a.table(),
            Figures.count(a.items()),
            Figures.bytes(a.bytes()),
            Figures.units(a.consumedReadUnits())));
    for (Analysis.KeySpread k : a.keys()) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %s (%s): %s keys; items per key p50 %d, p99 %d, max %d; bytes p50 %s, p99 %s,"
                  + " max %s%n",
              k.target(),
              String.join(", ", k.attributes()),
              Figures.count(k.keys()),
              k.itemsP50(),
              k.itemsP99(),
              k.itemsMax(),
              Figures.bytes(k.bytesP50()),
              Figures.bytes(k.bytesP99()),
              Figures.bytes(k.bytesMax())));
      for (Analysis.Collection c : k.largest()) {
        out.append(
            String.format(
                Locale.ROOT,
                "      largest: %-30s %8d items %10s  %s of the bytes%n",
                c.key(),
                c.items(),
                Figures.bytes(c.bytes()),
                Figures.percent(c.share())));
      }
    }
    out.append("  item sizes:");
    a.itemSizes()
        .forEach(b -> out.append(' ').append(b.label()).append(": ").append(b.count()).append(';'));
    out.append('\n');
    if (a.hotKeysUnavailable() != null) {
      out.append("  hot keys: ").append(a.hotKeysUnavailable()).append('\n');
    } else {
      out.append("  hottest keys (engine statistics):\n");
      for (Analysis.HotKey h : a.hotKeys()) {
        out.append(
            String.format(
                Locale.ROOT,
                "      %-10s %-30s read %s units (peak %s/s, %s of 3000), write %s units (peak"
                    + " %s/s, %s of 1000), %d throttled%n",
                h.index(),
                h.key(),
                Figures.units(h.consumedReadUnits()),
                Figures.units(h.peakReadUnitsPerSecond()),
                Figures.percent(h.readCeilingShare()),
                Figures.units(h.consumedWriteUnits()),
                Figures.units(h.peakWriteUnitsPerSecond()),
                Figures.percent(h.writeCeilingShare()),
                h.throttledRequests()));
      }
    }
    out.append('\n');
  }
}

package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.internal.Design.Index;
import dev.dynakit.advisor.internal.Design.Projection;
import dev.dynakit.advisor.internal.Design.Sparseness;
import dev.dynakit.advisor.internal.Traffic.TrafficPattern;
import java.util.Locale;

/**
 * The index rules: LSIs ({@code lsi}), each GSI's write amplification ({@code
 * gsi-write-amplification}), {@code ALL} projections where keys-only with an indirect read is
 * cheaper ({@code all-projection}) and sparse indices without a predicate ({@code
 * sparse-without-predicate}).
 */
final class IndexRules {
  static final String LSI = "lsi";
  static final String AMPLIFICATION = "gsi-write-amplification";
  static final String ALL_PROJECTION = "all-projection";
  static final String SPARSE = "sparse-without-predicate";
  private static final double HEAVY_FACTOR = 4;

  private IndexRules() {}

  static void check(LintContext c) {
    double bytes = c.itemBytes();
    double base = Math.ceil(bytes / 1024);
    double total = 1;
    for (Index index : c.design().indices()) {
      if (!index.global()) {
        c.add(
            LSI,
            Severity.WARNING,
            "index " + index.name(),
            "an LSI exists only from table creation, and each partition key's item collection"
                + " (items and LSI copies) is then capped at 10 GB",
            "keep it if the order it gives inside a partition is needed and no collection nears"
                + " 10 GB; otherwise prefer a GSI with the same partition key");
      }
      if (index.sparse() == Sparseness.UNSTATED && !predicateByTemplates(c, index)) {
        c.add(
            SPARSE,
            Severity.WARNING,
            "index " + index.name(),
            "it is declared sparse but nothing says which items set its key, so what it lists"
                + " depends on every writer remembering",
            "declare \"sparse\": {\"when\": {...}} with the condition the listed items meet");
      }
      if (!index.global()) {
        continue;
      }
      double factor = copyUnits(index, bytes) / base;
      total += factor;
      c.add(
          AMPLIFICATION,
          Severity.INFO,
          "index " + index.name(),
          String.format(
              Locale.ROOT,
              "each base write of an item it holds adds %.2f times its write units (%s"
                  + " projection, %s items)%s",
              factor,
              index.projection().name().toLowerCase(Locale.ROOT).replace('_', '-'),
              Figures.bytes(bytes),
              index.sparse() != Sparseness.NONE ? "; only the items it lists pay it" : ""),
          "project only what its reads need; KEYS_ONLY with an indirect read for large items");
      allProjection(c, index, bytes);
    }
    if (total >= HEAVY_FACTOR) {
      c.add(
          AMPLIFICATION,
          Severity.WARNING,
          "table " + c.design().table(),
          String.format(
              Locale.ROOT,
              "a write to an item every GSI holds costs %.1f times a plain write",
              total),
          "drop or narrow the indices whose access patterns do not pay for their writes");
    }
  }

  private static double copyUnits(Index index, double bytes) {
    return switch (index.projection()) {
      case ALL -> Math.ceil(bytes / 1024);
      case KEYS_ONLY -> 1;
      case INCLUDE ->
          Math.ceil(Math.min(bytes, Simulator.KEY_BYTES * (1 + index.included().size())) / 1024);
    };
  }

  /**
   * {@code ALL} against {@code KEYS_ONLY} plus an indirect read, both in capacity units per second
   * from the traffic model: the first pays every write in full, the second pays every read twice.
   */
  private static void allProjection(LintContext c, Index index, double bytes) {
    Traffic traffic = c.traffic();
    if (index.projection() != Projection.ALL || traffic == null) {
      return;
    }
    double all = 0;
    double keysOnly = 0;
    double items = 0;
    for (TrafficPattern p : traffic.patterns()) {
      double size = p.itemBytes() > 0 ? p.itemBytes() : bytes;
      if (p.write()) {
        all += p.perSecond() * Math.ceil(size / 1024);
        keysOnly += p.perSecond();
      } else if (index.name().equals(p.index())) {
        items += p.perSecond() * p.itemsPerRead();
        all += p.perSecond() * Math.ceil(p.itemsPerRead() * size / 4096) * 0.5;
        keysOnly +=
            p.perSecond()
                * (Math.ceil(p.itemsPerRead() * Simulator.KEY_BYTES / 4096)
                    + p.itemsPerRead() * Math.ceil(size / 4096))
                * 0.5;
      }
    }
    if (keysOnly < all) {
      c.add(
          ALL_PROJECTION,
          Severity.WARNING,
          "index " + index.name(),
          String.format(
              Locale.ROOT,
              "its ALL projection costs %s units/s against %s for KEYS_ONLY with an indirect read"
                  + " of the %s items/s it returns",
              Figures.units(all),
              Figures.units(keysOnly),
              Figures.units(items)),
          "declare \"projection\": \"keys-only\" and \"indirect\": true");
    }
  }

  private static boolean predicateByTemplates(LintContext c, Index index) {
    return !index.partitionKey().isEmpty()
        && index.partitionKey().stream().allMatch(c::conditional);
  }
}

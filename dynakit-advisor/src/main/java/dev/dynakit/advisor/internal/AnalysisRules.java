package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules over a live table's figures: too many items per partition at the 99th percentile
 * ({@code partition-p99-items}), an item collection nearing 10 GB under an LSI ({@code
 * collection-10gb}) and keys near or past their ceiling ({@code hot-key}).
 */
public final class AnalysisRules {
  static final String P99_ITEMS = "partition-p99-items";
  static final String HOT_KEY = "hot-key";
  private static final long P99_LIMIT = 10_000;
  private static final double NEAR = 0.8;
  private static final double TEN_GB = 10.0 * (1L << 30);

  private AnalysisRules() {}

  /** The findings on {@code analysis} of a table declared as {@code design}. */
  public static List<Finding> check(Design design, Analysis analysis) {
    List<Finding> findings = new ArrayList<>();
    boolean lsi = design.indices().stream().anyMatch(i -> !i.global());
    for (Analysis.KeySpread spread : analysis.keys()) {
      String subject = spread.target() + " key " + String.join(", ", spread.attributes());
      if (spread.itemsP99() > P99_LIMIT) {
        findings.add(
            new Finding(
                P99_ITEMS,
                Severity.WARNING,
                subject,
                "99 % of its values hold up to "
                    + spread.itemsP99()
                    + " items, past the 10,000 where one value's reads become a hot list",
                "shard the partition key (user#<hash(id) % 16>) or move part of the list to a"
                    + " GSI"));
      }
      if (lsi && spread.target().equals("table") && spread.bytesMax() > NEAR * TEN_GB) {
        findings.add(
            new Finding(
                LoadRules.COLLECTION,
                spread.bytesMax() > TEN_GB ? Severity.ERROR : Severity.WARNING,
                subject,
                "its largest item collection holds "
                    + Figures.bytes(spread.bytesMax())
                    + ", against the 10 GB an LSI allows",
                "replace the LSI by a GSI, or spread that key's items over more values"));
      }
    }
    for (Analysis.HotKey hot : analysis.hotKeys()) {
      double share = Math.max(hot.readCeilingShare(), hot.writeCeilingShare());
      if (share >= NEAR || hot.throttledRequests() > 0) {
        findings.add(
            new Finding(
                HOT_KEY,
                share > 1 || hot.throttledRequests() > 0 ? Severity.ERROR : Severity.WARNING,
                hot.index() + " key " + hot.key(),
                String.format(
                    Locale.ROOT,
                    "its peak took %.0f %% of its partition's ceiling (%d requests throttled)",
                    share * 100,
                    hot.throttledRequests()),
                "shard the key, cache its reads, or spread its writes in time"));
      }
    }
    return findings;
  }
}

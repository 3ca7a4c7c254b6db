package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import java.util.ArrayList;
import java.util.List;

/** The analysis part of the HTML report: the partition-size histograms and the hot keys. */
final class AnalysisCharts {
  private AnalysisCharts() {}

  static void write(StringBuilder out, Analysis a) {
    out.append("<h2>Analysis</h2>\n");
    for (Analysis.KeySpread k : a.keys()) {
      List<String> labels = new ArrayList<>();
      List<Double> counts = new ArrayList<>();
      for (Analysis.SizeBucket b : k.collectionSizes()) {
        labels.add(b.label());
        counts.add((double) b.count());
      }
      out.append(
          SvgCharts.bars(
              "partition-sizes-" + k.target(),
              "Partition sizes of "
                  + k.target()
                  + " ("
                  + String.join(", ", k.attributes())
                  + "): keys per size",
              labels,
              counts,
              null,
              "keys"));
    }
    List<String> labels = new ArrayList<>();
    List<Double> shares = new ArrayList<>();
    for (Analysis.HotKey h : a.hotKeys()) {
      labels.add(h.index() + " " + h.key());
      shares.add(Math.max(h.readCeilingShare(), h.writeCeilingShare()) * 100);
    }
    if (!labels.isEmpty()) {
      out.append(
          SvgCharts.bars(
              "hot-keys", "Hottest keys, peak % of their ceiling", labels, shares, 100.0, "%"));
    }
  }
}

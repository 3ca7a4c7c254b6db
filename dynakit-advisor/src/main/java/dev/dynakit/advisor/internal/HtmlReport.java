package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Simulation;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The report as one HTML page with its style and SVG charts inline: it opens from a file with no
 * network. Charts: the partition-size histogram, hot keys against their ceiling, load against the
 * ceiling per pattern, and the cost comparison, each where the report has the figures.
 */
public final class HtmlReport {
  private static final String STYLE =
      "body{font:14px/1.4 sans-serif;margin:2em;color:#222}h1{font-size:1.5em}"
          + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
          + "padding:4px 8px;text-align:left;vertical-align:top}"
          + ".ERROR{color:#b00020;font-weight:bold}.WARNING{color:#a15c00;font-weight:bold}"
          + ".INFO{color:#555}svg.chart{display:block;margin:1em 0}"
          + "svg .title{font-weight:bold;font-size:14px}svg .label,svg .value{font-size:12px}"
          + "svg .bar{fill:#4a78c2}svg .bar.over{fill:#c2414a}"
          + "svg .ceiling{stroke:#222;stroke-dasharray:4 3}pre{white-space:pre-wrap}";

  private HtmlReport() {}

  /** The page's text. */
  public static String write(
      String table,
      List<Finding> findings,
      @Nullable Simulation simulation,
      @Nullable Analysis analysis) {
    StringBuilder out = new StringBuilder();
    out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>Dynakit advisor: ")
        .append(Html.escape(table))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>\n<h1>Key-design report: ")
        .append(Html.escape(table))
        .append("</h1>\n");
    findings(out, findings);
    if (analysis != null) {
      AnalysisCharts.write(out, analysis);
    }
    if (simulation != null) {
      simulation(out, simulation);
    }
    out.append("<pre id=\"text\">")
        .append(Html.escape(TextReport.write(table, findings, simulation, analysis)))
        .append("</pre>\n</body></html>\n");
    return out.toString();
  }

  private static void findings(StringBuilder out, List<Finding> findings) {
    out.append("<h2>Findings (").append(findings.size()).append(")</h2>\n");
    if (findings.isEmpty()) {
      out.append("<p>None: the design follows every rule.</p>\n");
      return;
    }
    out.append(
        "<table id=\"findings\"><tr><th>severity</th><th>rule</th><th>subject</th>"
            + "<th>why</th><th>fix</th></tr>\n");
    for (Finding f : findings) {
      out.append("<tr><td class=\"")
          .append(f.severity())
          .append("\">")
          .append(f.severity())
          .append("</td><td>")
          .append(Html.escape(f.rule()))
          .append("</td><td>")
          .append(Html.escape(f.subject()))
          .append("</td><td>")
          .append(Html.escape(f.reason()))
          .append("</td><td>")
          .append(Html.escape(f.fix()))
          .append("</td></tr>\n");
    }
    out.append("</table>\n");
  }

  private static void simulation(StringBuilder out, Simulation s) {
    out.append("<h2>Simulation</h2>\n");
    List<String> labels = new ArrayList<>();
    List<Double> shares = new ArrayList<>();
    Simulation.Load worst = null;
    for (Simulation.Load l : s.loads()) {
      labels.add(l.pattern() + (l.target().equals("table") ? "" : " @" + l.target()));
      shares.add(l.scan() ? 0 : l.ceilingShare() * 100);
      if (!l.scan() && (worst == null || l.ceilingShare() > worst.ceilingShare())) {
        worst = l;
      }
    }
    out.append(
        SvgCharts.bars(
            "load-vs-ceiling",
            "Busiest key's load per pattern, % of its ceiling",
            labels,
            shares,
            100.0,
            "%"));
    if (worst != null && !worst.topKeysUnitsPerSecond().isEmpty()) {
      List<String> ranks = new ArrayList<>();
      for (int i = 0; i < worst.topKeysUnitsPerSecond().size(); i++) {
        ranks.add(worst.pattern() + " key #" + (i + 1));
      }
      out.append(
          SvgCharts.bars(
              "hot-keys",
              "Hottest keys of " + worst.pattern() + " against their ceiling (units/s)",
              ranks,
              worst.topKeysUnitsPerSecond(),
              worst.ceiling(),
              "units/s"));
    }
    if (!s.partitionSizes().isEmpty()) {
      List<String> buckets = new ArrayList<>();
      List<Double> keys = new ArrayList<>();
      s.partitionSizes()
          .forEach(
              b -> {
                buckets.add(b.label());
                keys.add((double) b.count());
              });
      out.append(
          SvgCharts.bars(
              "partition-sizes",
              "Partition sizes after a year: partition-key values per size",
              buckets,
              keys,
              null,
              "keys"));
    }
    out.append(
        SvgCharts.bars(
            "cost",
            "Monthly cost (US$)",
            List.of("on-demand", "provisioned", "storage"),
            List.of(s.cost().onDemand(), s.cost().provisioned(), s.cost().storage()),
            null,
            "$"));
    List<String> months = new ArrayList<>();
    List<Double> gigabytes = new ArrayList<>();
    for (Simulation.StoragePoint p : s.storage()) {
      months.add("month " + p.month());
      gigabytes.add(p.bytes() / (1024.0 * 1024 * 1024));
    }
    out.append(SvgCharts.bars("storage", "Storage growth (GB)", months, gigabytes, null, "GB"));
  }
}

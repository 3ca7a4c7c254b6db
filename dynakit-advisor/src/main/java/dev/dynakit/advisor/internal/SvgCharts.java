package dev.dynakit.advisor.internal;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Horizontal bar charts as inline SVG: no script, no font files, nothing fetched. */
final class SvgCharts {
  private static final int WIDTH = 720;
  private static final int LABEL = 230;
  private static final int ROW = 24;

  private SvgCharts() {}

  /**
   * A bar per label, scaled to the largest value (or to the marker when larger); {@code marker}
   * draws a vertical line there (a ceiling), null for none.
   */
  static String bars(
      String id,
      String title,
      List<String> labels,
      List<Double> values,
      @Nullable Double marker,
      String unit) {
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (marker != null) {
      max = Math.max(max, marker);
    }
    max = max <= 0 ? 1 : max * 1.1;
    int height = 30 + ROW * labels.size() + 10;
    double span = WIDTH - LABEL - 90;
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg id=\"%s\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\""
                + " height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n",
            id,
            WIDTH,
            height,
            WIDTH,
            height,
            Html.escape(title)));
    svg.append(
        String.format(
            Locale.ROOT, "<text x=\"0\" y=\"16\" class=\"title\">%s</text>%n", Html.escape(title)));
    for (int i = 0; i < labels.size(); i++) {
      double value = values.get(i);
      int y = 30 + i * ROW;
      double w = Math.max(1, value / max * span);
      boolean over = marker != null && value > marker;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" class=\"label\" text-anchor=\"end\">%s</text>"
                  + "<rect class=\"bar%s\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" class=\"value\">%s %s</text>%n",
              LABEL - 6,
              y + 15,
              Html.escape(labels.get(i)),
              over ? " over" : "",
              LABEL,
              y + 3,
              w,
              ROW - 6,
              LABEL + w + 4,
              y + 15,
              value == Math.rint(value) ? Figures.count(value) : Figures.units(value),
              Html.escape(unit)));
    }
    if (marker != null) {
      double x = LABEL + marker / max * span;
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"ceiling\" x1=\"%.1f\" y1=\"24\" x2=\"%.1f\" y2=\"%d\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" class=\"value\">ceiling %s</text>%n",
              x,
              x,
              height - 6,
              x + 3,
              height - 2,
              Figures.units(marker)));
    }
    return svg.append("</svg>\n").toString();
  }
}

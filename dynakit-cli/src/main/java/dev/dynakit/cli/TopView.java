package dev.dynakit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** The terminal page of {@code dynakit top}: one line per hot key, busiest first per table. */
final class TopView {
  private static final String FORMAT = "%-20s %-14s %-24s %9s %7s %9s %7s %9s%n";

  private TopView() {}

  /**
   * @param prefix what starts the page (the ANSI clear of a refreshing view, or nothing)
   * @param tables DescribeKeyStatistics answers
   */
  static String render(String prefix, String endpoint, int window, JsonNode tables) {
    StringBuilder page = new StringBuilder(prefix);
    page.append(
        String.format(
            Locale.ROOT,
            "dynakit top  %s  last %d s  %s%n%n",
            endpoint,
            window,
            Instant.now().truncatedTo(ChronoUnit.SECONDS)));
    page.append(
        String.format(
            Locale.ROOT,
            FORMAT,
            "TABLE",
            "INDEX",
            "PARTITION KEY",
            "PEAK WCU",
            "OF 1000",
            "PEAK RCU",
            "OF 3000",
            "THROTTLED"));
    int lines = 0;
    for (JsonNode t : tables) {
      for (JsonNode k : t.path("Keys")) {
        lines++;
        page.append(
            String.format(
                Locale.ROOT,
                FORMAT,
                clip(t.path("TableName").asText(), 20),
                clip(k.path("IndexName").isNull() ? "-" : k.path("IndexName").asText(), 14),
                clip(keyText(k.path("PartitionKey")), 24),
                units(k.path("PeakWriteUnitsPerSecond").asDouble()),
                percent(k.path("WriteCeilingShare").asDouble()),
                units(k.path("PeakReadUnitsPerSecond").asDouble()),
                percent(k.path("ReadCeilingShare").asDouble()),
                k.path("ThrottledRequests").asLong()));
      }
    }
    if (lines == 0) {
      page.append(String.format(Locale.ROOT, "(no key used in the last %d s)%n", window));
    }
    return page.toString();
  }

  /** An AttributeValue as its bare value for S, N and B; else its JSON. */
  static String keyText(JsonNode value) {
    for (String type : new String[] {"S", "N", "B"}) {
      if (value.size() == 1 && value.has(type)) {
        return value.get(type).asText();
      }
    }
    return value.toString();
  }

  private static String units(double u) {
    return String.format(Locale.ROOT, "%.1f", u);
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.1f%%", share * 100);
  }

  private static String clip(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1) + "…";
  }
}

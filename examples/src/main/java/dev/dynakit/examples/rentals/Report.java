package dev.dynakit.examples.rentals;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Prints the access patterns: a numbered title, then each call as code and its result.
 *
 * <pre>
 * 3. Everything under a city
 *    rentals.listUnder({state: "TX", city: "Dallas"}, limit 3)
 *    -&gt; 37 in all, the first 3:
 *         TX|Dallas|r0004 {status: "booked", pickupAt: "2026-06-12T09:00"}
 * </pre>
 */
final class Report {
  private static final String CALL = "   ";
  private static final String RESULT = "   -> ";
  private static final String MORE = "        ";

  private final PrintWriter out;
  private int patterns;

  Report(PrintWriter out) {
    this.out = out;
  }

  void pattern(String title) {
    patterns++;
    out.println();
    out.println(patterns + ". " + title);
    out.flush();
  }

  void call(String code) {
    out.println(CALL + code);
  }

  void result(String text) {
    out.println(RESULT + text);
    out.flush();
  }

  /** A page of items: how many there are (when known), then one line per item. */
  void items(
      List<Map<String, Object>> items,
      @Nullable Long total,
      Function<Map<String, Object>, String> line) {
    String head =
        total == null
            ? items.size() + (items.size() == 1 ? " item:" : " items:")
            : total + " in all, " + (items.isEmpty() ? "none on this page" : "this page:");
    result(items.isEmpty() && total == null ? "no items" : head);
    for (Map<String, Object> item : items) {
      out.println(MORE + line.apply(item));
    }
    out.flush();
  }

  /** How many patterns were printed. */
  int patterns() {
    return patterns;
  }
}

package dev.dynakit.examples.rentals;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.CursorPage;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.OffsetPage;
import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.FilterOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lists as an application pages through them: filter clauses from the declared allowlist with
 * offset, limit and total; text search over the searchable fields; opaque cursors.
 */
final class ListPatterns {
  private final Adapter rentals;
  private final ItemText text;
  private final Report report;

  ListPatterns(Stage stage) {
    this.rentals = stage.rentals();
    this.text = stage.text();
    this.report = stage.report();
  }

  void run() {
    filteredPage();
    search();
    cursorPaging();
  }

  private void filteredPage() {
    report.pattern("Filters, offset and limit, with the total: Toyotas in California under $60");
    report.call(
        "rentals.list(rentals.buildKey({state: \"CA\"}), filter make eq \"Toyota\", dailyRate lt"
            + " 60, offset 3, limit 3)");
    OffsetPage page =
        rentals.list(
            ListOptions.builder()
                .keyCondition(rentals.buildKey(Map.of("state", "CA")))
                .filter(
                    FilterClause.of("make", FilterOp.EQ, "Toyota"),
                    FilterClause.of("dailyRate", FilterOp.LT, 60))
                .offset(3)
                .limit(3)
                .build());
    report.items(
        page.items(), page.total(), item -> text.brief(item, "make", "model", "dailyRate"));
  }

  private void search() {
    report.pattern("Search: the searchable fields (customer, model) contain a text");
    report.call("rentals.list(search \"garcia\", limit 3)");
    OffsetPage page = rentals.list(ListOptions.builder().search("garcia").limit(3).build());
    report.items(page.items(), page.total(), item -> text.brief(item, "customer", "status"));
  }

  private void cursorPaging() {
    report.pattern("Cursor paging: a city's rentals, 10 at a time");
    report.call(
        "rentals.listByCursor(cursor, rentals.buildKey({state: \"TX\", city: \"Houston\"}),"
            + " limit 10), until the cursor is null");
    ListOptions options =
        ListOptions.builder()
            .keyCondition(rentals.buildKey(Map.of("state", "TX", "city", "Houston")))
            .limit(10)
            .build();
    String cursor = null;
    int number = 0;
    do {
      CursorPage page = rentals.listByCursor(cursor, options);
      number++;
      cursor = page.cursor();
      report.result(
          "page "
              + number
              + ": "
              + rentalIds(page.items())
              + (cursor == null ? " (last page)" : "; next cursor " + abbreviated(cursor)));
    } while (cursor != null);
  }

  /** The cursor is opaque and long; its end differs from page to page. */
  private static String abbreviated(String cursor) {
    return cursor.length() <= 16
        ? "\"" + cursor + "\""
        : "\"" + cursor.substring(0, 6) + "..." + cursor.substring(cursor.length() - 6) + "\"";
  }

  private static String rentalIds(List<Map<String, Object>> items) {
    List<String> ids = new ArrayList<>();
    for (Map<String, Object> item : items) {
      ids.add(String.valueOf(item.get("rental")));
    }
    return items.size() + (items.size() == 1 ? " item " : " items ") + String.join(" ", ids);
  }
}

package dev.dynakit.examples.rentals;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.OffsetPage;
import java.util.Map;

/**
 * Reads through the declared indices: a sparse, keys-only, indirect GSI with a multi-attribute sort
 * key (available rentals of a city by date), an LSI that sorts a state's rentals by date, and a GSI
 * that projects a few fields (one car's history).
 */
final class IndexPatterns {
  private final Stage stage;
  private final Adapter rentals;
  private final ItemText text;
  private final Report report;

  IndexPatterns(Stage stage) {
    this.stage = stage;
    this.rentals = stage.rentals();
    this.text = stage.text();
    this.report = stage.report();
  }

  void run() {
    availableInACity();
    latestPickupsInAState();
    oneCarsHistory();
  }

  private void availableInACity() {
    report.pattern(
        "Available rentals of a city by pickup date: GSI byStatus (status; state, city, pickupAt),"
            + " keys-only, read back from the table");
    Map<String, Object> key = Stage.map("status", "available", "state", "TX", "city", "Dallas");
    report.call(
        "rentals.list(index \"byStatus\", rentals.keyConditions(\"byStatus\").children("
            + ItemText.inOrder(key)
            + "), limit 5)");
    OffsetPage page =
        rentals.list(
            ListOptions.builder()
                .index("byStatus")
                .keyCondition(rentals.keyConditions("byStatus").children(key))
                .limit(5)
                .build());
    report.items(
        page.items(), page.total(), item -> text.brief(item, "pickupAt", "status", "model"));
  }

  private void latestPickupsInAState() {
    report.pattern("The latest pickups in a state: LSI byPickup, descending");
    report.call(
        "rentals.list(sortBy \"pickupAt\", descending,"
            + " rentals.keyConditions(\"byPickup\").children({state: \"CA\"}), limit 4)");
    OffsetPage page =
        rentals.list(
            ListOptions.builder()
                .sortBy("pickupAt")
                .descending()
                .keyCondition(rentals.keyConditions("byPickup").children(Map.of("state", "CA")))
                .limit(4)
                .build());
    report.items(page.items(), page.total(), item -> text.brief(item, "pickupAt", "status"));
  }

  private void oneCarsHistory() {
    Object vin = rentals.getByKey(stage.sample()).orElseThrow().get("vin");
    report.pattern("One car's rentals: GSI byCar (vin; pickupAt), projecting a few fields");
    report.call(
        "rentals.list(index \"byCar\", rentals.keyConditions(\"byCar\").children({vin: "
            + ItemText.value(vin)
            + "}), limit 4)");
    OffsetPage page =
        rentals.list(
            ListOptions.builder()
                .index("byCar")
                .keyCondition(rentals.keyConditions("byCar").children(Map.of("vin", vin)))
                .limit(4)
                .build());
    report.items(
        page.items(), page.total(), item -> text.brief(item, "pickupAt", "model", "status"));
  }
}

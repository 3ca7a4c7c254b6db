package dev.dynakit.examples.rentals;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.OffsetPage;
import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.FilterOp;
import java.util.List;
import java.util.Map;

/**
 * Reads along the hierarchy: one item by its key, subtrees under a partial key (children; self and
 * children), and the type labels that say what sits at each depth.
 */
final class TreePatterns {
  private final Stage stage;
  private final Adapter rentals;
  private final ItemText text;
  private final Report report;

  TreePatterns(Stage stage) {
    this.stage = stage;
    this.rentals = stage.rentals();
    this.text = stage.text();
    this.report = stage.report();
  }

  void run() {
    getOne();
    citiesOfAState();
    everythingUnderACity();
    selfAndChildren();
    typeLabels();
  }

  private void getOne() {
    Map<String, Object> key = stage.sample();
    report.pattern("Get one rental by its key");
    report.call("rentals.getByKey(" + text.key(key) + ")");
    report.result(rentals.getByKey(key).map(text::full).orElse("no item"));
  }

  private void citiesOfAState() {
    report.pattern("The cities of a state: a subtree query, narrowed by the type field");
    report.call("rentals.listUnder({state: \"TX\"}, filter kind eq \"city\")");
    OffsetPage page =
        rentals.listUnder(
            Map.of("state", "TX"),
            ListOptions.builder().filter(FilterClause.of("kind", FilterOp.EQ, "city")).build());
    report.items(page.items(), page.total(), item -> text.brief(item, "airport"));
  }

  private void everythingUnderACity() {
    report.pattern("Everything under a city: its children, in key order");
    report.call("rentals.listUnder({state: \"TX\", city: \"Dallas\"}, limit 5)");
    OffsetPage page =
        rentals.listUnder(
            Map.of("state", "TX", "city", "Dallas"), ListOptions.builder().limit(5).build());
    report.items(
        page.items(), page.total(), item -> text.brief(item, "status", "pickupAt", "model"));
  }

  private void selfAndChildren() {
    report.pattern("A city and its children: self + children in one query");
    report.call(
        "rentals.list(keyCondition rentals.keyConditions().selfAndChildren({state: \"TX\","
            + " city: \"Austin\"}), limit 4)");
    OffsetPage page =
        rentals.list(
            ListOptions.builder()
                .keyCondition(
                    rentals
                        .keyConditions()
                        .selfAndChildren(Map.of("state", "TX", "city", "Austin")))
                .limit(4)
                .build());
    report.items(page.items(), page.total(), item -> text.brief(item, "kind", "airport", "status"));
  }

  private void typeLabels() {
    report.pattern("Type labels: what an item is, from its depth in the hierarchy");
    for (Map<String, Object> key :
        List.of(
            Stage.map("state", "TX"), Stage.map("state", "TX", "city", "Dallas"), stage.sample())) {
      report.call("rentals.typeOf(" + text.key(key) + ")");
      report.result(ItemText.value(rentals.typeOf(key)));
    }
  }
}

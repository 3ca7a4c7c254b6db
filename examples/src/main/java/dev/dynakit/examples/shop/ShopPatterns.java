package dev.dynakit.examples.shop;

import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.entity.EntityItem;
import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.entity.PatternPage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shop's reads: the profile by its key, then every declared access pattern in one request each;
 * and two writes that show the design at work (an order leaving the sparse review queue, a repeated
 * vote landing on its own shard).
 */
final class ShopPatterns {
  private final EntityTable shop;
  private final ShopData data;
  private final ShopReport report;
  private final String typeField;

  ShopPatterns(EntityTable shop, ShopData data, ShopReport report) {
    this.shop = shop;
    this.data = data;
    this.report = report;
    this.typeField = String.valueOf(shop.spec().typeField());
  }

  void run() {
    profile();
    customerWithOrders();
    recentOrders();
    itemsOfOrder();
    ordersByStatus();
    reviewQueue();
    leavingTheQueue();
    votersOfItem();
    voteCount();
    votingAgain();
  }

  private void profile() {
    report.pattern("A customer's profile: GetItem on CUSTOMER#c42 / PROFILE");
    report.call("shop.entity(\"customer\").get({customerId: \"c42\"})");
    report.result(
        shop.entity("customer")
            .get(Map.of("customerId", "c42"))
            .map(item -> ShopReport.line(item, typeField))
            .orElse("no item"));
  }

  private void customerWithOrders() {
    report.pattern(
        "A customer with their orders, pre-joined: one Query over the item collection"
            + " CUSTOMER#c42");
    PatternPage page = pattern("customerWithOrders", args("customerId", "c42"), 0);
    report.result(
        "grouped: page.of(\"customer\") has "
            + page.of("customer").size()
            + ", page.of(\"order\") "
            + page.of("order").size());
  }

  private void recentOrders() {
    report.pattern(
        "A customer's orders, newest first: Query begins_with(SK, \"ORDER#\"), backwards");
    pattern("recentOrdersOfCustomer", args("customerId", "c42"), 3);
  }

  private void itemsOfOrder() {
    report.pattern("The lines of an order: Query on ORDER#o981, SK ITEM#0001, ITEM#0002, ...");
    pattern("itemsOfOrder", args("orderId", "o981"), 0);
  }

  private void ordersByStatus() {
    report.pattern("Shipped orders by date: Query on the overloaded GSI1, GSI1PK = STATUS#SHIPPED");
    pattern("ordersByStatus", args("status", "SHIPPED"), 5);
  }

  private void reviewQueue() {
    report.pattern(
        "The review queue: Query on the sparse GSI2 (only orders with needsReview hold GSI2PK),"
            + " keys-only, read back from the table");
    pattern("reviewQueue", args(), 0);
  }

  private void leavingTheQueue() {
    Map<String, Object> first = data.reviewQueue().get(0);
    Map<String, Object> key =
        args(
            "customerId",
            first.get("customerId"),
            "orderDate",
            first.get("orderDate"),
            "orderId",
            first.get("orderId"));
    report.pattern("The queue follows every write: a patch clears needsReview, the order leaves");
    report.call(
        "shop.entity(\"order\").patch("
            + ShopReport.args(key)
            + ", Patch.of({needsReview: false}))");
    shop.entity("order").patch(key, Patch.of(Map.of("needsReview", false)));
    pattern("reviewQueue", args(), 0);
  }

  private void votersOfItem() {
    report.pattern(
        "Who voted for item42: a Query on each of the 10 shards VOTES#item42#0..9, merged in SK"
            + " order; a page of 5, then the next from its cursor");
    PatternPage first = pattern("votersOfItem", args("itemId", ShopData.HOT_ITEM), 5);
    report.call(
        "shop.pattern(\"votersOfItem\", {itemId: \""
            + ShopData.HOT_ITEM
            + "\"}, 5, page.cursor())");
    PatternPage next =
        shop.pattern("votersOfItem", args("itemId", ShopData.HOT_ITEM), 5, first.cursor());
    report.items(fields(next), typeField);
  }

  private void voteCount() {
    report.pattern("How many voted for item42: Select COUNT on each shard, added up");
    count();
  }

  private void votingAgain() {
    report.pattern(
        "A voter who votes again lands on the same shard (by: voter) and replaces the vote");
    Map<String, Object> vote = args("itemId", ShopData.HOT_ITEM, "voter", "v001");
    report.call(
        "shop.entity(\"vote\").put(" + ShopReport.args(vote) + ", WriteOptions.overwriting())");
    shop.entity("vote").put(vote, WriteOptions.overwriting());
    count();
  }

  private void count() {
    report.call("shop.count(\"voteCount\", {itemId: \"" + ShopData.HOT_ITEM + "\"})");
    report.result(Long.toString(shop.count("voteCount", args("itemId", ShopData.HOT_ITEM))));
  }

  /**
   * Prints and runs one page of a pattern.
   *
   * @param limit the page size, or 0 for the default
   */
  private PatternPage pattern(String name, Map<String, Object> params, int limit) {
    report.call(
        "shop.pattern(\""
            + name
            + "\", "
            + ShopReport.args(params)
            + (limit > 0 ? ", " + limit + ", null" : "")
            + ")");
    PatternPage page =
        limit > 0 ? shop.pattern(name, params, limit, null) : shop.pattern(name, params);
    report.items(fields(page), typeField);
    return page;
  }

  private static List<Map<String, Object>> fields(PatternPage page) {
    List<Map<String, Object>> items = new ArrayList<>();
    for (EntityItem item : page.items()) {
      items.add(item.fields());
    }
    return items;
  }

  private static Map<String, Object> args(Object... namesAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return map;
  }
}

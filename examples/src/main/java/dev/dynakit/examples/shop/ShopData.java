package dev.dynakit.examples.shop;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The shop's data: six customers with their orders (the key-design example's {@code c42} with
 * {@code o981} and {@code o1002} among them), the lines of every order, and votes on two catalogue
 * items, {@code item42} a hot one. A fixed seed makes every run write the same items, so the
 * printed results (and the tests that check them) are stable.
 */
final class ShopData {
  private static final long SEED = 20_260_301L;
  static final String HOT_ITEM = "item42";
  static final int HOT_VOTES = 57;
  static final int OTHER_VOTES = 6;

  private record Product(String sku, int cents) {}

  private static final List<String[]> CUSTOMERS =
      List.of(
          new String[] {"c17", "Ada Lovelace", "ada@example.com", "gold"},
          new String[] {"c23", "Alan Turing", "alan@example.com", "silver"},
          new String[] {"c42", "Grace Hopper", "grace@example.com", "gold"},
          new String[] {"c58", "Maria Garcia", "maria@example.com", "bronze"},
          new String[] {"c64", "Kenji Sato", "kenji@example.com", "silver"},
          new String[] {"c71", "Fatima Khan", "fatima@example.com", "bronze"});
  private static final List<Product> PRODUCTS =
      List.of(
          new Product("KB-101", 4_900),
          new Product("MS-202", 2_450),
          new Product("HD-303", 8_999),
          new Product("CB-404", 1_299),
          new Product("MN-505", 21_900),
          new Product("LP-606", 129_900));
  private static final List<String> STATUSES =
      List.of("PENDING", "PENDING", "SHIPPED", "SHIPPED", "SHIPPED", "DELIVERED", "CANCELLED");

  private final List<Map<String, Object>> customers;
  private final List<Map<String, Object>> orders;
  private final List<Map<String, Object>> orderItems;
  private final List<Map<String, Object>> votes;

  private ShopData(
      List<Map<String, Object>> customers,
      List<Map<String, Object>> orders,
      List<Map<String, Object>> orderItems,
      List<Map<String, Object>> votes) {
    this.customers = Collections.unmodifiableList(customers);
    this.orders = Collections.unmodifiableList(orders);
    this.orderItems = Collections.unmodifiableList(orderItems);
    this.votes = Collections.unmodifiableList(votes);
  }

  /** The same data on every call. */
  static ShopData generate() {
    Random random = new Random(SEED);
    List<Map<String, Object>> customers = new ArrayList<>();
    List<Map<String, Object>> orders = new ArrayList<>();
    List<Map<String, Object>> lines = new ArrayList<>();
    int orderNumber = 1100;
    for (String[] c : CUSTOMERS) {
      customers.add(item("customerId", c[0], "name", c[1], "email", c[2], "tier", c[3]));
      int count = 2 + random.nextInt(4);
      for (int n = 0; n < count; n++) {
        String orderId = "o" + (orderNumber += 1 + random.nextInt(9));
        LocalDate date = LocalDate.of(2026, 3, 1 + random.nextInt(28));
        String status = STATUSES.get(random.nextInt(STATUSES.size()));
        orders.add(order(c[0], orderId, date, status, 1, random, lines));
      }
    }
    // the key-design example's two orders of c42
    orders.add(order("c42", "o981", LocalDate.of(2026, 3, 1), "DELIVERED", 3, random, lines));
    orders.add(order("c42", "o1002", LocalDate.of(2026, 3, 14), "SHIPPED", 3, random, lines));
    List<Map<String, Object>> votes = new ArrayList<>();
    for (int n = 1; n <= HOT_VOTES; n++) {
      votes.add(item("itemId", HOT_ITEM, "voter", String.format("v%03d", n)));
    }
    for (int n = 1; n <= OTHER_VOTES; n++) {
      votes.add(item("itemId", "item7", "voter", String.format("v%03d", 100 + n)));
    }
    return new ShopData(customers, orders, lines, votes);
  }

  /**
   * An order and its lines (at least {@code minLines}); its total is what the lines add up to, and
   * it needs review when it is pending and worth more than 500.
   */
  private static Map<String, Object> order(
      String customerId,
      String orderId,
      LocalDate date,
      String status,
      int minLines,
      Random random,
      List<Map<String, Object>> lines) {
    int lineCount = Math.max(minLines, 1 + random.nextInt(4));
    BigDecimal total = BigDecimal.ZERO;
    for (int line = 1; line <= lineCount; line++) {
      Product product = PRODUCTS.get(random.nextInt(PRODUCTS.size()));
      int qty = 1 + random.nextInt(3);
      BigDecimal price = BigDecimal.valueOf(product.cents(), 2);
      total = total.add(price.multiply(BigDecimal.valueOf(qty)));
      lines.add(
          item("orderId", orderId, "line", line, "sku", product.sku(), "qty", qty, "price", price));
    }
    boolean review = status.equals("PENDING") && total.compareTo(BigDecimal.valueOf(500)) > 0;
    return item(
        "customerId",
        customerId,
        "orderId",
        orderId,
        "orderDate",
        date,
        "status",
        status,
        "total",
        total,
        "needsReview",
        review);
  }

  List<Map<String, Object>> customers() {
    return customers;
  }

  List<Map<String, Object>> orders() {
    return orders;
  }

  List<Map<String, Object>> orderItems() {
    return orderItems;
  }

  List<Map<String, Object>> votes() {
    return votes;
  }

  /** How many items the data writes. */
  int size() {
    return customers.size() + orders.size() + orderItems.size() + votes.size();
  }

  /** The orders of one customer, in load order. */
  List<Map<String, Object>> ordersOf(String customerId) {
    List<Map<String, Object>> found = new ArrayList<>();
    for (Map<String, Object> order : orders) {
      if (order.get("customerId").equals(customerId)) {
        found.add(order);
      }
    }
    return found;
  }

  /** The orders that need a review, in the order of the queue's sort key (date, then id). */
  List<Map<String, Object>> reviewQueue() {
    List<Map<String, Object>> queue = new ArrayList<>();
    for (Map<String, Object> order : orders) {
      if (Boolean.TRUE.equals(order.get("needsReview"))) {
        queue.add(order);
      }
    }
    queue.sort(Comparator.comparing(order -> order.get("orderDate") + "#" + order.get("orderId")));
    return queue;
  }

  /** The lines of one order, by line number. */
  List<Map<String, Object>> linesOf(String orderId) {
    List<Map<String, Object>> found = new ArrayList<>();
    for (Map<String, Object> line : orderItems) {
      if (line.get("orderId").equals(orderId)) {
        found.add(line);
      }
    }
    return found;
  }

  private static Map<String, Object> item(Object... fieldsAndValues) {
    Map<String, Object> item = new LinkedHashMap<>();
    for (int i = 0; i < fieldsAndValues.length; i += 2) {
      item.put((String) fieldsAndValues[i], fieldsAndValues[i + 1]);
    }
    return item;
  }
}

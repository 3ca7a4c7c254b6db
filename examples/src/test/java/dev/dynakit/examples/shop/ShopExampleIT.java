package dev.dynakit.examples.shop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The whole shop example against an in-process engine, once; each test checks the printed result of
 * one step against what the generated data says it must be (which items, of which entity, in which
 * order).
 */
class ShopExampleIT {
  static final ShopData DATA = ShopData.generate();
  static DynakitEngine engine;
  static DynamoDbClient client;
  static String output;
  static int steps;

  @BeforeAll
  static void runTheExample() {
    engine = DynakitEngine.inMemory();
    client = DynakitClients.inProcess(engine);
    StringWriter out = new StringWriter();
    steps = ShopExample.builder(client).out(new PrintWriter(out, true)).build().run();
    output = out.toString();
  }

  @AfterAll
  static void close() {
    client.close();
    engine.close();
  }

  /** The lines of step {@code n}: its title, calls and results. */
  static List<String> step(int n) {
    List<String> lines = output.lines().collect(Collectors.toList());
    int start =
        lines.indexOf(lines.stream().filter(l -> l.startsWith(n + ". ")).findFirst().orElseThrow());
    List<String> block = new ArrayList<>();
    for (int i = start; i < lines.size() && !lines.get(i).isEmpty(); i++) {
      block.add(lines.get(i));
    }
    return block;
  }

  /** The printed items of a step as "entity id", the id found by {@code field}. */
  static List<String> items(int n, String field) {
    Pattern value = Pattern.compile(field + ": \"?([^\",}]+)\"?");
    List<String> found = new ArrayList<>();
    for (String line : step(n)) {
      if (line.startsWith("        ")) {
        Matcher m = value.matcher(line);
        assertThat(m.find()).as(line).isTrue();
        found.add(line.trim().split(" ")[0] + " " + m.group(1));
      }
    }
    return found;
  }

  static String sortKey(Map<String, Object> order) {
    return order.get("orderDate") + "#" + order.get("orderId");
  }

  static List<String> orders(List<Map<String, Object>> orders) {
    return orders.stream().map(o -> "order " + o.get("orderId")).collect(Collectors.toList());
  }

  @Test
  void provisionsWritesAndRunsEveryStep() {
    assertThat(output)
        .contains(
            "Provisioning shop from its declaration:",
            "  + create table shop",
            "Writing 6 customers, 19 orders, ",
            "Done: 10 steps, every access pattern of specs/shop.json in one request each, on 136"
                + " items.");
    assertThat(steps).isEqualTo(10);
  }

  @Test
  void profile_isOneItemOfItsEntity() {
    assertThat(step(1)).hasSize(3);
    assertThat(step(1).get(2))
        .startsWith("   -> customer {")
        .contains("customerId: \"c42\"", "name: \"Grace Hopper\"", "tier: \"gold\"", "_v: 1");
  }

  @Test
  void customerWithOrders_isTheWholeCollection_typedAndInSortKeyOrder() {
    List<String> expected =
        orders(
            DATA.ordersOf("c42").stream()
                .sorted(Comparator.comparing(ShopExampleIT::sortKey))
                .collect(Collectors.toList()));
    expected.add("customer c42");
    List<String> printed = new ArrayList<>();
    for (String line : step(2)) {
      if (line.startsWith("        ")) {
        String type = line.trim().split(" ")[0];
        Matcher m =
            Pattern.compile((type.equals("order") ? "orderId" : "customerId") + ": \"([^\"]+)\"")
                .matcher(line);
        assertThat(m.find()).isTrue();
        printed.add(type + " " + m.group(1));
      }
    }
    assertThat(printed).containsExactlyElementsOf(expected);
    assertThat(step(2))
        .contains("   -> grouped: page.of(\"customer\") has 1, page.of(\"order\") 4");
  }

  @Test
  void recentOrders_newestFirst() {
    List<Map<String, Object>> newest =
        DATA.ordersOf("c42").stream()
            .sorted(Comparator.comparing(ShopExampleIT::sortKey).reversed())
            .limit(3)
            .collect(Collectors.toList());
    assertThat(items(3, "orderId")).containsExactlyElementsOf(orders(newest));
  }

  @Test
  void itemsOfOrder_byPaddedLineNumber() {
    assertThat(items(4, "line")).containsExactly("orderItem 1", "orderItem 2", "orderItem 3");
    assertThat(DATA.linesOf("o981")).hasSize(3);
  }

  @Test
  void ordersByStatus_throughTheOverloadedIndex() {
    List<Map<String, Object>> shipped =
        DATA.orders().stream()
            .filter(o -> o.get("status").equals("SHIPPED"))
            .sorted(Comparator.comparing(ShopExampleIT::sortKey))
            .limit(5)
            .collect(Collectors.toList());
    assertThat(items(5, "orderId")).containsExactlyElementsOf(orders(shipped));
  }

  @Test
  void reviewQueue_holdsOnlyOrdersThatNeedReview_andFollowsAPatch() {
    List<Map<String, Object>> queue = DATA.reviewQueue();
    assertThat(queue).hasSizeGreaterThanOrEqualTo(2);
    assertThat(items(6, "orderId")).containsExactlyElementsOf(orders(queue));
    assertThat(items(7, "orderId"))
        .containsExactlyElementsOf(orders(queue.subList(1, queue.size())));
    assertThat(step(7).get(1)).contains("orderId: \"" + queue.get(0).get("orderId") + "\"");
  }

  @Test
  void votersOfItem_mergesTheShardsInSortKeyOrder_acrossTheCursor() {
    assertThat(items(8, "voter"))
        .containsExactly(
            "vote v001",
            "vote v002",
            "vote v003",
            "vote v004",
            "vote v005",
            "vote v006",
            "vote v007",
            "vote v008",
            "vote v009",
            "vote v010");
  }

  @Test
  void voteCount_addsTheShards_andARepeatedVoteCountsOnce() {
    assertThat(step(9)).last().isEqualTo("   -> " + ShopData.HOT_VOTES);
    assertThat(step(10)).last().isEqualTo("   -> " + ShopData.HOT_VOTES);
  }
}

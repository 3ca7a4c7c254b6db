package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The shop's declaration ({@code examples/specs/shop.json}, as written) served over HTTP against
 * the in-process engine: every entity's routes under its name, every access pattern under {@code
 * /-patterns/}, and the 4xx of bad input.
 */
@DynakitTest
class ShopRoutesIT {
  static final TableSpec SHOP = TableSpec.fromJson(Path.of("..", "examples", "specs", "shop.json"));

  private HttpFixture http;

  @BeforeEach
  void start(DynamoDbClient client) {
    RestTables.create(client, SHOP);
    SingleTableRoutes routes =
        SingleTableRoutes.builder(Adapter.builder(SHOP, client).build()).build();
    http = new HttpFixture(routes, routes.policy());
    created("/customer/", "{\"customerId\":\"c42\",\"name\":\"Grace Hopper\",\"tier\":\"gold\"}");
    created("/order/", order("o981", "2026-03-01", "DELIVERED", false));
    created("/order/", order("o1002", "2026-03-14", "SHIPPED", true));
    created("/order/", order("o1139", "2026-03-21", "PENDING", true));
    for (int line = 1; line <= 11; line++) {
      created(
          "/orderItem/",
          "{\"orderId\":\"o981\",\"line\":" + line + ",\"sku\":\"KB-101\",\"qty\":1,\"price\":49}");
    }
    StringBuilder votes = new StringBuilder("[");
    for (int n = 1; n <= 23; n++) {
      votes
          .append(n == 1 ? "" : ",")
          .append(String.format("{\"itemId\":\"item42\",\"voter\":\"v%03d\"}", n));
    }
    HttpFixture.Reply load = http.send("PUT", "/vote/-load", votes.append("]").toString());
    assertThat(load.status()).as(load.body()).isEqualTo(200);
    assertThat(load.map()).containsEntry("processed", 23L);
  }

  @AfterEach
  void stop() {
    http.close();
  }

  private static String order(String id, String date, String status, boolean review) {
    return "{\"customerId\":\"c42\",\"orderId\":\""
        + id
        + "\",\"orderDate\":\""
        + date
        + "\",\"status\":\""
        + status
        + "\",\"total\":10,\"needsReview\":"
        + review
        + "}";
  }

  private void created(String path, String body) {
    HttpFixture.Reply reply = http.send("POST", path, body);
    assertThat(reply.status()).as(path + " " + reply.body()).isEqualTo(204);
  }

  private List<String> values(HttpFixture.Reply reply, String field) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<String> values = new ArrayList<>();
    for (Map<String, Object> item : reply.data()) {
      values.add(item.get("_type") + " " + item.get(field));
    }
    return values;
  }

  @Test
  void entityRoutes_readWriteAndDelete_byTheKeyFieldsInTemplateOrder() {
    HttpFixture.Reply order = http.get("/order/c42:2026-03-01:o981");
    assertThat(order.status()).isEqualTo(200);
    assertThat(order.map())
        .containsEntry("orderDate", "2026-03-01")
        .containsEntry("_type", "order")
        .containsEntry("_v", 1L)
        .doesNotContainKeys("PK", "SK", "GSI1PK");
    assertThat(order.header("ETag")).hasValue("\"1\"");
    assertThat(http.get("/customer/c42").map()).containsEntry("name", "Grace Hopper");
    assertThat(http.get("/orderItem/o981:11").map()).containsEntry("line", 11L);

    HttpFixture.Reply patched =
        http.send("PATCH", "/order/c42:2026-03-01:o981", "{\"status\":\"RETURNED\"}");
    assertThat(patched.status()).as(patched.body()).isEqualTo(204);
    assertThat(http.get("/order/c42:2026-03-01:o981").map())
        .containsEntry("status", "RETURNED")
        .containsEntry("_v", 2L);
    HttpFixture.Reply stale =
        http.send(
            "PUT",
            "/order/c42:2026-03-01:o981",
            order("o981", "2026-03-01", "LOST", false),
            "If-Match",
            "\"1\"");
    assertThat(stale.status()).isEqualTo(412);
    HttpFixture.Reply replaced =
        http.send(
            "PUT",
            "/order/c42:2026-03-01:o981",
            order("o981", "2026-03-01", "LOST", false),
            "If-Match",
            "\"2\"");
    assertThat(replaced.status()).as(replaced.body()).isEqualTo(204);
    assertThat(http.get("/order/c42:2026-03-01:o981").map()).containsEntry("status", "LOST");

    assertThat(http.get("/customer/-by-names?names=c42,c99").list())
        .hasSize(2)
        .satisfies(items -> assertThat(items.get(1)).isNull());
    HttpFixture.Reply deleted =
        http.send("DELETE", "/orderItem/-by-names?names=o981:10,o981:11,o981:99", null);
    assertThat(deleted.map()).containsEntry("processed", 3L);
    assertThat(http.get("/orderItem/o981:11").status()).isEqualTo(404);
    assertThat(http.get("/orderItem/o981:9").status()).isEqualTo(200);
    assertThat(http.send("DELETE", "/order/c42:2026-03-01:o981", null).status()).isEqualTo(204);
    assertThat(http.get("/order/c42:2026-03-01:o981").status()).isEqualTo(404);
    assertThat(http.send("POST", "/customer/", "{\"customerId\":\"c42\"}").code())
        .isEqualTo("ItemExists");
  }

  @Test
  void accessPatterns_returnTypedItemsInOrder_andCount() {
    assertThat(values(http.get("/-patterns/customerWithOrders?customerId=c42"), "orderId"))
        .containsExactly("order o981", "order o1002", "order o1139", "customer null");
    assertThat(
            values(http.get("/-patterns/recentOrdersOfCustomer?customerId=c42&limit=2"), "orderId"))
        .containsExactly("order o1139", "order o1002");
    assertThat(values(http.get("/-patterns/itemsOfOrder?orderId=o981&limit=3"), "line"))
        .containsExactly("orderItem 1", "orderItem 2", "orderItem 3");
    assertThat(values(http.get("/-patterns/ordersByStatus?status=SHIPPED"), "orderId"))
        .containsExactly("order o1002");
    assertThat(values(http.get("/-patterns/reviewQueue"), "orderId"))
        .containsExactly("order o1002", "order o1139");
    assertThat(http.get("/-patterns/voteCount?itemId=item42").map())
        .isEqualTo(Map.of("count", 23L));
  }

  @Test
  void theSparseQueue_followsWritesOverRest() {
    http.send("PATCH", "/order/c42:2026-03-14:o1002", "{\"needsReview\":false}");
    assertThat(values(http.get("/-patterns/reviewQueue"), "orderId"))
        .containsExactly("order o1139");
    http.send("PATCH", "/order/c42:2026-03-01:o981", "{\"needsReview\":true}");
    assertThat(values(http.get("/-patterns/reviewQueue"), "orderId"))
        .containsExactly("order o981", "order o1139");
  }

  @Test
  void aShardedPattern_pagesAcrossShards_withItsCursor() {
    List<String> voters = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      HttpFixture.Reply page =
          http.get(
              "/-patterns/votersOfItem?itemId=item42&limit=4"
                  + (cursor == null
                      ? ""
                      : "&cursor="
                          + java.net.URLEncoder.encode(
                              cursor, java.nio.charset.StandardCharsets.UTF_8)));
      voters.addAll(values(page, "voter"));
      cursor = (String) page.map().get("cursor");
      pages++;
    } while (cursor != null && pages < 20);
    List<String> expected = new ArrayList<>();
    for (int n = 1; n <= 23; n++) {
      expected.add(String.format("vote v%03d", n));
    }
    assertThat(voters).containsExactlyElementsOf(expected);
    assertThat(pages).isBetween(6, 7);
  }

  @Test
  void badInput_isA4xxNamingTheProblem() {
    assertError("/-patterns/customerWithOrders", 400, "MissingParameter", "customerId is missing");
    assertError("/-patterns/votersOfItem?itemId=item42&cursor=bm9wZQ", 400, "BadCursor", "cursor");
    assertError("/-patterns/voteCount?itemId=item42&shard=3", 400, "UnknownParameter", "'shard'");
    assertError("/-patterns/ordersByStatus?status=X&limit=-1", 400, "BadPaging", "limit");
    assertError("/-patterns/byColour?colour=red", 404, "NotFound", "customerWithOrders");
    assertError("/order/c42:o981", 400, "BadKey", "customerId:orderDate:orderId");
    assertError("/order/c42:2026-13-01:o981", 400, "BadKey", "orderDate is a localDateIso");
    assertError("/orderItem/o981:first", 400, "BadKey", "line is a number");
    assertError("/invoice/i1", 404, "NotFound", "entities: customer, order, orderItem, vote");
    HttpFixture.Reply wrongType =
        http.send("PUT", "/customer/c42?force=yes", "{\"_type\":\"order\",\"name\":\"x\"}");
    assertThat(wrongType.status()).isEqualTo(400);
    assertThat(wrongType.code()).isEqualTo("WrongEntity");
    HttpFixture.Reply badLoad =
        http.send(
            "PUT",
            "/vote/-load",
            "[{\"itemId\":\"item42\",\"voter\":\"v900\"},{\"itemId\":\"item42\"}]");
    assertThat(badLoad.status()).isEqualTo(400);
    assertThat(badLoad.message()).contains("voter");
    assertThat(http.get("/-patterns/voteCount?itemId=item42").map()).containsEntry("count", 23L);
    HttpFixture.Reply list = http.get("/order/");
    assertThat(list.status()).isEqualTo(405);
    assertThat(list.message()).contains("/-patterns/NAME");
    assertThat(http.get("/").map().get("patterns").toString())
        .contains("customerWithOrders=-patterns/customerWithOrders?customerId={customerId}");
  }

  private void assertError(String target, int status, String code, String message) {
    HttpFixture.Reply reply = http.get(target);
    assertThat(reply.status()).as(target + ": " + reply.body()).isEqualTo(status);
    assertThat(reply.code()).as(target).isEqualTo(code);
    assertThat(reply.message()).as(target).contains(message);
  }
}

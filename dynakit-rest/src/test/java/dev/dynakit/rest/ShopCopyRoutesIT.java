package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The entities' copy routes over HTTP on the shop's declaration: {@code /:key/-clone}, {@code
 * /:key/-move}, {@code /-clone-by-names}, {@code /-move-by-names}, and the 405 of whole-entity
 * operations that would scan the table.
 */
@DynakitTest
class ShopCopyRoutesIT {
  private static final String O981 = "/order/c42:2026-03-01:o981";

  private HttpFixture http;

  @BeforeEach
  void start(DynamoDbClient client) {
    RestTables.create(client, ShopRoutesIT.SHOP);
    SingleTableRoutes routes =
        SingleTableRoutes.builder(Adapter.builder(ShopRoutesIT.SHOP, client).build()).build();
    http = new HttpFixture(routes, routes.policy());
    send(204, "POST", "/order/", order("o981", "2026-03-01", "DELIVERED", false));
    send(204, "POST", "/order/", order("o1002", "2026-03-14", "SHIPPED", true));
    send(204, "PATCH", O981, "{\"total\":12}"); // version 2
    for (int line = 1; line <= 3; line++) {
      send(
          204,
          "POST",
          "/orderItem/",
          "{\"orderId\":\"o981\",\"line\":" + line + ",\"sku\":\"KB-101\",\"qty\":1,\"price\":49}");
    }
    send(
        200,
        "PUT",
        "/vote/-load",
        "[{\"itemId\":\"item42\",\"voter\":\"v001\"},{\"itemId\":\"item42\",\"voter\":\"v002\"},"
            + "{\"itemId\":\"item42\",\"voter\":\"v003\"}]");
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

  private HttpFixture.Reply send(int status, String method, String target, String body) {
    HttpFixture.Reply reply = http.send(method, target, body);
    assertThat(reply.status()).as(method + " " + target + ": " + reply.body()).isEqualTo(status);
    return reply;
  }

  private List<String> ids(String target, String field) {
    HttpFixture.Reply reply = http.get(target);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<String> values = new ArrayList<>();
    for (Map<String, Object> item : reply.data()) {
      values.add(item.get("_type") + " " + item.get(field));
    }
    return values;
  }

  @Test
  void clone_writesANewItemAtTheKeyOfItsFields_withIndexKeysAndVersion1() {
    send(204, "PUT", O981 + "/-clone", "{\"orderId\":\"o982\",\"needsReview\":true}");

    assertThat(http.get("/order/c42:2026-03-01:o982").map())
        .containsEntry("status", "DELIVERED")
        .containsEntry("total", 12L)
        .containsEntry("_type", "order")
        .containsEntry("_v", 1L);
    assertThat(http.get(O981).map()).containsEntry("_v", 2L).containsEntry("needsReview", false);
    assertThat(ids("/-patterns/ordersByStatus?status=DELIVERED", "orderId"))
        .containsExactly("order o981", "order o982");
    assertThat(ids("/-patterns/reviewQueue", "orderId"))
        .containsExactly("order o982", "order o1002");
  }

  @Test
  void clone_ontoAnExistingItem_is409_unlessForced_andOntoItself_is409() {
    send(204, "PUT", O981 + "/-clone", "{\"orderId\":\"o982\"}");
    send(204, "PATCH", "/order/c42:2026-03-01:o982", "{\"status\":\"LOST\"}");

    assertThat(send(409, "PUT", O981 + "/-clone", "{\"orderId\":\"o982\"}").code())
        .isEqualTo("ItemExists");
    assertThat(http.get("/order/c42:2026-03-01:o982").map()).containsEntry("status", "LOST");
    send(204, "PUT", O981 + "/-clone?force=yes", "{\"orderId\":\"o982\"}");
    assertThat(http.get("/order/c42:2026-03-01:o982").map()).containsEntry("status", "DELIVERED");
    send(409, "PUT", O981 + "/-clone?force=yes", "{\"status\":\"NEW\"}");
    assertThat(http.get(O981).map()).containsEntry("status", "DELIVERED");
  }

  @Test
  void clone_orMove_ofAMissingItem_is404_andABadOverlayIs400() {
    assertThat(
            http.send("PUT", "/order/c42:2026-03-01:o404/-clone", "{\"orderId\":\"o1\"}").status())
        .isEqualTo(404);
    assertThat(
            http.send("PUT", "/order/c42:2026-03-01:o404/-move", "{\"orderId\":\"o1\"}").status())
        .isEqualTo(404);
    assertThat(send(400, "PUT", O981 + "/-clone", "{\"_type\":\"customer\"}").code())
        .isEqualTo("WrongEntity");
    assertThat(send(400, "PUT", O981 + "/-move", "[1]").code()).isEqualTo("BadBody");
    assertThat(send(405, "GET", O981 + "/-move", "").header("Allow")).hasValue("PUT");
  }

  @Test
  void move_writesTheCopyAndDeletesTheSource_inOneStep() {
    send(204, "PUT", O981 + "/-move", "{\"orderId\":\"o983\",\"orderDate\":\"2026-04-01\"}");

    assertThat(http.get(O981).status()).isEqualTo(404);
    assertThat(http.get("/order/c42:2026-04-01:o983").map())
        .containsEntry("total", 12L)
        .containsEntry("_v", 1L);
    assertThat(ids("/-patterns/recentOrdersOfCustomer?customerId=c42", "orderId"))
        .containsExactly("order o983", "order o1002");
  }

  @Test
  void move_ontoAnExistingItem_is409_andAStaleIfMatchIs412_leavingEverything() {
    HttpFixture.Reply taken =
        send(409, "PUT", O981 + "/-move", "{\"orderId\":\"o1002\",\"orderDate\":\"2026-03-14\"}");
    assertThat(taken.code()).isEqualTo("ItemExists");
    HttpFixture.Reply stale =
        http.send("PUT", O981 + "/-move", "{\"orderId\":\"o984\"}", "If-Match", "\"1\"");
    assertThat(stale.status()).isEqualTo(412);

    assertThat(http.get(O981).map()).containsEntry("status", "DELIVERED");
    assertThat(http.get("/order/c42:2026-03-14:o1002").map()).containsEntry("status", "SHIPPED");
    assertThat(http.get("/order/c42:2026-03-01:o984").status()).isEqualTo(404);
    HttpFixture.Reply current =
        http.send("PUT", O981 + "/-move", "{\"orderId\":\"o984\"}", "If-Match", "\"2\"");
    assertThat(current.status()).as(current.body()).isEqualTo(204);
    assertThat(http.get(O981).status()).isEqualTo(404);
  }

  @Test
  void cloneByNames_copiesTheNamedItems_andSkipsTheMissing() {
    HttpFixture.Reply reply =
        send(
            200,
            "PUT",
            "/orderItem/-clone-by-names?names=o981:1,o981:3,o981:99",
            "{\"orderId\":\"o777\"}");

    assertThat(reply.map()).containsEntry("processed", 2L).containsEntry("skipped", 1L);
    assertThat(ids("/-patterns/itemsOfOrder?orderId=o777", "line"))
        .containsExactly("orderItem 1", "orderItem 3");
    assertThat(ids("/-patterns/itemsOfOrder?orderId=o981", "line")).hasSize(3);
  }

  @Test
  void moveByNames_movesShardedItems_intoTheShardsOfTheirNewKeys() {
    HttpFixture.Reply reply =
        send(
            200,
            "PUT",
            "/vote/-move-by-names?names=item42:v001,item42:v002",
            "{\"itemId\":\"item43\"}");

    assertThat(reply.map()).containsEntry("processed", 2L);
    assertThat(http.get("/-patterns/voteCount?itemId=item42").map()).containsEntry("count", 1L);
    assertThat(ids("/-patterns/votersOfItem?itemId=item43", "voter"))
        .containsExactly("vote v001", "vote v002");
  }

  @Test
  void byNames_withoutAKeyChange_isRefusedBeforeAnyWrite() {
    HttpFixture.Reply noChange =
        send(400, "PUT", "/orderItem/-clone-by-names?names=o981:1", "{\"sku\":\"X\"}");
    assertThat(noChange.code()).isEqualTo("SameKey");
    assertThat(noChange.message()).contains("orderId, line");
    assertThat(send(400, "PUT", "/orderItem/-move-by-names", "[\"o981:1\"]").code())
        .isEqualTo("SameKey");
    assertThat(
            send(400, "PUT", "/orderItem/-move-by-names?names=o981", "{\"orderId\":\"x\"}").code())
        .isEqualTo("BadKey");
    assertThat(ids("/-patterns/itemsOfOrder?orderId=o981", "sku"))
        .containsExactly("orderItem KB-101", "orderItem KB-101", "orderItem KB-101");
  }

  @Test
  void wholeEntityOperations_are405_pointingAtThePatternsAndTheByNamesRoutes() {
    HttpFixture.Reply delete = send(405, "DELETE", "/order/", "");
    assertThat(delete.header("Allow")).hasValue("POST");
    assertThat(delete.message()).contains("/-patterns/NAME").contains("/-by-names");
    for (String method : List.of("clone", "move")) {
      HttpFixture.Reply copy = send(405, "PUT", "/order/-" + method, "{\"orderId\":\"x\"}");
      assertThat(copy.message())
          .contains("would scan the table")
          .contains("/-patterns/NAME")
          .contains("/-" + method + "-by-names");
    }
    assertThat(ids("/-patterns/customerWithOrders?customerId=c42", "orderId")).hasSize(2);
  }
}

package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.entity.EntityView;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Path keys of the shop's entities: key fields in template order, typed by the declaration. */
@DynakitTest
class EntityKeysTest {
  private static final TableSpec SHOP =
      TableSpec.fromJson(Path.of("..", "examples", "specs", "shop.json"));
  private static final RestPolicy POLICY = RestPolicy.defaults();

  private EntityTable shop;

  @BeforeEach
  void start(DynamoDbClient client) {
    shop = EntityTable.of(Adapter.builder(SHOP, client).build());
  }

  private EntityKeys keys(String entity) {
    EntityView<?> view = shop.entity(entity);
    return new EntityKeys(view.spec(), view.keyFields(), POLICY);
  }

  @Test
  void keyFields_followTheTemplates_withoutTheShard() {
    assertThat(keys("customer").fields()).containsExactly("customerId");
    assertThat(keys("order").fields()).containsExactly("customerId", "orderDate", "orderId");
    assertThat(keys("orderItem").fields()).containsExactly("orderId", "line");
    assertThat(keys("vote").fields()).containsExactly("itemId", "voter");
  }

  @Test
  void keyTexts_areTyped_andRoundTrip() {
    Map<String, Object> order = keys("order").key("c42:2026-03-01:o981");
    assertThat(order)
        .containsExactly(
            Map.entry("customerId", "c42"),
            Map.entry("orderDate", LocalDate.of(2026, 3, 1)),
            Map.entry("orderId", "o981"));
    assertThat(keys("order").text(order)).isEqualTo("c42:2026-03-01:o981");
    assertThat(keys("orderItem").key("o981:2")).containsEntry("line", new BigDecimal("2"));
    Map<String, Object> odd = keys("vote").key("item%3A42:v%2501");
    assertThat(odd).containsEntry("itemId", "item:42").containsEntry("voter", "v%01");
    assertThat(keys("vote").text(odd)).isEqualTo("item%3A42:v%2501");
  }

  @Test
  void badKeys_nameTheProblem() {
    assertThat(bad("order", "c42:o981")).contains("has 2 parts", "customerId:orderDate:orderId");
    assertThat(bad("order", "c42:March:o981")).contains("orderDate is a localDateIso", "'March'");
    assertThat(bad("orderItem", "o981:two")).contains("line is a number, got 'two'");
    assertThat(bad("vote", "item42:")).contains("empty value for voter");
  }

  private String bad(String entity, String text) {
    RestException e = catchThrowableOfType(RestException.class, () -> keys(entity).key(text));
    assertThat(e.code()).isEqualTo("BadKey");
    assertThat(e.status()).isEqualTo(400);
    return e.getMessage();
  }
}

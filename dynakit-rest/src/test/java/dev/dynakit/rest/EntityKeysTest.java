package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Path keys of the shop's entities: key fields in template order, typed by the declaration. */
class EntityKeysTest {
  private static final TableSpec SHOP =
      TableSpec.fromJson(Path.of("..", "examples", "specs", "shop.json"));
  private static final RestPolicy POLICY = RestPolicy.defaults();

  private static EntityKeys keys(String entity) {
    return new EntityKeys(SHOP, SHOP.entity(entity).orElseThrow(), POLICY);
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

  private static String bad(String entity, String text) {
    RestException e = catchThrowableOfType(RestException.class, () -> keys(entity).key(text));
    assertThat(e.code()).isEqualTo("BadKey");
    assertThat(e.status()).isEqualTo(400);
    return e.getMessage();
  }
}

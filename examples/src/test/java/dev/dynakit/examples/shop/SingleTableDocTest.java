package dev.dynakit.examples.shop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.entity.EntityItem;
import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.entity.PatternPage;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Java block of {@code docs/single-table.md} runs as written, on the shop's data, and the page
 * shows this test's marked block unchanged.
 */
class SingleTableDocTest {
  @Test
  void theDocsJavaBlock_runsOnTheShop() throws IOException {
    Path path = Path.of("specs", "shop.json");
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
      ShopExample.builder(dynamo).out(new PrintWriter(new StringWriter())).build().run();
      // ---- docs/single-table.md: begin
      EntityTable shop = EntityTable.of(Adapter.builder(TableSpec.fromJson(path), dynamo).build());
      shop.entity("customer").create(Map.of("customerId", "c99", "name", "Ada Lovelace"));
      shop.entity("order")
          .patch(
              Map.of("customerId", "c42", "orderDate", "2026-03-21", "orderId", "o1139"),
              Patch.of(Map.of("needsReview", false))); // leaves the review queue
      PatternPage page = shop.pattern("customerWithOrders", Map.of("customerId", "c42"));
      List<EntityItem> orders = page.of("order"); // each item says which entity it is
      PatternPage voters = shop.pattern("votersOfItem", Map.of("itemId", "item42"), 5, null);
      PatternPage next =
          shop.pattern("votersOfItem", Map.of("itemId", "item42"), 5, voters.cursor());
      long votes = shop.count("voteCount", Map.of("itemId", "item42"));
      // ---- docs/single-table.md: end

      assertThat(orders).hasSize(4);
      assertThat(next.items())
          .extracting(item -> item.fields().get("voter"))
          .containsExactly("v006", "v007", "v008", "v009", "v010");
      assertThat(votes).isEqualTo(ShopData.HOT_VOTES);
      assertThat(shop.pattern("reviewQueue", Map.of()).items()).isEmpty();
    }
    String test =
        Files.readString(
            Path.of("src/test/java/dev/dynakit/examples/shop/SingleTableDocTest.java"),
            StandardCharsets.UTF_8);
    String block =
        test.substring(
            test.indexOf("// ---- docs/single-table.md: begin\n") + 36,
            test.indexOf("      // ---- docs/single-table.md: end"));
    StringBuilder unindented = new StringBuilder();
    for (String line : block.lines().toList()) {
      unindented.append(line.startsWith("      ") ? line.substring(6) : line).append('\n');
    }
    assertThat(Files.readString(Path.of("..", "docs", "single-table.md"), StandardCharsets.UTF_8))
        .contains("```java\n" + unindented + "```\n");
  }
}

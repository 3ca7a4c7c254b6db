package dev.dynakit.core.entity;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.provision.PlanStep;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/** The repository's single-table example and its entities as records. */
final class Shop {
  static final TableSpec SPEC = TableSpec.fromJson(Path.of("..", "examples", "specs", "shop.json"));

  record Customer(String customerId, String name, String email, String tier, Long version) {}

  record Order(
      String customerId,
      String orderId,
      LocalDate orderDate,
      String status,
      BigDecimal total,
      Boolean needsReview,
      Long version) {}

  record OrderItem(String orderId, Integer line, String sku, Integer qty, BigDecimal price) {}

  record Vote(String itemId, String voter) {}

  private Shop() {}

  /** Creates the declaration's table (without a descriptor row) and an entity table over it. */
  static EntityTable create(DynamoDbClient client, TableSpec spec, Hooks... hooks) {
    for (PlanStep step : TableProvisioner.of(client).plan(spec).steps()) {
      if (step.action() == PlanStep.Action.CREATE_TABLE) {
        client.createTable((CreateTableRequest) step.request());
      }
    }
    return EntityTable.of(Adapter.builder(spec, client).hooks(hooks).build());
  }

  static Order order(String customer, String id, String date, String status, boolean review) {
    return new Order(
        customer, id, LocalDate.parse(date), status, new BigDecimal("10.5"), review, null);
  }
}

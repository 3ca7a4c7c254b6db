package dev.dynakit.core.adapter;

import dev.dynakit.core.provision.PlanStep;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * Creates the table of a declaration with the CreateTable request {@link TableProvisioner} plans,
 * and nothing else: the descriptor row it would write next would show in the raw scans the tests
 * compare.
 */
final class TestTables {
  private TestTables() {}

  /** Creates the table and starts an Adapter of it. */
  static Adapter.Builder adapterFor(DynamoDbClient client, TableSpec spec) {
    create(client, spec);
    return Adapter.builder(spec, client);
  }

  static void create(DynamoDbClient client, TableSpec spec) {
    for (PlanStep step : TableProvisioner.of(client).plan(spec).steps()) {
      if (step.action() == PlanStep.Action.CREATE_TABLE) {
        client.createTable((CreateTableRequest) step.request());
      }
    }
  }
}

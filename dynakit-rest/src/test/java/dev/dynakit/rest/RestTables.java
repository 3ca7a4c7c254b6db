package dev.dynakit.rest;

import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Creates the table of a declaration and reads everything stored in it. */
final class RestTables {
  private RestTables() {}

  static void create(DynamoDbClient client, TableSpec spec) {
    TableProvisioner.of(client).ensure(spec);
  }

  /** Every stored item, raw, in a stable order: what "nothing was written" compares. */
  static List<Map<String, AttributeValue>> snapshot(DynamoDbClient client, TableSpec spec) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder scan =
          ScanRequest.builder().tableName(spec.tableName()).consistentRead(true);
      if (start != null) {
        scan.exclusiveStartKey(start);
      }
      var page = client.scan(scan.build());
      items.addAll(page.items());
      start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    items.sort(Comparator.comparing(Object::toString));
    return items;
  }
}

package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/** The README's quick start, as written there: it must compile and run. */
class ReadmeQuickStartIT {

  @Test
  void quickStart_runsAsWritten() {
    // ---- README quick start: begin
    DynakitEngine engine = DynakitEngine.inMemory();
    DynamoDbClient client = DynakitClients.inProcess(engine);

    TableSpec spec =
        TableSpec.builder("rentals")
            .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
            .structuralKey("_sk") // the sort key: "TX|Dallas|00042"
            .technicalPrefix("_")
            .typeLabels("state", "city", "car")
            .versionField("_v")
            .build();

    client.createTable(
        CreateTableRequest.builder()
            .tableName("rentals")
            .keySchema(
                KeySchemaElement.builder().attributeName("state").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("_sk").keyType(KeyType.RANGE).build())
            .attributeDefinitions(
                AttributeDefinition.builder().attributeName("state").attributeType("S").build(),
                AttributeDefinition.builder().attributeName("_sk").attributeType("S").build())
            .billingMode(BillingMode.PAY_PER_REQUEST)
            .build());

    Adapter rentals = Adapter.builder(spec, client).build();

    Map<String, Object> key = Map.of("state", "TX", "city", "Dallas", "car", 42);
    rentals.put(
        Map.of("state", "TX", "city", "Dallas", "car", 42, "status", "free"),
        WriteOptions.overwriting());
    Map<String, Object> car = rentals.getByKey(key).orElseThrow(); // {..., status=free, _v=1}
    rentals.patch(key, Patch.of(Map.of("status", "rented")), WriteOptions.expectingVersion(1));
    OffsetPage dallas =
        rentals.listUnder(Map.of("state", "TX", "city", "Dallas"), ListOptions.defaults());
    System.out.println(car + " -> " + dallas.items() + " of " + dallas.total());
    // ---- README quick start: end

    assertThat(car).containsEntry("status", "free").containsEntry("_v", BigDecimal.ONE);
    assertThat(dallas.items())
        .singleElement()
        .satisfies(
            item ->
                assertThat(item)
                    .containsEntry("status", "rented")
                    .containsEntry("_v", new BigDecimal(2)));
    assertThat(dallas.total()).isEqualTo(1);
    client.close();
    engine.close();
  }
}

package com.example.rentals;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

@DynakitTest
class RentalsTest {
  @Test
  void aCarIsRentedOnce(DynamoDbClient dynamo) {
    dynamo.createTable(
        b ->
            b.tableName("rentals")
                .keySchema(
                    KeySchemaElement.builder().attributeName("state").keyType(KeyType.HASH).build(),
                    KeySchemaElement.builder().attributeName("_sk").keyType(KeyType.RANGE).build())
                .attributeDefinitions(
                    AttributeDefinition.builder().attributeName("state").attributeType("S").build(),
                    AttributeDefinition.builder().attributeName("_sk").attributeType("S").build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
    TableSpec spec =
        TableSpec.builder("rentals")
            .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
            .structuralKey("_sk")
            .technicalPrefix("_")
            .versionField("_v")
            .build();
    Adapter rentals = Adapter.builder(spec, dynamo).build();

    Map<String, Object> key = Map.of("state", "TX", "city", "Dallas", "car", 42);
    rentals.put(
        Map.of("state", "TX", "city", "Dallas", "car", 42, "status", "free"),
        WriteOptions.overwriting());
    rentals.patch(key, Patch.of(Map.of("status", "rented")), WriteOptions.expectingVersion(1));

    Map<String, Object> car = rentals.getByKey(key).orElseThrow();
    assertEquals("rented", car.get("status"));
    assertEquals(new BigDecimal(2), car.get("_v"));
  }
}

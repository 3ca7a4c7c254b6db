package dev.dynakit.embedded;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Table declarations the transport tests share. */
final class Tables {
  private Tables() {}

  /** An on-demand table {@code name} keyed by the string attribute {@code id} alone. */
  static CreateTableRequest keyedById(String name) {
    return CreateTableRequest.builder()
        .tableName(name)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
        .attributeDefinitions(
            AttributeDefinition.builder()
                .attributeName("id")
                .attributeType(ScalarAttributeType.S)
                .build())
        .build();
  }
}

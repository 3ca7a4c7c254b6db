package dev.dynakit.it.engine;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.Transport;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** A fresh engine and an SDK client on it, over the chosen transport. */
final class EngineFixture implements AutoCloseable {
  final DynakitEngine engine;
  final EngineServer server;
  final DynamoDbClient client;

  EngineFixture(Transport transport) {
    this(transport, DynakitEngine.inMemory());
  }

  /** A client over the chosen transport on an engine built by the test; closed with the fixture. */
  EngineFixture(Transport transport, DynakitEngine engine) {
    this.engine = engine;
    server = transport == Transport.HTTP ? EngineServer.start(engine, "127.0.0.1", 0) : null;
    client = DynakitClients.of(transport, engine, server == null ? null : server.endpoint());
  }

  /** Creates an on-demand table with a string hash key {@code pk} and, if given, a range key. */
  void createTable(String name, String rangeKey, ScalarAttributeType rangeType) {
    var b =
        software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.builder()
            .tableName(name)
            .billingMode(BillingMode.PAY_PER_REQUEST);
    if (rangeKey == null) {
      b.attributeDefinitions(
              AttributeDefinition.builder()
                  .attributeName("pk")
                  .attributeType(ScalarAttributeType.S)
                  .build())
          .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build());
    } else {
      b.attributeDefinitions(
              AttributeDefinition.builder()
                  .attributeName("pk")
                  .attributeType(ScalarAttributeType.S)
                  .build(),
              AttributeDefinition.builder()
                  .attributeName(rangeKey)
                  .attributeType(rangeType)
                  .build())
          .keySchema(
              KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName(rangeKey).keyType(KeyType.RANGE).build());
    }
    client.createTable(b.build());
  }

  void createTable(String name) {
    createTable(name, null, null);
  }

  @Override
  public void close() {
    client.close();
    if (server != null) {
      server.close();
    }
    engine.close();
  }
}

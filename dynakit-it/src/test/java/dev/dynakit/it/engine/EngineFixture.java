package dev.dynakit.it.engine;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.Transport;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** A fresh engine and an SDK client on it, in the chosen setup (transport and store). */
final class EngineFixture implements AutoCloseable {
  final DynakitEngine engine;
  final EngineServer server;
  final DynamoDbClient client;
  private final Path dataDirectory;

  EngineFixture(EngineSetup setup) {
    this(setup, DynakitEngine.builder());
  }

  /**
   * A client in the chosen setup on an engine with the test's settings (the setup adds its store);
   * closed with the fixture.
   */
  EngineFixture(EngineSetup setup, DynakitEngine.Builder settings) {
    this.dataDirectory = setup.configure(settings);
    this.engine = settings.build();
    Transport transport = setup.transport();
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
    if (dataDirectory != null) {
      deleteTree(dataDirectory);
    }
  }

  private static void deleteTree(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

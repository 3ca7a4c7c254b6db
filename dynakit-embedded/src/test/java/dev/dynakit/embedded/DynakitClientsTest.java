package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** Which path each in-process client takes: the default is the whole wire format. */
class DynakitClientsTest {
  /** What crossed the transport: each request's Authorization header and body text. */
  private static final class Wire implements ExecutionInterceptor {
    final List<String> authorizations = new ArrayList<>();
    final List<String> bodies = new ArrayList<>();

    @Override
    public void beforeTransmission(
        Context.BeforeTransmission context, ExecutionAttributes attributes) {
      authorizations.add(context.httpRequest().firstMatchingHeader("Authorization").orElse(""));
      bodies.add(
          context
              .requestBody()
              .map(
                  body -> {
                    try (InputStream in = body.contentStreamProvider().newStream()) {
                      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                      throw new UncheckedIOException(e);
                    }
                  })
              .orElse(""));
    }
  }

  @Test
  void inProcess_signsAndSendsTheMarshalledJson() {
    Wire wire = new Wire();
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client =
            DynakitClients.inProcess(engine, o -> o.addExecutionInterceptor(wire))) {
      client.createTable(Tables.keyedById("things"));
      client.describeTable(b -> b.tableName("things"));
    }
    assertThat(wire.authorizations).allSatisfy(a -> assertThat(a).startsWith("AWS4-HMAC-SHA256"));
    assertThat(wire.bodies.get(1)).isEqualTo("{\"TableName\":\"things\"}");
  }

  @Test
  void inProcessDirect_isNotSigned() {
    Wire wire = new Wire();
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client =
            DynakitClients.inProcessDirect(engine, o -> o.addExecutionInterceptor(wire))) {
      client.createTable(Tables.keyedById("things"));
      assertThat(client.describeTable(b -> b.tableName("things")).table().tableName())
          .isEqualTo("things");
    }
    assertThat(wire.authorizations).hasSize(2).allSatisfy(a -> assertThat(a).isEmpty());
  }

  @Test
  void streamsInProcess_readsTheRecordOfAWrite() {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = DynakitClients.inProcess(engine);
        DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine)) {
      assertThat(firstRecordKey(client, streams)).isEqualTo("a");
    }
  }

  @Test
  void streamsHttp_readsTheRecordOfAWrite() {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        DynamoDbClient client = DynakitClients.http(server.endpoint());
        DynamoDbStreamsClient streams = DynakitClients.streamsHttp(server.endpoint())) {
      assertThat(firstRecordKey(client, streams)).isEqualTo("a");
    }
  }

  /** Writes one item to a table with a stream and reads its key back from the stream. */
  private static String firstRecordKey(DynamoDbClient client, DynamoDbStreamsClient streams) {
    client.createTable(
        Tables.keyedById("things").toBuilder()
            .streamSpecification(
                s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY))
            .build());
    client.putItem(
        b -> b.tableName("things").item(Map.of("id", AttributeValue.builder().s("a").build())));
    String arn = client.describeTable(b -> b.tableName("things")).table().latestStreamArn();
    String shard =
        streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
    String iterator =
        streams
            .getShardIterator(
                b ->
                    b.streamArn(arn)
                        .shardId(shard)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    return streams
        .getRecords(b -> b.shardIterator(iterator))
        .records()
        .get(0)
        .dynamodb()
        .keys()
        .get("id")
        .s();
  }
}

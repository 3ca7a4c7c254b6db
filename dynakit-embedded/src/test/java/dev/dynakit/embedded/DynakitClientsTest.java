package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

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
}

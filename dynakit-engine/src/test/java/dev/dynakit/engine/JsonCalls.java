package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Drives an engine with JSON text (single quotes allowed, for readability) and checks the answers,
 * for tests of operations in the engine's internal packages.
 */
public final class JsonCalls {
  public static final String VALIDATION = "com.amazon.coral.validate#ValidationException";
  public static final String CANCELLED =
      "com.amazonaws.dynamodb.v20120810#TransactionCanceledException";

  private final DynakitEngine engine;

  public JsonCalls(DynakitEngine engine) {
    this.engine = engine;
  }

  /** One answer: the status and the parsed body. */
  public record Answer(int status, Map<String, Object> body) {
    public Answer ok() {
      assertThat(status).as(body.toString()).isEqualTo(200);
      return this;
    }

    /** Asserts a ValidationException with exactly this message. */
    public Answer invalid(String message) {
      assertThat(status).as(body.toString()).isEqualTo(400);
      assertThat(body.get("__type")).as(body.toString()).isEqualTo(VALIDATION);
      assertThat(body.get("message")).isEqualTo(message);
      return this;
    }

    /** Asserts a TransactionCanceledException and returns its CancellationReasons. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> cancelled() {
      assertThat(status).as(body.toString()).isEqualTo(400);
      assertThat(body.get("__type")).as(body.toString()).isEqualTo(CANCELLED);
      return (List<Map<String, Object>>) body.get("CancellationReasons");
    }
  }

  public Answer call(String operation, String json) {
    EngineResponse r =
        engine.handle(
            DynakitEngine.TARGET_PREFIX + operation,
            json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    return new Answer(r.status(), Json.parseObject(r.body()));
  }

  /** An on-demand table with string key {@code pk} and a GSI {@code byG} on string {@code g}. */
  public void createTableWithIndex(String name) {
    call(
            "CreateTable",
            "{'TableName':'"
                + name
                + "','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'g','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':"
                + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}],"
                + "'BillingMode':'PAY_PER_REQUEST'}")
        .ok();
  }
}

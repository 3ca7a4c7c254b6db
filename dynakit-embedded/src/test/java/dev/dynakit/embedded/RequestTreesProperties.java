package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The tree {@link RequestTrees} builds from a request is the tree the engine parses from the JSON
 * the SDK marshals for it — for random requests of the commonest operations, malformed attribute
 * values included — and the engine answers the tree with ready values exactly as it answers the
 * JSON.
 */
class RequestTreesProperties {
  private static final String TABLE = "things";
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-01T10:15:30.123Z"), ZoneOffset.UTC);

  /** The JSON body of the last request a wire client sent, as the SDK marshalled it. */
  private static final class BodyCapture implements ExecutionInterceptor {
    byte[] body;

    @Override
    public void beforeTransmission(
        Context.BeforeTransmission context, ExecutionAttributes attributes) {
      body =
          context
              .requestBody()
              .map(b -> read(b.contentStreamProvider().newStream()))
              .orElse(new byte[0]);
    }

    private static byte[] read(InputStream in) {
      try (in) {
        return in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static final BodyCapture capture = new BodyCapture();
  private static DynakitEngine marshalling;
  private static DynamoDbClient marshaller;
  private static DynakitEngine fromTrees;
  private static DynakitEngine fromJson;

  @BeforeContainer
  static void start() {
    marshalling = DynakitEngine.builder().clock(CLOCK).build();
    marshaller = DynakitClients.inProcess(marshalling, o -> o.addExecutionInterceptor(capture));
    fromTrees = DynakitEngine.builder().clock(CLOCK).build();
    fromJson = DynakitEngine.builder().clock(CLOCK).build();
    String create =
        "{\"TableName\":\"things\",\"BillingMode\":\"PAY_PER_REQUEST\","
            + "\"KeySchema\":[{\"AttributeName\":\"id\",\"KeyType\":\"HASH\"}],"
            + "\"AttributeDefinitions\":[{\"AttributeName\":\"id\",\"AttributeType\":\"S\"}]}";
    for (DynakitEngine engine : List.of(marshalling, fromTrees, fromJson)) {
      assertThat(engine.handle("CreateTable", JsonTrees.parse(bytes(create))).status())
          .isEqualTo(200);
    }
  }

  @AfterContainer
  static void stop() {
    marshaller.close();
    marshalling.close();
    fromTrees.close();
    fromJson.close();
  }

  @Property(tries = 300)
  void tree_isTheParsedJsonOfTheMarshalledRequest(@ForAll("requests") Call call) {
    byte[] body = marshalled(call);
    assertThat(RequestTrees.of((SdkPojo) call.request())).isEqualTo(JsonTrees.parse(body));
  }

  @Property(tries = 300)
  void tree_isAnsweredAsTheJson(@ForAll("requests") Call call) {
    byte[] body = marshalled(call);
    Map<String, Object> tree = RequestTrees.of((SdkPojo) call.request());
    assertThat(tree).isNotNull();
    EngineResponse direct = fromTrees.handle(call.operation(), tree);
    EngineResponse json = fromJson.handle(call.operation(), body);
    assertThat(direct).isEqualTo(json);
  }

  @Property(tries = 50)
  void requestWithATimestamp_hasNoTree(@ForAll("names") String table) {
    // a timestamp's text depends on the JSON writer: such a request goes as JSON
    SdkRequest restore =
        software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest.builder()
            .sourceTableName(table)
            .targetTableName(table + "2")
            .restoreDateTime(Instant.parse("2026-01-01T00:00:00Z"))
            .build();
    assertThat(RequestTrees.of((SdkPojo) restore)).isNull();
  }

  /** A request and the name of its operation. */
  record Call(String operation, SdkRequest request, Function<DynamoDbClient, ?> send) {}

  private static byte[] marshalled(Call call) {
    capture.body = null;
    try {
      call.send().apply(marshaller);
    } catch (DynamoDbException e) {
      // malformed requests are refused; what counts is the body the SDK sent
    }
    assertThat(capture.body).as("the SDK sent a body").isNotNull();
    return capture.body;
  }

  @Provide
  Arbitrary<Call> requests() {
    Arbitrary<Map<String, AttributeValue>> items =
        Arbitraries.maps(names(), value(2)).ofMaxSize(5).map(RequestTreesProperties::withId);
    Arbitrary<Map<String, AttributeValue>> keys = ids().map(id -> Map.of("id", id));
    Arbitrary<Call> put =
        Combinators.combine(items, Arbitraries.of(ReturnValue.NONE, ReturnValue.ALL_OLD))
            .as(
                (item, returns) -> {
                  PutItemRequest r =
                      PutItemRequest.builder()
                          .tableName(TABLE)
                          .item(item)
                          .returnValues(returns)
                          .build();
                  return new Call("PutItem", r, c -> c.putItem(r));
                });
    Arbitrary<Call> get =
        Combinators.combine(keys, Arbitraries.of(true, false))
            .as(
                (key, consistent) -> {
                  GetItemRequest r =
                      GetItemRequest.builder()
                          .tableName(TABLE)
                          .key(key)
                          .consistentRead(consistent)
                          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                          .build();
                  return new Call("GetItem", r, c -> c.getItem(r));
                });
    Arbitrary<Call> update =
        Combinators.combine(keys, value(1), Arbitraries.integers().between(0, 3))
            .as(
                (key, value, names) -> {
                  UpdateItemRequest r =
                      UpdateItemRequest.builder()
                          .tableName(TABLE)
                          .key(key)
                          .updateExpression("SET #a = :v")
                          .expressionAttributeNames(Map.of("#a", "a" + names))
                          .expressionAttributeValues(Map.of(":v", value))
                          .returnValues(ReturnValue.ALL_NEW)
                          .build();
                  return new Call("UpdateItem", r, c -> c.updateItem(r));
                });
    Arbitrary<Call> query =
        Combinators.combine(
                ids(), Arbitraries.integers().between(1, 5), Arbitraries.of(Select.values()))
            .as(
                (id, limit, select) -> {
                  QueryRequest.Builder b =
                      QueryRequest.builder()
                          .tableName(TABLE)
                          .keyConditionExpression("id = :id")
                          .expressionAttributeValues(Map.of(":id", id))
                          .limit(limit)
                          .scanIndexForward(limit % 2 == 0);
                  if (select != Select.UNKNOWN_TO_SDK_VERSION) {
                    b.select(select);
                  }
                  QueryRequest r = b.build();
                  return new Call("Query", r, c -> c.query(r));
                });
    // items with more attributes than a small object holds, too
    Arbitrary<Map<String, AttributeValue>> batchItems =
        Arbitraries.maps(names(), value(2)).ofMaxSize(10);
    Arbitrary<Call> batch =
        Combinators.combine(batchItems.list().ofMinSize(1).ofMaxSize(5), Arbitraries.of(0, 1, 2, 3))
            .as(
                (list, malformedEvery) -> {
                  List<WriteRequest> writes = new ArrayList<>();
                  for (Map<String, AttributeValue> attributes : list) {
                    // distinct keys (a batch may not name one twice); every other write deletes,
                    // and in some batches every fourth is malformed: a put without an item beside a
                    // delete
                    Map<String, AttributeValue> item = new LinkedHashMap<>(attributes);
                    item.put("id", AttributeValue.fromS("b" + writes.size()));
                    int kind = writes.size() % 4;
                    writes.add(
                        kind == 3 && malformedEvery == 0
                            ? WriteRequest.builder()
                                .putRequest(PutRequest.builder().build())
                                .deleteRequest(d -> d.key(Map.of("id", item.get("id"))))
                                .build()
                            : kind % 2 == 0
                                ? WriteRequest.builder()
                                    .putRequest(PutRequest.builder().item(item).build())
                                    .build()
                                : WriteRequest.builder()
                                    .deleteRequest(d -> d.key(Map.of("id", item.get("id"))))
                                    .build());
                  }
                  BatchWriteItemRequest r =
                      BatchWriteItemRequest.builder().requestItems(Map.of(TABLE, writes)).build();
                  return new Call("BatchWriteItem", r, c -> c.batchWriteItem(r));
                });
    Arbitrary<Call> transact =
        Combinators.combine(items, Arbitraries.strings().alpha().ofLength(12))
            .as(
                (item, token) -> {
                  // the token is given: a generated one differs on every marshalling
                  TransactWriteItemsRequest r =
                      TransactWriteItemsRequest.builder()
                          .clientRequestToken(token)
                          .transactItems(
                              TransactWriteItem.builder()
                                  .put(p -> p.tableName(TABLE).item(item))
                                  .build())
                          .build();
                  return new Call("TransactWriteItems", r, c -> c.transactWriteItems(r));
                });
    return Arbitraries.oneOf(put, get, update, query, batch, transact);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(4).filter(n -> !n.equals("id"));
  }

  private static Arbitrary<AttributeValue> ids() {
    // mostly a few well-formed keys, so that reads find what writes wrote; some malformed
    return Arbitraries.frequencyOf(
        Tuple.of(8, Arbitraries.of("a", "b", "c").map(AttributeValue::fromS)),
        Tuple.of(1, Arbitraries.of("1", "x").map(AttributeValue::fromN)),
        Tuple.of(1, malformed()));
  }

  private static Map<String, AttributeValue> withId(Map<String, AttributeValue> attributes) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(attributes);
    item.put("id", AttributeValue.fromS("a"));
    return item;
  }

  private static Arbitrary<AttributeValue> value(int depth) {
    Arbitrary<AttributeValue> scalar =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(6).map(AttributeValue::fromS),
            Arbitraries.of("0", "12", "-3.50", "1e125", "1E-130", "1e126", "abc", "", " 1", "0x10")
                .map(AttributeValue::fromN),
            Arbitraries.bytes()
                .array(byte[].class)
                .ofMaxSize(4)
                .map(b -> AttributeValue.fromB(SdkBytes.fromByteArray(b))),
            Arbitraries.of(true, false).map(AttributeValue::fromBool),
            Arbitraries.of(true, false).map(AttributeValue::fromNul),
            Arbitraries.strings().ofMaxLength(3).list().ofMaxSize(3).map(AttributeValue::fromSs),
            Arbitraries.of("1", "2", "2.0", "q").list().ofMaxSize(3).map(AttributeValue::fromNs),
            malformed());
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<AttributeValue> nested = value(depth - 1);
    return Arbitraries.frequencyOf(
        Tuple.of(6, scalar),
        Tuple.of(1, nested.list().ofMaxSize(3).map(AttributeValue::fromL)),
        Tuple.of(
            1,
            Arbitraries.maps(Arbitraries.of("x", "y"), nested)
                .ofMaxSize(2)
                .map(AttributeValue::fromM)));
  }

  /**
   * Attribute values DynamoDB refuses (none or two members set), and values whose builder set and
   * cleared members, after which the SDK's {@code type()} can lag behind the members.
   */
  private static Arbitrary<AttributeValue> malformed() {
    return Arbitraries.of(
        AttributeValue.builder().build(),
        AttributeValue.builder().s("s").n("1").build(),
        AttributeValue.builder().bool(true).nul(true).build(),
        AttributeValue.builder().l(List.of()).m(Map.of()).build(),
        AttributeValue.builder().s("s").s(null).build(),
        AttributeValue.builder().n("1").n(null).build(),
        AttributeValue.builder().n("1").s("s").n(null).build(),
        AttributeValue.builder().s("s").n("2").s(null).build(),
        AttributeValue.builder().s("s").ss(List.of("t")).build());
  }

  private static byte[] bytes(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}

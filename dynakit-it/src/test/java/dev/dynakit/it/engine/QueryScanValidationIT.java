package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Query and Scan requests DynamoDB refuses, with its messages; the table is left as it was. */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class QueryScanValidationIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;
  DynamoDbClient db;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    db = fx.client;
    fx.createTable("tbl", "sk", ScalarAttributeType.N);
    for (int i = 0; i < 5; i++) {
      int k = i;
      db.putItem(b -> b.tableName("tbl").item(item("pk", "p", "sk", k, "v", "x" + k)));
    }
  }

  @AfterEach
  void tearDown() {
    // Nothing a refused read did changed the table.
    assertThat(db.scan(b -> b.tableName("tbl").consistentRead(true)).items())
        .hasSize(5)
        .allSatisfy(i -> assertThat(i).containsOnlyKeys("pk", "sk", "v"));
    fx.close();
  }

  private void query(Consumer<QueryRequest.Builder> extra, String message) {
    assertError(
        () ->
            db.query(
                b -> {
                  b.tableName("tbl")
                      .keyConditionExpression("pk = :p")
                      .expressionAttributeValues(Map.of(":p", s("p")));
                  extra.accept(b);
                }),
        "ValidationException",
        message);
  }

  private void scan(Consumer<ScanRequest.Builder> extra, String message) {
    assertError(
        () ->
            db.scan(
                b -> {
                  b.tableName("tbl");
                  extra.accept(b);
                }),
        "ValidationException",
        message);
  }

  private static Map<String, AttributeValue> values(Object... kv) {
    return item(kv);
  }

  @Test
  void query_keyConditionProblems() {
    assertError(
        () -> db.query(b -> b.tableName("tbl")),
        "ValidationException",
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the"
            + " request.");
    query(
        b -> b.keyConditionExpression("sk = :s").expressionAttributeValues(values(":s", n("1"))),
        "Query condition missed key schema element: pk");
    query(b -> b.keyConditionExpression("pk > :p"), "Query key condition not supported");
    query(
        b ->
            b.keyConditionExpression("pk = :p AND v = :v")
                .expressionAttributeValues(values(":p", s("p"), ":v", s("x"))),
        "Query condition missed key schema element");
    query(
        b ->
            b.keyConditionExpression("pk = :p AND sk > :a AND v = :v")
                .expressionAttributeValues(values(":p", s("p"), ":a", n("1"), ":v", s("x"))),
        "The number of query conditions (3) exceeds the number of key attributes defined in the"
            + " schema (2)");
    query(
        b -> b.expressionAttributeValues(values(":p", n("1"))),
        "One or more parameter values were invalid: Condition parameter type does not match schema"
            + " type");
    query(
        b ->
            b.keyConditionExpression("pk = :p AND sk = :s")
                .expressionAttributeValues(values(":p", s("p"), ":s", s("1"))),
        "Condition parameter type does not match schema type");
    query(
        b -> b.expressionAttributeValues(values(":p", s(""))),
        "The AttributeValue for a key attribute cannot contain an empty string value. Key: pk");
    query(
        b -> b.keyConditionExpression("pk = :p OR pk = :p"),
        "Invalid operator used in KeyConditionExpression: OR");
    query(
        b ->
            b.keyConditionExpression("pk = :p AND sk BETWEEN :hi AND :lo")
                .expressionAttributeValues(values(":p", s("p"), ":lo", n("1"), ":hi", n("5"))),
        "BETWEEN");
  }

  @Test
  void query_parameterShapeProblems() {
    query(
        b -> b.limit(0),
        "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must"
            + " have value greater than or equal to 1");
    assertError(
        () ->
            db.query(
                QueryRequest.builder()
                    .tableName("tb")
                    .limit(0)
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(values(":p", s("p")))
                    .build()),
        "ValidationException",
        "2 validation errors detected: Value 'tb' at 'tableName' failed to satisfy constraint:"
            + " Member must have length greater than or equal to 3; Value at 'Limit' failed to"
            + " satisfy constraint: Member must have value greater than or equal to 1");
    query(
        b -> b.select("count"),
        "1 validation error detected: Value 'count' at 'select' failed to satisfy constraint:"
            + " Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES,"
            + " ALL_PROJECTED_ATTRIBUTES]");
    query(
        b -> b.select(Select.SPECIFIC_ATTRIBUTES),
        "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression"
            + " when choosing to get SPECIFIC_ATTRIBUTES");
    query(
        b -> b.select(Select.COUNT).projectionExpression("v"),
        "1 validation error detected: Cannot specify the ProjectionExpression when choosing to get"
            + " only the Count");
    query(
        b -> b.select(Select.ALL_PROJECTED_ATTRIBUTES),
        "1 validation error detected: ALL_PROJECTED_ATTRIBUTES can be used only when Querying"
            + " using an IndexName");
    query(b -> b.indexName("nope"), "The table does not have the specified index: nope");
    query(
        b -> b.returnConsumedCapacity("ALL"),
        "Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint");
  }

  @Test
  void query_expressionProblems() {
    query(
        b -> b.filterExpression("sk > :p"),
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk");
    query(
        b -> b.projectionExpression("pk.x"),
        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not"
            + " allowed: Key: pk");
    query(
        b -> b.expressionAttributeValues(values(":p", s("p"), ":unused", s("x"))),
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
    query(
        b ->
            b.queryFilter(
                Map.of(
                    "v",
                    Condition.builder()
                        .comparisonOperator(ComparisonOperator.EQ)
                        .attributeValueList(s("x"))
                        .build())),
        "Can not use both expression and non-expression parameters in the same request:"
            + " Non-expression parameters: {QueryFilter} Expression parameters:"
            + " {KeyConditionExpression}");
    assertError(
        () ->
            db.query(
                b ->
                    b.tableName("tbl")
                        .keyConditions(
                            Map.of(
                                "pk",
                                Condition.builder()
                                    .comparisonOperator(ComparisonOperator.EQ)
                                    .attributeValueList(s("p"))
                                    .build()))
                        .queryFilter(
                            Map.of(
                                "sk",
                                Condition.builder()
                                    .comparisonOperator(ComparisonOperator.GT)
                                    .attributeValueList(n("1"))
                                    .build()))),
        "ValidationException",
        "QueryFilter can only contain non-primary key attributes: Primary key attribute: sk");
    assertError(
        () ->
            db.query(
                b ->
                    b.tableName("tbl")
                        .keyConditions(
                            Map.of(
                                "pk",
                                Condition.builder()
                                    .comparisonOperator(ComparisonOperator.NE)
                                    .attributeValueList(s("p"))
                                    .build()))),
        "ValidationException",
        "Attempted conditional constraint is not an indexable operation");
    Condition eqP =
        Condition.builder()
            .comparisonOperator(ComparisonOperator.EQ)
            .attributeValueList(s("p"))
            .build();
    assertError(
        () ->
            db.query(b -> b.tableName("tbl").keyConditions(Map.of("pk", eqP, "sk", eqP, "v", eqP))),
        "ValidationException",
        "Conditions can be of length 1 or 2 only");
  }

  @Test
  void query_exclusiveStartKeyProblems() {
    query(b -> b.exclusiveStartKey(item("pk", "p")), "The provided starting key is invalid");
    query(
        b -> b.exclusiveStartKey(item("pk", "p", "sk", "1")),
        "The provided starting key is invalid");
    query(
        b -> b.exclusiveStartKey(item("pk", "other", "sk", 1)),
        "The provided starting key is outside query boundaries based on provided conditions");
    query(
        b ->
            b.keyConditionExpression("pk = :p AND sk > :s")
                .expressionAttributeValues(values(":p", s("p"), ":s", n("3")))
                .exclusiveStartKey(item("pk", "p", "sk", 1)),
        "The provided starting key does not match the range key predicate");
    query(
        b -> b.exclusiveStartKey(item("pk", "", "sk", 1)),
        "The provided starting key is invalid: One or more parameter values are not valid. The"
            + " AttributeValue for a key attribute cannot contain an empty string value. Key: pk");
  }

  @Test
  void scan_segmentProblems() {
    scan(
        b -> b.segment(1),
        "The TotalSegments parameter is required but was not present in the request when Segment"
            + " parameter is present");
    scan(
        b -> b.totalSegments(2),
        "The Segment parameter is required but was not present in the request when parameter"
            + " TotalSegments is present");
    scan(
        b -> b.segment(2).totalSegments(2),
        "The Segment parameter is zero-based and must be less than parameter TotalSegments:"
            + " Segment: 2 is not less than TotalSegments: 2");
    scan(
        b -> b.segment(0).totalSegments(1_000_001),
        "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy"
            + " constraint: Member must have value less than or equal to 1000000");
    scan(
        b -> b.segment(-1).totalSegments(0),
        "2 validation errors detected: Value '-1' at 'segment' failed to satisfy constraint:"
            + " Member must have value greater than or equal to 0; Value '0' at 'totalSegments'"
            + " failed to satisfy constraint: Member must have value greater than or equal to 1");
    // A start key from another segment: all items share one partition, so one of two segments
    // holds them all.
    var first = db.scan(b -> b.tableName("tbl").segment(0).totalSegments(2).limit(1));
    int wrong = first.hasLastEvaluatedKey() ? 1 : 0;
    Map<String, AttributeValue> key =
        first.hasLastEvaluatedKey()
            ? first.lastEvaluatedKey()
            : db.scan(b -> b.tableName("tbl").segment(1).totalSegments(2).limit(1))
                .lastEvaluatedKey();
    scan(
        b -> b.segment(wrong).totalSegments(2).exclusiveStartKey(key),
        "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use"
            + " ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: "
            + wrong);
  }

  @Test
  void query_refusesAnUnknownConditionalOperatorFirstAndBare() {
    assertError(
        () ->
            db.query(
                b ->
                    b.tableName("absent_table")
                        .keyConditions(
                            Map.of(
                                "pk",
                                Condition.builder()
                                    .comparisonOperator(ComparisonOperator.EQ)
                                    .attributeValueList(s("a"))
                                    .build()))
                        .queryFilter(
                            Map.of(
                                "b", Condition.builder().comparisonOperator("NULL").build(),
                                "c", Condition.builder().comparisonOperator("NULL").build()))
                        .conditionalOperator("XOR")
                        .select("BOGUS")),
        "ValidationException",
        "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
    assertError(
        () -> db.scan(b -> b.tableName("tbl").conditionalOperator("XOR")),
        "ValidationException",
        "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy"
            + " constraint: Member must satisfy enum value set: [OR, AND]");
  }

  @Test
  void scan_parameterProblems() {
    scan(
        b -> b.limit(0),
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member"
            + " must have value greater than or equal to 1");
    scan(
        b -> b.select(Select.SPECIFIC_ATTRIBUTES),
        "Must specify the AttributesToGet or ProjectionExpression when choosing to get"
            + " SPECIFIC_ATTRIBUTES");
    scan(
        b -> b.select(Select.ALL_ATTRIBUTES).attributesToGet("v"),
        "Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES");
    scan(
        b -> b.exclusiveStartKey(item("pk", "p")),
        "The provided starting key is invalid: The provided key element does not match the"
            + " schema");
    scan(
        b -> b.expressionAttributeValues(values(":v", s("x"))),
        "ExpressionAttributeValues can only be specified when using expressions: FilterExpression"
            + " is null");
    scan(
        b ->
            b.filterExpression("v.x[0] = :v")
                .expressionAttributeValues(values(":v", s("x")))
                .projectionExpression("v")
                .attributesToGet("v"),
        "Can not use both expression and non-expression parameters in the same request:"
            + " Non-expression parameters: {AttributesToGet} Expression parameters:"
            + " {ProjectionExpression, FilterExpression}");
    scan(
        b -> b.consistentRead(true).indexName("missing"),
        "The table does not have the specified index: missing");
    assertThatThrownBy(() -> db.scan(b -> b.tableName("nothere")))
        .isInstanceOf(ResourceNotFoundException.class);
    assertThatThrownBy(
            () ->
                db.query(
                    b ->
                        b.tableName("nothere")
                            .keyConditionExpression("pk = :p")
                            .expressionAttributeValues(values(":p", s("p")))))
        .isInstanceOf(ResourceNotFoundException.class);
  }
}

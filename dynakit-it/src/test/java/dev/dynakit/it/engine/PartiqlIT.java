package dev.dynakit.it.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * PartiQL against the expression API through the Java SDK: random SELECTs page through the same
 * items as the Query or Scan that does the same work, and random writes leave two tables equal,
 * failing where their expression twins fail, with the same error.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class PartiqlIT {
  private static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED"};

  @Parameter EngineSetup setup;

  private EngineFixture fixture;
  private DynamoDbClient client;

  @BeforeEach
  void setUp() {
    fixture = new EngineFixture(setup);
    client = fixture.client;
    fixture.createTable("viapartiql", "sk", ScalarAttributeType.N);
    fixture.createTable("viaexpressions", "sk", ScalarAttributeType.N);
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void randomSelects_pageThroughTheItemsOfTheirQueryOrScan() {
    Random random = new Random(7);
    for (int i = 0; i < 60; i++) {
      client.putItem(b -> b.tableName("viapartiql").item(randomItem(random)));
    }
    for (int round = 0; round < 40; round++) {
      String pk = "p" + random.nextInt(3);
      int bound = random.nextInt(20);
      String status = STATUSES[random.nextInt(3)];
      int limit = 1 + random.nextInt(7);
      boolean query = random.nextBoolean();
      String where =
          (query ? "pk = ? AND sk >= ? AND " : "") + "status <> ? AND attribute_type(n, 'N')";
      List<AttributeValue> parameters = new ArrayList<>();
      if (query) {
        parameters.add(AttributeValue.fromS(pk));
        parameters.add(AttributeValue.fromN(Integer.toString(bound)));
      }
      parameters.add(AttributeValue.fromS(status));
      List<Map<String, AttributeValue>> viaPartiql =
          selectAll("SELECT * FROM viapartiql WHERE " + where, parameters, limit);
      Map<String, AttributeValue> values = new HashMap<>();
      values.put(":s", AttributeValue.fromS(status));
      values.put(":t", AttributeValue.fromS("N"));
      String filter = "#st <> :s AND attribute_type(n, :t)";
      List<Map<String, AttributeValue>> viaExpressions = new ArrayList<>();
      Map<String, AttributeValue> start = null;
      do {
        Map<String, AttributeValue> from = start;
        if (query) {
          values.put(":p", AttributeValue.fromS(pk));
          values.put(":b", AttributeValue.fromN(Integer.toString(bound)));
          QueryResponse page =
              client.query(
                  QueryRequest.builder()
                      .tableName("viapartiql")
                      .keyConditionExpression("pk = :p AND sk >= :b")
                      .filterExpression(filter)
                      .expressionAttributeNames(Map.of("#st", "status"))
                      .expressionAttributeValues(values)
                      .limit(limit)
                      .exclusiveStartKey(from)
                      .build());
          viaExpressions.addAll(page.items());
          start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
        } else {
          var page =
              client.scan(
                  ScanRequest.builder()
                      .tableName("viapartiql")
                      .filterExpression(filter)
                      .expressionAttributeNames(Map.of("#st", "status"))
                      .expressionAttributeValues(values)
                      .limit(limit)
                      .exclusiveStartKey(from)
                      .build());
          viaExpressions.addAll(page.items());
          start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
        }
      } while (start != null);
      assertThat(viaPartiql).as("round %d: %s", round, where).isEqualTo(viaExpressions);
    }
  }

  @Test
  void randomWrites_leaveBothTablesEqual_andFailAlike() {
    Random random = new Random(11);
    for (int step = 0; step < 150; step++) {
      String pk = "p" + random.nextInt(2);
      int sk = random.nextInt(6);
      String status = STATUSES[random.nextInt(3)];
      int kind = random.nextInt(3);
      String partiql;
      Runnable expression;
      List<AttributeValue> parameters =
          List.of(
              AttributeValue.fromS(status),
              AttributeValue.fromS(pk),
              AttributeValue.fromN(Integer.toString(sk)));
      Map<String, AttributeValue> key =
          Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(Integer.toString(sk)));
      if (kind == 0) {
        partiql = "INSERT INTO viapartiql VALUE {'status': ?, 'pk': ?, 'sk': ?}";
        Map<String, AttributeValue> item = new HashMap<>(key);
        item.put("status", AttributeValue.fromS(status));
        expression =
            () ->
                client.putItem(
                    b ->
                        b.tableName("viaexpressions")
                            .item(item)
                            .conditionExpression("attribute_not_exists(pk)"));
      } else if (kind == 1) {
        partiql = "UPDATE viapartiql SET n = n + 1 WHERE status <> ? AND pk = ? AND sk = ?";
        expression =
            () ->
                client.updateItem(
                    b ->
                        b.tableName("viaexpressions")
                            .key(key)
                            .updateExpression("SET n = n + :one")
                            .conditionExpression("attribute_exists(pk) AND #st <> :s")
                            .expressionAttributeNames(Map.of("#st", "status"))
                            .expressionAttributeValues(
                                Map.of(
                                    ":one",
                                    AttributeValue.fromN("1"),
                                    ":s",
                                    AttributeValue.fromS(status))));
      } else {
        partiql = "DELETE FROM viapartiql WHERE status = ? AND pk = ? AND sk = ?";
        expression =
            () ->
                client.deleteItem(
                    b ->
                        b.tableName("viaexpressions")
                            .key(key)
                            .conditionExpression("#st = :s")
                            .expressionAttributeNames(Map.of("#st", "status"))
                            .expressionAttributeValues(Map.of(":s", AttributeValue.fromS(status))));
      }
      String partiqlError =
          errorOf(
              () ->
                  client.executeStatement(
                      ExecuteStatementRequest.builder()
                          .statement(partiql)
                          .parameters(parameters)
                          .build()));
      String expressionError = errorOf(expression);
      if (kind == 0 && expressionError != null) {
        expressionError =
            expressionError.replace(
                "ConditionalCheckFailedException: The conditional request failed",
                "DuplicateItemException: Duplicate primary key exists in table");
      }
      assertThat(partiqlError).as("step %d: %s", step, partiql).isEqualTo(expressionError);
    }
    assertThat(scanAll("viapartiql")).isEqualTo(scanAll("viaexpressions"));
  }

  @Test
  void aCancelledTransaction_changesNothing() {
    client.executeStatement(
        b -> b.statement("INSERT INTO viapartiql VALUE {'pk': 'a', 'sk': 1, 'n': 1}"));
    client.executeStatement(b -> b.statement("INSERT INTO viapartiql VALUE {'pk': 'b', 'sk': 1}"));
    ExecuteTransactionRequest request =
        ExecuteTransactionRequest.builder()
            .transactStatements(
                ParameterizedStatement.builder()
                    .statement("UPDATE viapartiql SET n = 2 WHERE pk = 'a' AND sk = 1")
                    .build(),
                ParameterizedStatement.builder()
                    .statement("INSERT INTO viapartiql VALUE {'pk': 'b', 'sk': 1}")
                    .build())
            .build();
    try {
      client.executeTransaction(request);
      throw new AssertionError("the transaction should have been cancelled");
    } catch (TransactionCanceledException e) {
      assertThat(e.cancellationReasons())
          .extracting(r -> r.code())
          .containsExactly("None", "ConditionalCheckFailed");
    }
    assertThat(
            client
                .getItem(
                    b ->
                        b.tableName("viapartiql")
                            .key(
                                Map.of(
                                    "pk",
                                    AttributeValue.fromS("a"),
                                    "sk",
                                    AttributeValue.fromN("1"))))
                .item()
                .get("n"))
        .isEqualTo(AttributeValue.fromN("1"));
  }

  private List<Map<String, AttributeValue>> selectAll(
      String statement, List<AttributeValue> parameters, int limit) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    String token = null;
    do {
      String next = token;
      ExecuteStatementResponse page =
          client.executeStatement(
              b -> b.statement(statement).parameters(parameters).limit(limit).nextToken(next));
      items.addAll(page.items());
      token = page.nextToken();
    } while (token != null);
    return items;
  }

  private List<Map<String, AttributeValue>> scanAll(String table) {
    return client.scan(b -> b.tableName(table)).items();
  }

  private static Map<String, AttributeValue> randomItem(Random random) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("pk", AttributeValue.fromS("p" + random.nextInt(3)));
    item.put("sk", AttributeValue.fromN(Integer.toString(random.nextInt(20))));
    item.put("status", AttributeValue.fromS(STATUSES[random.nextInt(3)]));
    if (random.nextInt(4) > 0) {
      item.put("n", AttributeValue.fromN(Integer.toString(random.nextInt(100))));
    } else {
      item.put("n", AttributeValue.fromS("not a number"));
    }
    return item;
  }

  private static String errorOf(Runnable call) {
    try {
      call.run();
      return null;
    } catch (DynamoDbException e) {
      return e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage();
    }
  }
}

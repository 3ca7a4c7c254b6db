package dev.dynakit.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The steps of {@code dynakit demo}: plain AWS SDK calls against whatever the client points at,
 * each printed with its result. A step that fails stops the demo with a message naming it.
 */
final class DemoScript {
  static final String TABLE = "demo-cars";

  private final DynamoDbClient dynamo;
  private final PrintWriter out;
  private int step;

  DemoScript(DynamoDbClient dynamo, PrintWriter out) {
    this.dynamo = dynamo;
    this.out = out;
  }

  void run() {
    createTable();
    List<Map<String, AttributeValue>> cars =
        List.of(
            car("Toyota", "Corolla", 2021, 21000),
            car("Toyota", "Prius", 2023, 28500),
            car("Honda", "Civic", 2022, 24000));
    begin("PutItem", "write " + cars.size() + " cars");
    for (Map<String, AttributeValue> item : cars) {
      call("PutItem", () -> dynamo.putItem(b -> b.tableName(TABLE).item(item)));
      result(ItemText.of(item));
    }

    Map<String, AttributeValue> corolla = key("Toyota", "Corolla");
    begin("GetItem", "read " + ItemText.of(corolla));
    result(
        ItemText.of(
            call("GetItem", () -> dynamo.getItem(b -> b.tableName(TABLE).key(corolla))).item()));

    begin(
        "UpdateItem",
        "SET price = price - :discount, #status = :status on "
            + ItemText.of(corolla)
            + " (:discount = 1500), returning the new values");
    Map<String, AttributeValue> updated =
        call(
                "UpdateItem",
                () ->
                    dynamo.updateItem(
                        b ->
                            b.tableName(TABLE)
                                .key(corolla)
                                .updateExpression(
                                    "SET price = price - :discount, #status = :status")
                                .expressionAttributeNames(Map.of("#status", "status"))
                                .expressionAttributeValues(
                                    Map.of(
                                        ":discount", number(1500),
                                        ":status", AttributeValue.fromS("on sale")))
                                .returnValues(ReturnValue.UPDATED_NEW)))
            .attributes();
    result(ItemText.of(updated));

    begin(
        "PutItem", "write " + ItemText.of(corolla) + " again, only if attribute_not_exists(make)");
    try {
      call(
          "PutItem",
          () ->
              dynamo.putItem(
                  b ->
                      b.tableName(TABLE)
                          .item(car("Toyota", "Corolla", 2024, 1))
                          .conditionExpression("attribute_not_exists(make)")));
      throw new IllegalStateException(
          "step " + step + " (PutItem): the conditional write should have been refused");
    } catch (ConditionalCheckFailedException expected) {
      result("refused, as it should be: " + expected.awsErrorDetails().errorMessage());
    }

    Map<String, AttributeValue> civic = key("Honda", "Civic");
    begin("DeleteItem", "delete " + ItemText.of(civic) + ", returning the old item");
    result(
        ItemText.of(
            call(
                    "DeleteItem",
                    () ->
                        dynamo.deleteItem(
                            b -> b.tableName(TABLE).key(civic).returnValues(ReturnValue.ALL_OLD)))
                .attributes()));

    begin("GetItem", "read " + ItemText.of(civic) + " again");
    var gone = call("GetItem", () -> dynamo.getItem(b -> b.tableName(TABLE).key(civic)));
    result(gone.hasItem() && !gone.item().isEmpty() ? ItemText.of(gone.item()) : "no item");

    out.println();
    out.println("Done: " + step + " steps, all through the AWS SDK's DynamoDbClient.");
    out.flush();
  }

  private void createTable() {
    begin("CreateTable", TABLE + ": partition key make (S), sort key model (S), on demand");
    TableStatus status =
        call(
                "CreateTable",
                () ->
                    dynamo.createTable(
                        b ->
                            b.tableName(TABLE)
                                .attributeDefinitions(
                                    stringAttribute("make"), stringAttribute("model"))
                                .keySchema(
                                    keyElement("make", KeyType.HASH),
                                    keyElement("model", KeyType.RANGE))
                                .billingMode(BillingMode.PAY_PER_REQUEST)))
            .tableDescription()
            .tableStatus();
    // DynamoDB creates tables asynchronously; wait the way a real client would
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (status != TableStatus.ACTIVE && System.nanoTime() < deadline) {
      pause();
      status =
          call("DescribeTable", () -> dynamo.describeTable(b -> b.tableName(TABLE)))
              .table()
              .tableStatus();
    }
    if (status != TableStatus.ACTIVE) {
      throw new IllegalStateException(
          "step " + step + " (CreateTable): the table did not become ACTIVE (" + status + ")");
    }
    result(status.toString());
  }

  private void begin(String operation, String what) {
    step++;
    out.println();
    out.println(step + ". " + operation + ": " + what);
    out.flush();
  }

  private void result(String text) {
    out.println("   -> " + text);
    out.flush();
  }

  /** Runs one SDK call; a DynamoDB error becomes a message that names the step. */
  private <T> T call(String operation, Supplier<T> request) {
    try {
      return request.get();
    } catch (ConditionalCheckFailedException e) {
      throw e;
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
      if ("UnknownOperationException".equals(code)) {
        throw new IllegalStateException(
            "step " + step + ": this engine does not implement " + operation + " yet", e);
      }
      String message =
          e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
      throw new IllegalStateException(
          "step " + step + " (" + operation + ") failed: " + code + ": " + message, e);
    }
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the table", e);
    }
  }

  private static AttributeDefinition stringAttribute(String name) {
    return AttributeDefinition.builder()
        .attributeName(name)
        .attributeType(ScalarAttributeType.S)
        .build();
  }

  private static KeySchemaElement keyElement(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static Map<String, AttributeValue> key(String make, String model) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put("make", AttributeValue.fromS(make));
    key.put("model", AttributeValue.fromS(model));
    return key;
  }

  private static Map<String, AttributeValue> car(String make, String model, int year, int price) {
    Map<String, AttributeValue> item = key(make, model);
    item.put("year", number(year));
    item.put("price", number(price));
    return item;
  }

  private static AttributeValue number(long n) {
    return AttributeValue.fromN(Long.toString(n));
  }
}

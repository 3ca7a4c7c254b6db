package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.Tag;

@ParameterizedClass
@EnumSource(EngineSetup.class)
class ControlPlaneIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private static AttributeDefinition attr(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement hash(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
  }

  private static KeySchemaElement range(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
  }

  @Test
  void createTable_withIndexes_isDescribedFully() {
    fx.client.createTable(
        b ->
            b.tableName("orders")
                .attributeDefinitions(
                    attr("pk", ScalarAttributeType.S),
                    attr("sk", ScalarAttributeType.S),
                    attr("status", ScalarAttributeType.S),
                    attr("amount", ScalarAttributeType.N))
                .keySchema(hash("pk"), range("sk"))
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(3L))
                .globalSecondaryIndexes(
                    GlobalSecondaryIndex.builder()
                        .indexName("byStatus")
                        .keySchema(hash("status"), range("sk"))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .build())
                .localSecondaryIndexes(
                    LocalSecondaryIndex.builder()
                        .indexName("byAmount")
                        .keySchema(hash("pk"), range("amount"))
                        .projection(
                            Projection.builder()
                                .projectionType(ProjectionType.INCLUDE)
                                .nonKeyAttributes("note")
                                .build())
                        .build())
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))
                .tags(Tag.builder().key("team").value("core").build()));
    fx.client.putItem(b -> b.tableName("orders").item(item("pk", "p", "sk", "s", "note", "hello")));
    TableDescription t = fx.client.describeTable(b -> b.tableName("orders")).table();
    assertThat(t.tableStatus()).isEqualTo(TableStatus.ACTIVE);
    assertThat(t.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/orders");
    assertThat(t.keySchema()).containsExactly(hash("pk"), range("sk"));
    assertThat(t.itemCount()).isEqualTo(1);
    assertThat(t.tableSizeBytes()).isPositive();
    assertThat(t.creationDateTime()).isNotNull();
    assertThat(t.provisionedThroughput().readCapacityUnits()).isEqualTo(5);
    assertThat(t.globalSecondaryIndexes()).hasSize(1);
    assertThat(t.globalSecondaryIndexes().get(0).indexName()).isEqualTo("byStatus");
    assertThat(t.globalSecondaryIndexes().get(0).indexStatusAsString()).isEqualTo("ACTIVE");
    assertThat(t.localSecondaryIndexes().get(0).projection().nonKeyAttributes())
        .containsExactly("note");
    assertThat(t.streamSpecification().streamEnabled()).isTrue();
    assertThat(fx.client.listTagsOfResource(b -> b.resourceArn(t.tableArn())).tags())
        .containsExactly(Tag.builder().key("team").value("core").build());
  }

  @Test
  void createTable_invalidDeclarations_areRefusedAndCreateNothing() {
    assertError(
        () ->
            fx.client.createTable(
                b ->
                    b.tableName("ab")
                        .attributeDefinitions(attr("pk", ScalarAttributeType.S))
                        .keySchema(hash("pk"))
                        .billingMode(BillingMode.PAY_PER_REQUEST)),
        "ValidationException",
        "tableName");
    assertError(
        () ->
            fx.client.createTable(
                b ->
                    b.tableName("t1")
                        .attributeDefinitions(attr("other", ScalarAttributeType.S))
                        .keySchema(hash("pk"))
                        .billingMode(BillingMode.PAY_PER_REQUEST)),
        "ValidationException",
        "");
    assertError(
        () ->
            fx.client.createTable(
                b ->
                    b.tableName("t2")
                        .attributeDefinitions(attr("pk", ScalarAttributeType.S))
                        .keySchema(hash("pk"))
                        .billingMode(BillingMode.PROVISIONED)),
        "ValidationException",
        "");
    assertError(
        () ->
            fx.client.createTable(
                b ->
                    b.tableName("t3")
                        .attributeDefinitions(attr("pk", ScalarAttributeType.S))
                        .keySchema(hash("pk"))
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .provisionedThroughput(
                            p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))),
        "ValidationException",
        "");
    assertThat(fx.client.listTables().tableNames()).isEmpty();
  }

  @Test
  void createTable_twice_isResourceInUse() {
    fx.createTable("dup");
    assertThatThrownBy(() -> fx.createTable("dup")).isInstanceOf(ResourceInUseException.class);
  }

  @Test
  void listTables_pagesInNameOrder() {
    List<String> names = List.of("t-c", "t-a", "t-e", "t-b", "t-d");
    names.forEach(fx::createTable);
    List<String> seen = new ArrayList<>();
    String start = null;
    do {
      String from = start;
      ListTablesResponse page = fx.client.listTables(b -> b.limit(2).exclusiveStartTableName(from));
      assertThat(page.tableNames().size()).isLessThanOrEqualTo(2);
      seen.addAll(page.tableNames());
      start = page.lastEvaluatedTableName();
    } while (start != null);
    assertThat(seen).containsExactly("t-a", "t-b", "t-c", "t-d", "t-e");
  }

  @Test
  void deleteTable_removesTableAndItsItems() {
    fx.createTable("gone");
    fx.client.putItem(b -> b.tableName("gone").item(item("pk", "x")));
    fx.client.deleteTable(b -> b.tableName("gone"));
    assertThatThrownBy(() -> fx.client.describeTable(b -> b.tableName("gone")))
        .isInstanceOf(ResourceNotFoundException.class);
    fx.createTable("gone");
    assertThat(fx.client.getItem(b -> b.tableName("gone").key(Items.key("x"))).hasItem()).isFalse();
  }

  @Test
  void updateTable_changesBillingAndThroughput() {
    fx.createTable("upd");
    TableDescription t =
        fx.client
            .updateTable(
                b ->
                    b.tableName("upd")
                        .billingMode(BillingMode.PROVISIONED)
                        .provisionedThroughput(
                            ProvisionedThroughput.builder()
                                .readCapacityUnits(7L)
                                .writeCapacityUnits(9L)
                                .build()))
            .tableDescription();
    assertThat(t.provisionedThroughput().writeCapacityUnits()).isEqualTo(9);
    assertThat(
            fx.client
                .describeTable(b -> b.tableName("upd"))
                .table()
                .billingModeSummary()
                .billingMode())
        .isEqualTo(BillingMode.PROVISIONED);
  }

  @Test
  void tags_addListRemove() {
    fx.createTable("tagged");
    String arn = fx.client.describeTable(b -> b.tableName("tagged")).table().tableArn();
    fx.client.tagResource(
        b ->
            b.resourceArn(arn)
                .tags(
                    Tag.builder().key("a").value("1").build(),
                    Tag.builder().key("b").value("2").build()));
    fx.client.untagResource(b -> b.resourceArn(arn).tagKeys("a"));
    assertThat(fx.client.listTagsOfResource(b -> b.resourceArn(arn)).tags())
        .containsExactly(Tag.builder().key("b").value("2").build());
  }

  @Test
  void describeLimitsAndEndpoints_answer() {
    assertThat(fx.client.describeLimits().accountMaxReadCapacityUnits()).isPositive();
    assertThat(fx.client.describeEndpoints(b -> {}).endpoints()).isNotEmpty();
  }
}

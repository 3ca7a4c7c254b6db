package dev.dynakit.it.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.extensions.annotations.DynamoDbVersionAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchGetResultPageIterable;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.ReadBatch;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactWriteItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The AWS SDK's own object mapper (the enhanced client) against the engine, over both transports: a
 * table made from an annotated bean with a GSI, optimistic locking by its version extension,
 * queries, scans, batches and transactions, as its users write them.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class EnhancedClientIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;
  DynamoDbTable<Order> orders;
  DynamoDbEnhancedClient enhanced;

  /** An order of a customer, as a bean the enhanced client maps. */
  @DynamoDbBean
  public static class Order {
    private String customer;
    private String id;
    private String status;
    private Integer total;
    private Long version;

    public Order() {}

    Order(String customer, String id, String status, int total) {
      this.customer = customer;
      this.id = id;
      this.status = status;
      this.total = total;
    }

    @DynamoDbPartitionKey
    public String getCustomer() {
      return customer;
    }

    public void setCustomer(String customer) {
      this.customer = customer;
    }

    @DynamoDbSortKey
    public String getId() {
      return id;
    }

    public void setId(String id) {
      this.id = id;
    }

    @DynamoDbSecondaryPartitionKey(indexNames = "byStatus")
    public String getStatus() {
      return status;
    }

    public void setStatus(String status) {
      this.status = status;
    }

    public Integer getTotal() {
      return total;
    }

    public void setTotal(Integer total) {
      this.total = total;
    }

    @DynamoDbVersionAttribute
    public Long getVersion() {
      return version;
    }

    public void setVersion(Long version) {
      this.version = version;
    }
  }

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(fx.client).build();
    orders = enhanced.table("orders", TableSchema.fromBean(Order.class));
    orders.createTable(
        b ->
            b.globalSecondaryIndices(
                EnhancedGlobalSecondaryIndex.builder()
                    .indexName("byStatus")
                    .projection(p -> p.projectionType(ProjectionType.ALL))
                    .build()));
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  @Test
  void putGetUpdateDelete_withOptimisticLocking() {
    orders.putItem(new Order("c1", "o1", "open", 10));
    Order read = orders.getItem(Key.builder().partitionValue("c1").sortValue("o1").build());
    assertThat(read.getTotal()).isEqualTo(10);
    assertThat(read.getVersion()).isEqualTo(1L);

    read.setTotal(15);
    Order updated = orders.updateItem(read);
    assertThat(updated.getVersion()).isEqualTo(2L);

    // a writer holding the first version loses
    Order stale = new Order("c1", "o1", "open", 99);
    stale.setVersion(1L);
    assertThatThrownBy(() -> orders.putItem(stale))
        .isInstanceOf(ConditionalCheckFailedException.class);

    Order deleted = orders.deleteItem(Key.builder().partitionValue("c1").sortValue("o1").build());
    assertThat(deleted.getTotal()).isEqualTo(15);
    assertThat(orders.getItem(Key.builder().partitionValue("c1").sortValue("o1").build())).isNull();
  }

  @Test
  void queries_indexes_scansAndPages() {
    // one by one: the SDK refuses batch puts of a versioned bean (their condition), by design
    for (int i = 0; i < 25; i++) {
      orders.putItem(new Order("c2", String.format("o%02d", i), i % 2 == 0 ? "open" : "paid", i));
    }

    List<Page<Order>> pages = new ArrayList<>();
    orders
        .query(
            b ->
                b.queryConditional(
                        QueryConditional.sortBeginsWith(
                            Key.builder().partitionValue("c2").sortValue("o1").build()))
                    .limit(4))
        .forEach(pages::add);
    List<String> ids = new ArrayList<>();
    pages.forEach(p -> p.items().forEach(o -> ids.add(o.getId())));
    assertThat(ids)
        .containsExactly("o10", "o11", "o12", "o13", "o14", "o15", "o16", "o17", "o18", "o19");
    assertThat(pages).hasSizeGreaterThan(2);

    List<Order> open = new ArrayList<>();
    orders
        .index("byStatus")
        .query(QueryConditional.keyEqualTo(Key.builder().partitionValue("open").build()))
        .forEach(p -> open.addAll(p.items()));
    assertThat(open).hasSize(13).allSatisfy(o -> assertThat(o.getStatus()).isEqualTo("open"));

    List<Order> big = new ArrayList<>();
    orders
        .scan(
            b ->
                b.filterExpression(
                    Expression.builder()
                        .expression("#t >= :min")
                        .putExpressionName("#t", "total")
                        .putExpressionValue(":min", AttributeValue.fromN("20"))
                        .build()))
        .items()
        .forEach(big::add);
    assertThat(big).extracting(Order::getTotal).containsExactlyInAnyOrder(20, 21, 22, 23, 24);

    BatchGetResultPageIterable got =
        enhanced.batchGetItem(
            b ->
                b.readBatches(
                    ReadBatch.builder(Order.class)
                        .mappedTableResource(orders)
                        .addGetItem(Key.builder().partitionValue("c2").sortValue("o03").build())
                        .addGetItem(Key.builder().partitionValue("c2").sortValue("nope").build())
                        .build()));
    assertThat(got.resultsForTable(orders)).extracting(Order::getId).containsExactly("o03");
  }

  @Test
  void transactions_allOrNothing() {
    orders.putItem(new Order("c3", "o1", "open", 1));
    TransactWriteItemsEnhancedRequest failing =
        TransactWriteItemsEnhancedRequest.builder()
            .addPutItem(orders, new Order("c3", "o2", "open", 2))
            .addConditionCheck(
                orders,
                b ->
                    b.key(Key.builder().partitionValue("c3").sortValue("o1").build())
                        .conditionExpression(
                            Expression.builder()
                                .expression("#s = :s")
                                .expressionNames(Map.of("#s", "status"))
                                .expressionValues(Map.of(":s", AttributeValue.fromS("paid")))
                                .build()))
            .build();
    assertThatThrownBy(() -> enhanced.transactWriteItems(failing))
        .isInstanceOf(TransactionCanceledException.class);
    assertThat(orders.getItem(Key.builder().partitionValue("c3").sortValue("o2").build())).isNull();

    enhanced.transactWriteItems(
        TransactWriteItemsEnhancedRequest.builder()
            .addPutItem(orders, new Order("c3", "o2", "open", 2))
            .addDeleteItem(orders, Key.builder().partitionValue("c3").sortValue("o1").build())
            .build());
    assertThat(orders.getItem(Key.builder().partitionValue("c3").sortValue("o2").build()))
        .isNotNull();
    assertThat(orders.getItem(Key.builder().partitionValue("c3").sortValue("o1").build())).isNull();
  }
}

package dev.dynakit.core.adapter;

import dev.dynakit.core.batch.BatchTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.metrics.CoreMetric;
import software.amazon.awssdk.metrics.MetricCollection;
import software.amazon.awssdk.metrics.MetricPublisher;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Sends the Adapter's requests and tells the listener about each. Without a listener a request goes
 * straight to the client, so observation costs nothing when unused. It is also the transport of the
 * Adapter's {@link dev.dynakit.core.batch.Batches}: the batch requests it sends (whose resends it
 * reports with their attempt numbers) ask for the consumed capacity as the Adapter's own do.
 */
final class Sender implements BatchTransport {
  private final DynamoDbClient client;
  private final String table;
  private final @Nullable RequestListener listener;
  private final @Nullable ReturnConsumedCapacity capacity;

  Sender(
      DynamoDbClient client,
      String table,
      @Nullable RequestListener listener,
      @Nullable ReturnConsumedCapacity capacity) {
    this.client = client;
    this.table = table;
    this.listener = listener;
    this.capacity = capacity;
  }

  /** What to put in a request's ReturnConsumedCapacity, or null to leave it out. */
  @Nullable ReturnConsumedCapacity capacity() {
    return capacity;
  }

  GetItemResponse getItem(GetItemRequest request) {
    return send("GetItem", null, 1, request, client::getItem, r -> one(r.consumedCapacity()));
  }

  PutItemResponse putItem(PutItemRequest request) {
    return send("PutItem", null, 1, request, client::putItem, r -> one(r.consumedCapacity()));
  }

  UpdateItemResponse updateItem(UpdateItemRequest request) {
    return send("UpdateItem", null, 1, request, client::updateItem, r -> one(r.consumedCapacity()));
  }

  DeleteItemResponse deleteItem(DeleteItemRequest request) {
    return send("DeleteItem", null, 1, request, client::deleteItem, r -> one(r.consumedCapacity()));
  }

  QueryResponse query(QueryRequest request) {
    return send(
        "Query", request.indexName(), 1, request, client::query, r -> one(r.consumedCapacity()));
  }

  ScanResponse scan(ScanRequest request) {
    return send(
        "Scan", request.indexName(), 1, request, client::scan, r -> one(r.consumedCapacity()));
  }

  @Override
  public BatchGetItemResponse batchGetItem(BatchGetItemRequest request, int attempt) {
    BatchGetItemRequest asked =
        capacity == null ? request : request.toBuilder().returnConsumedCapacity(capacity).build();
    return send(
        "BatchGetItem",
        null,
        attempt,
        asked,
        client::batchGetItem,
        BatchGetItemResponse::consumedCapacity);
  }

  @Override
  public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request, int attempt) {
    BatchWriteItemRequest asked =
        capacity == null ? request : request.toBuilder().returnConsumedCapacity(capacity).build();
    return send(
        "BatchWriteItem",
        null,
        attempt,
        asked,
        client::batchWriteItem,
        BatchWriteItemResponse::consumedCapacity);
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(
      TransactWriteItemsRequest request, int attempt) {
    TransactWriteItemsRequest asked =
        capacity == null ? request : request.toBuilder().returnConsumedCapacity(capacity).build();
    return send(
        "TransactWriteItems",
        null,
        attempt,
        asked,
        client::transactWriteItems,
        TransactWriteItemsResponse::consumedCapacity);
  }

  @Override
  public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request, int attempt) {
    TransactGetItemsRequest asked =
        capacity == null ? request : request.toBuilder().returnConsumedCapacity(capacity).build();
    return send(
        "TransactGetItems",
        null,
        attempt,
        asked,
        client::transactGetItems,
        TransactGetItemsResponse::consumedCapacity);
  }

  private <Q extends DynamoDbRequest, R> R send(
      String operation,
      @Nullable String index,
      int attempt,
      Q request,
      Function<Q, R> call,
      Function<R, List<ConsumedCapacity>> consumed) {
    RequestListener observer = listener;
    if (observer == null) {
      return call.apply(request);
    }
    RetryCounter retries = new RetryCounter();
    Q observed = withPublisher(request, retries);
    long start = System.nanoTime();
    try {
      R response = call.apply(observed);
      tell(observer, operation, index, consumed.apply(response), start, attempt, retries, null);
      return response;
    } catch (RuntimeException e) {
      tell(observer, operation, index, List.of(), start, attempt, retries, e);
      throw e;
    }
  }

  private void tell(
      RequestListener observer,
      String operation,
      @Nullable String index,
      @Nullable List<ConsumedCapacity> consumed,
      long start,
      int attempt,
      RetryCounter retries,
      @Nullable Throwable failure) {
    Duration latency = Duration.ofNanos(System.nanoTime() - start);
    List<ConsumedCapacity> capacities = consumed == null ? List.of() : consumed;
    try {
      observer.onRequest(
          new RequestEvent(
              operation, table, index, capacities, latency, attempt, retries.count, failure));
    } catch (RuntimeException ignored) {
      // a listener observes; it never changes what the Adapter does
    }
  }

  @SuppressWarnings("unchecked")
  private static <Q extends DynamoDbRequest> Q withPublisher(Q request, MetricPublisher publisher) {
    AwsRequestOverrideConfiguration.Builder config =
        request
            .overrideConfiguration()
            .map(AwsRequestOverrideConfiguration::toBuilder)
            .orElseGet(AwsRequestOverrideConfiguration::builder);
    return (Q)
        request.toBuilder()
            .overrideConfiguration(config.addMetricPublisher(publisher).build())
            .build();
  }

  private static List<ConsumedCapacity> one(@Nullable ConsumedCapacity capacity) {
    List<ConsumedCapacity> list = new ArrayList<>(1);
    if (capacity != null) {
      list.add(capacity);
    }
    return list;
  }

  /** Reads the SDK's retry count of one call from its metrics. */
  private static final class RetryCounter implements MetricPublisher {
    private int count;

    @Override
    public void publish(MetricCollection metrics) {
      List<Integer> values = metrics.metricValues(CoreMetric.RETRY_COUNT);
      if (!values.isEmpty()) {
        count = values.get(0);
      }
    }

    @Override
    public void close() {}
  }
}

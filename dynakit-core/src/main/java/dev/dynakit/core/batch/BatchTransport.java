package dev.dynakit.core.batch;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * How {@link Batches} send their requests: the one seam between the retry logic and the client.
 * Each send carries its attempt number — 1 for the first send of a request's content, 2 and on for
 * the resends of what was left — so that a transport that observes requests (the Adapter's, which
 * tells its {@code RequestListener}) can tell retries apart. {@link #of} sends straight to the
 * client.
 */
public interface BatchTransport {
  BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request, int attempt);

  BatchGetItemResponse batchGetItem(BatchGetItemRequest request, int attempt);

  TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request, int attempt);

  TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request, int attempt);

  /** Straight to the client. */
  static BatchTransport of(DynamoDbClient client) {
    return new BatchTransport() {
      @Override
      public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request, int attempt) {
        return client.batchWriteItem(request);
      }

      @Override
      public BatchGetItemResponse batchGetItem(BatchGetItemRequest request, int attempt) {
        return client.batchGetItem(request);
      }

      @Override
      public TransactWriteItemsResponse transactWriteItems(
          TransactWriteItemsRequest request, int attempt) {
        return client.transactWriteItems(request);
      }

      @Override
      public TransactGetItemsResponse transactGetItems(
          TransactGetItemsRequest request, int attempt) {
        return client.transactGetItems(request);
      }
    };
  }
}

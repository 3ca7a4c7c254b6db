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

/** The requests batches send: one seam between the retry logic and the client. */
interface Transport {
  BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request);

  BatchGetItemResponse batchGetItem(BatchGetItemRequest request);

  TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request);

  TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request);

  /** Straight to the client. */
  static Transport of(DynamoDbClient client) {
    return new Transport() {
      @Override
      public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return client.batchWriteItem(request);
      }

      @Override
      public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return client.batchGetItem(request);
      }

      @Override
      public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return client.transactWriteItems(request);
      }

      @Override
      public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return client.transactGetItems(request);
      }
    };
  }
}

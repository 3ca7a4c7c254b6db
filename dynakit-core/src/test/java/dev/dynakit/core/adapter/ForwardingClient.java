package dev.dynakit.core.adapter;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Passes the requests an Adapter sends to a real client; tests override a method to watch or bend
 * one kind of request (the engine stays the thing under test, not a mock).
 */
class ForwardingClient implements DynamoDbClient {
  final DynamoDbClient delegate;

  ForwardingClient(DynamoDbClient delegate) {
    this.delegate = delegate;
  }

  @Override
  public GetItemResponse getItem(GetItemRequest request) {
    return delegate.getItem(request);
  }

  @Override
  public PutItemResponse putItem(PutItemRequest request) {
    return delegate.putItem(request);
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    return delegate.updateItem(request);
  }

  @Override
  public DeleteItemResponse deleteItem(DeleteItemRequest request) {
    return delegate.deleteItem(request);
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return delegate.query(request);
  }

  @Override
  public ScanResponse scan(ScanRequest request) {
    return delegate.scan(request);
  }

  @Override
  public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
    return delegate.batchGetItem(request);
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
    return delegate.transactWriteItems(request);
  }

  @Override
  public String serviceName() {
    return delegate.serviceName();
  }

  @Override
  public void close() {}
}

package dev.dynakit.benchmarks;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * A {@code DynamoDbClient} that answers GetItem with one stored item and PutItem with nothing,
 * doing no work: under it, a benchmark measures what the Adapter itself costs.
 */
final class CannedDynamoDbClient implements DynamoDbClient {
  private final GetItemResponse got;
  private final PutItemResponse put = PutItemResponse.builder().build();

  CannedDynamoDbClient(Map<String, AttributeValue> stored) {
    this.got = GetItemResponse.builder().item(stored).build();
  }

  @Override
  public GetItemResponse getItem(GetItemRequest request) {
    return got;
  }

  @Override
  public PutItemResponse putItem(PutItemRequest request) {
    return put;
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public void close() {}
}

package dev.dynakit.benchmarks;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Records the requests an Adapter sends (an SDK interceptor), so that a benchmark can check its
 * hand-written SDK calls are the very requests the Adapter makes: same table, key, item and
 * options, nothing more or less.
 */
final class SameCalls implements ExecutionInterceptor {
  private final List<SdkRequest> sent = new ArrayList<>();

  @Override
  public void beforeExecution(
      Context.BeforeExecution context, ExecutionAttributes executionAttributes) {
    synchronized (sent) {
      sent.add(context.request());
    }
  }

  /**
   * Runs the Adapter's getByKey and put once on {@code client} (which must carry this interceptor)
   * and fails unless the hand-written requests of {@link OverheadTable} equal them.
   */
  void check(DynamoDbClient client, TableSpec spec) {
    synchronized (sent) {
      sent.clear();
    }
    Adapter adapter = Adapter.builder(spec, client).build();
    adapter.put(OverheadTable.item(), WriteOptions.overwriting());
    adapter.getByKey(OverheadTable.key()).orElseThrow();
    List<SdkRequest> requests;
    synchronized (sent) {
      requests = List.copyOf(sent);
    }
    if (requests.size() != 2) {
      throw new IllegalStateException("expected one PutItem and one GetItem, got " + requests);
    }
    same("PutItem", requests.get(0), OverheadTable.putItem());
    same("GetItem", requests.get(1), OverheadTable.getItem());
  }

  private static void same(String operation, SdkRequest adapters, SdkRequest handWritten) {
    // items compare as maps: attribute order is not part of a request
    boolean equal;
    if (adapters instanceof PutItemRequest && handWritten instanceof PutItemRequest) {
      PutItemRequest a = (PutItemRequest) adapters;
      PutItemRequest h = (PutItemRequest) handWritten;
      equal =
          a.toBuilder().item(Map.of()).build().equals(h.toBuilder().item(Map.of()).build())
              && sameMap(a.item(), h.item());
    } else if (adapters instanceof GetItemRequest && handWritten instanceof GetItemRequest) {
      GetItemRequest a = (GetItemRequest) adapters;
      GetItemRequest h = (GetItemRequest) handWritten;
      equal =
          a.toBuilder().key(Map.of()).build().equals(h.toBuilder().key(Map.of()).build())
              && sameMap(a.key(), h.key());
    } else {
      equal = false;
    }
    if (!equal) {
      throw new IllegalStateException(
          operation
              + ": the hand-written request differs from the Adapter's:\n  Adapter: "
              + adapters
              + "\n  by hand: "
              + handWritten);
    }
  }

  private static boolean sameMap(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    return Objects.equals(Map.copyOf(a), Map.copyOf(b));
  }
}

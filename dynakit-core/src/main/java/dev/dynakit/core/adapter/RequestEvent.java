package dev.dynakit.core.adapter;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * One request an {@link Adapter} sent.
 *
 * @param operation the DynamoDB operation ({@code GetItem}, {@code Query}, …)
 * @param table the Adapter's table
 * @param index the index read, or null
 * @param consumedCapacity what the request consumed, when the Adapter asks for it ({@link
 *     Adapter.Builder#consumedCapacity}); empty otherwise
 * @param latency how long the call took, SDK retries included
 * @param attempt 1 for a request, then 2, 3, … when the Adapter resends its unprocessed part
 * @param retries how many times the SDK retried the call itself
 * @param failure what the call threw, or null when it succeeded
 */
public record RequestEvent(
    String operation,
    String table,
    @Nullable String index,
    List<ConsumedCapacity> consumedCapacity,
    Duration latency,
    int attempt,
    int retries,
    @Nullable Throwable failure) {
  public RequestEvent {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(table, "table");
    consumedCapacity = List.copyOf(consumedCapacity);
    Objects.requireNonNull(latency, "latency");
  }

  /** Whether the request succeeded. */
  public boolean succeeded() {
    return failure == null;
  }
}

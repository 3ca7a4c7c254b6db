package dev.dynakit.core.batch;

import dev.dynakit.core.batch.RetryBudget.Deadline;
import dev.dynakit.core.expr.Expression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Reads keys of one table with BatchGetItem, 100 distinct keys per request (DynamoDB refuses a key
 * twice in one request), resending unprocessed keys within the budget, and returns the items in the
 * order of the keys.
 */
final class BatchReader {
  static final int MAX_KEYS = 100;
  private static final String KEY_PLACEHOLDER = "#dynakitKey";

  private final BatchTransport transport;
  private final KeySchemas keys;
  private final RetryBudget budget;
  private final int parallelism;

  BatchReader(BatchTransport transport, KeySchemas keys, RetryBudget budget, int parallelism) {
    this.transport = transport;
    this.keys = keys;
    this.budget = budget;
    this.parallelism = parallelism;
  }

  BatchGetOutcome read(String table, List<Map<String, AttributeValue>> asked, GetOptions options) {
    List<Map<String, AttributeValue>> normalized = new ArrayList<>(asked.size());
    for (Map<String, AttributeValue> key : asked) {
      normalized.add(keys.keyOf(table, key));
    }
    List<Map<String, AttributeValue>> unique = new ArrayList<>(new LinkedHashSet<>(normalized));
    KeysAndAttributes shape = shape(table, options);
    Run run = new Run(budget.startNow());
    List<List<Map<String, AttributeValue>>> chunks = new ArrayList<>();
    for (int from = 0; from < unique.size(); from += MAX_KEYS) {
      chunks.add(unique.subList(from, Math.min(unique.size(), from + MAX_KEYS)));
    }
    if (parallelism == 1 || chunks.size() <= 1) {
      for (List<Map<String, AttributeValue>> chunk : chunks) {
        readChunk(table, chunk, shape, run);
      }
    } else {
      readInParallel(table, chunks, shape, run);
    }
    RuntimeException failure = run.failure;
    if (failure != null) {
      throw failure;
    }
    List<@Nullable Map<String, AttributeValue>> items = new ArrayList<>(asked.size());
    for (Map<String, AttributeValue> key : normalized) {
      items.add(run.found.get(key));
    }
    List<Map<String, AttributeValue>> unprocessed = new ArrayList<>();
    for (Map<String, AttributeValue> key : unique) {
      if (run.unprocessed.contains(key)) {
        unprocessed.add(key);
      }
    }
    return new BatchGetOutcome(items, unprocessed);
  }

  private void readInParallel(
      String table,
      List<List<Map<String, AttributeValue>>> chunks,
      KeysAndAttributes shape,
      Run run) {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(parallelism, chunks.size()),
            r -> {
              Thread thread = new Thread(r, "dynakit-batch-get");
              thread.setDaemon(true);
              return thread;
            });
    try {
      List<Future<?>> tasks = new ArrayList<>(chunks.size());
      for (List<Map<String, AttributeValue>> chunk : chunks) {
        tasks.add(pool.submit(() -> readChunk(table, chunk, shape, run)));
      }
      for (Future<?> task : tasks) {
        task.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      run.stopped.set(true);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a batch read failed unexpectedly", e.getCause());
    } finally {
      pool.shutdown();
    }
  }

  private void readChunk(
      String table, List<Map<String, AttributeValue>> chunk, KeysAndAttributes shape, Run run) {
    List<Map<String, AttributeValue>> remaining = chunk;
    int attempt = 1;
    while (true) {
      if (run.stopped.get() || run.deadline.passed()) {
        run.stop(remaining);
        return;
      }
      try {
        KeysAndAttributes request = shape.toBuilder().keys(remaining).build();
        BatchGetItemResponse response =
            transport.batchGetItem(
                BatchGetItemRequest.builder().requestItems(Map.of(table, request)).build(),
                attempt);
        for (Map<String, AttributeValue> item :
            response.responses().getOrDefault(table, List.of())) {
          run.found.put(keys.keyOf(table, item), item);
        }
        KeysAndAttributes left = response.unprocessedKeys().get(table);
        if (left == null || left.keys().isEmpty()) {
          return;
        }
        remaining = new ArrayList<>(left.keys().size());
        for (Map<String, AttributeValue> key : left.keys()) {
          remaining.add(keys.keyOf(table, key));
        }
      } catch (RuntimeException e) {
        if (!Faults.retryable(e)) {
          run.fail(e, remaining);
          return;
        }
      }
      attempt++;
      if (!budget.pause(attempt, run.deadline)) {
        run.stop(remaining);
        return;
      }
    }
  }

  /** The request shape: consistency and a projection that includes the key attributes. */
  private KeysAndAttributes shape(String table, GetOptions options) {
    KeysAndAttributes.Builder shape =
        KeysAndAttributes.builder().consistentRead(options.consistentRead() ? Boolean.TRUE : null);
    Expression projection = options.projection();
    if (projection == null) {
      return shape.build();
    }
    StringBuilder text = new StringBuilder(projection.text());
    Map<String, String> names = new LinkedHashMap<>(projection.names());
    Set<String> projected = topLevelPaths(projection);
    int n = 0;
    for (String keyName : keys.names(table)) {
      if (!projected.contains(keyName)) {
        String placeholder = KEY_PLACEHOLDER + n++;
        text.append(", ").append(placeholder);
        names.put(placeholder, keyName);
      }
    }
    shape.projectionExpression(text.toString());
    if (!names.isEmpty()) {
      shape.expressionAttributeNames(names);
    }
    return shape.build();
  }

  /** The attribute names the projection reads whole. */
  private static Set<String> topLevelPaths(Expression projection) {
    Set<String> paths = new LinkedHashSet<>();
    for (String path : projection.text().split(",", -1)) {
      String trimmed = path.trim();
      paths.add(projection.names().getOrDefault(trimmed, trimmed));
    }
    return paths;
  }

  /** The shared state of one call. */
  private static final class Run {
    final Deadline deadline;
    final AtomicBoolean stopped = new AtomicBoolean();
    final Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found =
        new ConcurrentHashMap<>();
    final Set<Map<String, AttributeValue>> unprocessed = ConcurrentHashMap.newKeySet();
    volatile @Nullable RuntimeException failure;

    Run(Deadline deadline) {
      this.deadline = deadline;
    }

    void stop(List<Map<String, AttributeValue>> left) {
      stopped.set(true);
      unprocessed.addAll(left);
    }

    synchronized void fail(RuntimeException e, List<Map<String, AttributeValue>> left) {
      if (failure == null) {
        failure = e;
      }
      stop(left);
    }
  }
}

package dev.dynakit.core.entity;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.entity.internal.EntityItems;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.core.token.ResumePoint;
import dev.dynakit.core.token.TokenScope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Runs access patterns: one Query per shard of the partition key, sent in parallel, merged in
 * sort-key order (a k-way merge). An item is taken only while every shard that is not exhausted has
 * a buffered item to compare it with, so the merged order is exact; a page's cursor holds each
 * shard's position (the last item taken from it), so the next page resumes every shard where it
 * stopped, whatever the page size. An unsharded key is the case of one shard.
 */
final class PatternReader {
  /** Shard queries block on I/O: a small pool of daemon threads, shared by every pattern. */
  private static final ExecutorService SHARDS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "dynakit-shard-query");
            thread.setDaemon(true);
            return thread;
          });

  private final EntityTable table;
  private final Adapter adapter;
  private final TableSpec spec;

  PatternReader(EntityTable table) {
    this.table = table;
    this.adapter = table.adapter();
    this.spec = table.spec();
  }

  PatternPage read(
      AccessPattern pattern, Map<String, ?> params, int limit, @Nullable String cursor) {
    PatternQuery query = new PatternQuery(spec, pattern, params);
    TokenScope scope = new TokenScope("pattern", spec.tableName(), query.canonicalParameters());
    List<ShardCursor> shards = new ArrayList<>();
    ResumePoint resume = cursor == null ? null : adapter.cursors().decode(scope, cursor);
    for (int i = 0; i < query.partitions().size(); i++) {
      shards.add(
          ShardCursor.from(i, resume == null ? null : resume.notes().get(Integer.toString(i))));
    }
    List<Map<String, AttributeValue>> taken = new ArrayList<>();
    List<EntitySpec> entities = new ArrayList<>();
    while (taken.size() < limit) {
      fill(query, shards, limit - taken.size());
      ShardCursor next = smallest(query, shards);
      if (next == null) {
        break;
      }
      Map<String, AttributeValue> raw = next.take(query.positionAttributes());
      Optional<EntitySpec> entity =
          EntityItems.entityOfKey(spec, Marshalling.fromItem(primaryKey(raw)));
      if (entity.isPresent() && query.returns(entity.get())) {
        taken.add(raw);
        entities.add(entity.get());
      }
    }
    boolean done = shards.stream().allMatch(ShardCursor::finished);
    String nextCursor = done ? null : adapter.cursors().encode(scope, point(shards));
    List<EntityItem> items = items(query, taken, entities);
    return new PatternPage(items, nextCursor, items.size());
  }

  long count(AccessPattern pattern, Map<String, ?> params) {
    PatternQuery query = new PatternQuery(spec, pattern, params);
    List<Supplier<Long>> counts = new ArrayList<>();
    for (int shard = 0; shard < query.partitions().size(); shard++) {
      int s = shard;
      counts.add(() -> countShard(query, s));
    }
    return parallel(counts).stream().mapToLong(Long::longValue).sum();
  }

  private long countShard(PatternQuery query, int shard) {
    long count = 0;
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder request = query.query(shard).select(Select.COUNT);
      QueryRequest base = request.build();
      query.countFilter(
          request,
          new LinkedHashMap<>(base.expressionAttributeNames()),
          new LinkedHashMap<>(base.expressionAttributeValues()));
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      QueryResponse response = adapter.client().query(request.build());
      count += response.count();
      start =
          response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
              ? response.lastEvaluatedKey()
              : null;
    } while (start != null);
    return count;
  }

  /** Fetches for every shard that has nothing buffered and more to read, until each has some. */
  private void fill(PatternQuery query, List<ShardCursor> shards, int wanted) {
    while (true) {
      List<ShardCursor> empty = shards.stream().filter(ShardCursor::needsFetch).toList();
      if (empty.isEmpty()) {
        return;
      }
      List<Supplier<QueryResponse>> fetches = new ArrayList<>();
      for (ShardCursor shard : empty) {
        fetches.add(
            () -> {
              QueryRequest.Builder request = query.query(shard.index()).limit(wanted);
              if (shard.startKey() != null) {
                request.exclusiveStartKey(shard.startKey());
              }
              return adapter.client().query(request.build());
            });
      }
      List<QueryResponse> responses = parallel(fetches);
      for (int i = 0; i < empty.size(); i++) {
        empty.get(i).receive(responses.get(i));
      }
    }
  }

  /** The shard whose next item comes first in the pattern's order (ties: the lower shard). */
  private static @Nullable ShardCursor smallest(PatternQuery query, List<ShardCursor> shards) {
    ShardCursor best = null;
    for (ShardCursor shard : shards) {
      if (shard.hasNext() && (best == null || compare(query, shard.peek(), best.peek()) < 0)) {
        best = shard;
      }
    }
    return best;
  }

  private static int compare(
      PatternQuery query, Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    String attribute = query.sortAttribute();
    if (attribute == null) {
      return 0;
    }
    int order = SortOrder.compare(a.get(attribute), b.get(attribute));
    return query.pattern().descending() ? -order : order;
  }

  private List<EntityItem> items(
      PatternQuery query, List<Map<String, AttributeValue>> taken, List<EntitySpec> entities) {
    List<@Nullable Map<String, Object>> revived = new ArrayList<>();
    if (query.keysOnly() && !taken.isEmpty()) {
      List<Map<String, Object>> keys = new ArrayList<>();
      for (Map<String, AttributeValue> raw : taken) {
        keys.add(Marshalling.fromItem(primaryKey(raw)));
      }
      revived.addAll(adapter.getByKeys(keys));
    } else {
      for (Map<String, AttributeValue> raw : taken) {
        revived.add(adapter.revive(raw));
      }
    }
    List<EntityItem> items = new ArrayList<>();
    for (int i = 0; i < revived.size(); i++) {
      Map<String, Object> item = revived.get(i);
      if (item != null) {
        items.add(new EntityItem(table, entities.get(i).name(), item));
      }
    }
    return items;
  }

  private Map<String, AttributeValue> primaryKey(Map<String, AttributeValue> raw) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (String attribute : spec.primaryKeyNames()) {
      key.put(attribute, raw.get(attribute));
    }
    return key;
  }

  private static ResumePoint point(List<ShardCursor> shards) {
    ResumePoint point = ResumePoint.at(Map.of());
    for (ShardCursor shard : shards) {
      point = point.withNote(Integer.toString(shard.index()), shard.note());
    }
    return point;
  }

  private static <T> List<T> parallel(List<Supplier<T>> calls) {
    if (calls.size() == 1) {
      return List.of(calls.get(0).get());
    }
    List<CompletableFuture<T>> futures = new ArrayList<>();
    for (Supplier<T> call : calls) {
      futures.add(CompletableFuture.supplyAsync(call, SHARDS));
    }
    List<T> results = new ArrayList<>();
    for (CompletableFuture<T> future : futures) {
      try {
        results.add(future.join());
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException cause) {
          throw cause;
        }
        throw e;
      }
    }
    return results;
  }
}

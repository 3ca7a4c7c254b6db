package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.AdvisorException;
import dev.dynakit.advisor.Analysis;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads a whole table at a bounded rate (a parallel Scan whose segments share one {@link
 * ReadBudget} of read units per second, charged what each page consumed) and counts items and bytes
 * per partition-key value of the table and of each GSI; then asks the endpoint for its hottest
 * keys.
 */
public final class TableAnalyzer {
  private static final long KB = 1024;
  private static final long[] ITEM_BOUNDS = {
    KB, 4 * KB, 16 * KB, 64 * KB, 256 * KB, Long.MAX_VALUE
  };
  private static final int PAGE = 500;
  private static final int HOT_KEYS = 10;
  private static final int WINDOW_SECONDS = 60;

  private final DynamoDbClient client;
  private final Design design;
  private final ReadBudget budget;
  private final int segments;
  private final List<SpreadCounter> counters = new ArrayList<>();
  private final List<Long> itemSizes = new ArrayList<>();
  private final DoubleAdder consumed = new DoubleAdder();
  private final AtomicLong bytes = new AtomicLong();

  private TableAnalyzer(DynamoDbClient client, Design design, ReadBudget budget, int segments) {
    this.client = client;
    this.design = design;
    this.budget = budget;
    this.segments = segments;
    counters.add(new SpreadCounter("table", List.of(design.partitionKey())));
    for (Design.Index index : design.indices()) {
      if (index.global()) {
        counters.add(new SpreadCounter(index.name(), index.partitionKey()));
      }
    }
  }

  /**
   * Analyses the declared table through {@code client}, and the hot keys at {@code endpoint} (null:
   * none asked).
   */
  public static Analysis run(
      DynamoDbClient client,
      Design design,
      ReadBudget budget,
      int segments,
      @Nullable URI endpoint) {
    return new TableAnalyzer(client, design, budget, segments).run(endpoint);
  }

  private Analysis run(@Nullable URI endpoint) {
    ExecutorService pool = Executors.newFixedThreadPool(segments);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int segment = 0; segment < segments; segment++) {
        int s = segment;
        work.add(
            pool.submit(
                () -> {
                  scan(s);
                  return null;
                }));
      }
      for (Future<?> f : work) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AdvisorException("the analysis was interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new AdvisorException(
          "cannot scan " + design.table() + ": " + cause.getMessage(), cause);
    } finally {
      pool.shutdownNow();
    }
    List<Analysis.KeySpread> spreads = new ArrayList<>();
    counters.forEach(c -> spreads.add(c.spread()));
    long[] sizes = itemSizes.stream().mapToLong(Long::longValue).toArray();
    KeyStatisticsClient.Answer hot =
        endpoint == null
            ? new KeyStatisticsClient.Answer(
                List.of(), "hot-key statistics unavailable: no" + " endpoint")
            : KeyStatisticsClient.fetch(endpoint, design.table(), WINDOW_SECONDS, HOT_KEYS);
    List<Analysis.HotKey> hotKeys =
        hot.keys().stream()
            .filter(k -> !(k.index().equals("table") && k.key().equals(design.descriptorKey())))
            .toList();
    return new Analysis(
        design.table(),
        sizes.length,
        bytes.get(),
        consumed.sum(),
        spreads,
        SpreadCounter.histogram(sizes, ITEM_BOUNDS),
        hotKeys,
        hot.keys().isEmpty() && !hot.unavailable().isEmpty() ? hot.unavailable() : null);
  }

  private void scan(int segment) throws InterruptedException {
    Map<String, AttributeValue> start = null;
    do {
      budget.acquire();
      ScanRequest.Builder request =
          ScanRequest.builder()
              .tableName(design.table())
              .segment(segment)
              .totalSegments(segments)
              .limit(PAGE)
              .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      ScanResponse page;
      try {
        page = client.scan(request.build());
      } catch (SdkException e) {
        throw new AdvisorException(e.getMessage(), e);
      }
      double units =
          page.consumedCapacity() == null || page.consumedCapacity().capacityUnits() == null
              ? 0
              : page.consumedCapacity().capacityUnits();
      consumed.add(units);
      budget.spend(units);
      count(page.items());
      start =
          page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
              ? page.lastEvaluatedKey()
              : null;
    } while (start != null);
  }

  private void count(List<Map<String, AttributeValue>> items) {
    List<Long> sizes = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : items) {
      if (descriptorRow(item)) {
        continue; // the toolkit's snapshot of the declaration: no user data
      }
      long size = ItemSize.of(item);
      sizes.add(size);
      bytes.addAndGet(size);
      for (SpreadCounter counter : counters) {
        String key = keyOf(item, counter.attributes());
        if (key != null) {
          counter.add(key, size);
        }
      }
    }
    synchronized (itemSizes) {
      itemSizes.addAll(sizes);
    }
  }

  private boolean descriptorRow(Map<String, AttributeValue> item) {
    AttributeValue pk = item.get(design.partitionKey());
    return design.descriptorKey() != null
        && pk != null
        && design.descriptorKey().equals(AttributeText.of(pk));
  }

  private static @Nullable String keyOf(Map<String, AttributeValue> item, List<String> attributes) {
    List<String> parts = new ArrayList<>();
    for (String attribute : attributes) {
      AttributeValue value = item.get(attribute);
      if (value == null) {
        return null;
      }
      parts.add(AttributeText.of(value));
    }
    return String.join(" | ", parts);
  }
}

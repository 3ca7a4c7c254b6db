package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.AdvisorException;
import dev.dynakit.advisor.Analysis;
import dev.dynakit.advisor.Simulation;
import dev.dynakit.advisor.Simulation.Load;
import dev.dynakit.advisor.internal.Design.Index;
import dev.dynakit.advisor.internal.Design.Projection;
import dev.dynakit.advisor.internal.Traffic.TrafficPattern;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Predicts a traffic model's load on a design analytically: each pattern's requests spread over its
 * partition-key values by the fields' distributions, so that the busiest value's load, and how many
 * values pass the ceiling, follow from closed forms whatever the number of keys.
 */
public final class Simulator {
  static final double KEY_BYTES = 100;
  private static final double SECONDS_PER_MONTH = 730 * 3600.0;
  private static final double DAYS_PER_MONTH = 730 / 24.0;
  private static final double GB = 1024.0 * 1024 * 1024;
  private static final double PARTITION_BYTES = 10 * GB;
  private static final int TOP = 10;

  private final Design design;
  private final Traffic traffic;

  private Simulator(Design design, Traffic traffic) {
    this.design = design;
    this.traffic = traffic;
  }

  /** The prediction for {@code traffic} on {@code design}. */
  public static Simulation run(Design design, Traffic traffic) {
    return new Simulator(design, traffic).run();
  }

  private Simulation run() {
    List<Load> loads = new ArrayList<>();
    double insertBytesPerSecond = 0;
    KeyDistribution writes = null;
    for (TrafficPattern p : traffic.patterns()) {
      if (p.index() != null && design.index(p.index()).isEmpty()) {
        throw new AdvisorException(
            "traffic pattern "
                + p.name()
                + " reads index "
                + p.index()
                + ", which "
                + design.table()
                + " does not declare");
      }
      if (p.write()) {
        loads.add(write(p));
        loads.addAll(indexWrites(p));
        insertBytesPerSecond += p.perSecond() * p.inserts() * storedBytes(p);
        writes = writes == null ? shardedWrite(tableKey(p), p) : writes;
      } else {
        loads.add(read(p));
      }
    }
    List<Simulation.StoragePoint> storage = new ArrayList<>();
    for (int month = 1; month <= 12; month++) {
      double days = month * DAYS_PER_MONTH;
      if (traffic.retentionDays() != null) {
        days = Math.min(days, traffic.retentionDays());
      }
      double bytes = insertBytesPerSecond * days * 86400;
      storage.add(
          new Simulation.StoragePoint(month, bytes, largest(writes, bytes, insertBytesPerSecond)));
    }
    double read = 0;
    double write = 0;
    for (Load load : loads) {
      if (load.kind().equals("read")) {
        read += load.unitsPerSecond();
      } else {
        write += load.unitsPerSecond();
      }
    }
    double lastBytes = storage.get(storage.size() - 1).bytes();
    long partitions =
        (long)
            Math.max(
                1,
                Math.ceil(
                    Math.max(
                        lastBytes / PARTITION_BYTES,
                        read / Simulation.READ_CEILING + write / Simulation.WRITE_CEILING)));
    return new Simulation(
        loads,
        storage,
        cost(read, write, lastBytes),
        read,
        write,
        partitions,
        partitionSizes(writes, storage.get(storage.size() - 1)));
  }

  /**
   * How many keys fall in each collection-size bucket: analytically, the keys whose share of the
   * bytes lies between the bucket's bounds; a time bucket is the one current key.
   */
  private static List<Analysis.SizeBucket> partitionSizes(
      @Nullable KeyDistribution writes, Simulation.StoragePoint year) {
    if (writes == null || writes instanceof KeyDistribution.Unknown || year.bytes() <= 0) {
      return List.of();
    }
    if (writes instanceof KeyDistribution.TimeBucket) {
      return SpreadCounter.histogram(
          new long[] {(long) year.largestCollectionBytes()}, SpreadCounter.COLLECTION_BOUNDS);
    }
    long[] bounds = SpreadCounter.COLLECTION_BOUNDS;
    long[] counts = new long[bounds.length];
    double below = writes.keys();
    for (int b = 0; b < bounds.length; b++) {
      double above = b == bounds.length - 1 ? 0 : writes.countAbove(bounds[b] / year.bytes());
      counts[b] = Math.round(below - above);
      below = above;
    }
    return SpreadCounter.buckets(counts, bounds);
  }

  /**
   * The busiest write key's item collection: its share of the bytes, but for a time bucket, which
   * holds only its own day's (or second's) items.
   */
  private static double largest(
      @Nullable KeyDistribution writes, double bytes, double insertBytesPerSecond) {
    if (writes == null) {
      return 0;
    }
    List<KeyDistribution> parts =
        writes instanceof KeyDistribution.Product product ? product.parts() : List.of(writes);
    double window = bytes;
    double share = 1;
    for (KeyDistribution part : parts) {
      if (part instanceof KeyDistribution.TimeBucket bucket) {
        if (!bucket.name().equals("constant")) {
          double seconds = bucket.name().equals("today") ? 86400 : 1;
          window = Math.min(window, insertBytesPerSecond * seconds);
        }
      } else {
        share *= part.topShare();
      }
    }
    return window * share;
  }

  private Simulation.Cost cost(double read, double write, double bytes) {
    Prices prices = traffic.prices();
    double onDemand =
        (write * prices.writeRequestPerMillion() + read * prices.readRequestPerMillion())
            * SECONDS_PER_MONTH
            / 1e6;
    double utilization = traffic.targetUtilization();
    double provisioned =
        (Math.ceil(write / utilization) * prices.wcuHour()
                + Math.ceil(read / utilization) * prices.rcuHour())
            * 730;
    return new Simulation.Cost(
        onDemand, provisioned, bytes / GB * prices.storageGbMonth(), prices.asMap());
  }

  private Load write(TrafficPattern p) {
    double units = Math.ceil(itemBytes(p) / 1024);
    for (Index index : design.indices()) {
      if (!index.global()) {
        // an LSI's copy is written to the same partition key, against the same ceiling
        units += projectedWriteUnits(index, p);
      }
    }
    KeyDistribution key = shardedWrite(tableKey(p), p);
    return load(p, "table", "write", units, key, false, p.shards());
  }

  private List<Load> indexWrites(TrafficPattern p) {
    List<Load> loads = new ArrayList<>();
    for (Index index : design.indices()) {
      if (!index.global() || !reaches(index, p)) {
        continue;
      }
      KeyDistribution key = distributionOf(fieldsOf(index.partitionKey(), p.entity()), p);
      loads.add(load(p, index.name(), "index-write", projectedWriteUnits(index, p), key, false, 1));
    }
    return loads;
  }

  /**
   * A read: a traffic pattern named like a declared access pattern reads that pattern's target with
   * its key templates (core guarantees they give the partition key); any other reads the target by
   * the fields it names, and needs a Scan when they do not give its partition key.
   */
  private Load read(TrafficPattern p) {
    Design.Pattern declared = declaredPattern(p.name());
    String indexName = declared != null ? declared.index() : p.index();
    String target = indexName == null ? "table" : indexName;
    List<String> pk = design.partitionKeyOf(indexName);
    Set<String> needed = new LinkedHashSet<>();
    boolean scan;
    if (declared != null) {
      pk.forEach(
          a ->
              declared
                  .on(a)
                  .ifPresent(
                      c -> needed.addAll(new Design.KeyTemplate(c.template(), false).fields())));
      scan = false;
    } else {
      needed.addAll(fieldsOf(pk, null));
      scan = needed.isEmpty() || !p.key().keySet().containsAll(needed);
    }
    double consistency = p.strong() && indexName == null ? 1 : 0.5;
    Index index = indexName == null ? null : design.index(indexName).orElse(null);
    double bytesPerItem =
        index != null && index.projection() == Projection.KEYS_ONLY ? KEY_BYTES : itemBytes(p);
    if (scan) {
      double tableBytes = Math.max(tableBytesAfter(1), bytesPerItem);
      double units = Math.ceil(tableBytes / 4096) * consistency;
      return load(p, target, "read", units, new KeyDistribution.Unknown("scan"), true, 1);
    }
    // a sharded key is read on all its shards, each holding 1/N of the items
    double items = p.itemsPerRead() / p.shards();
    double units = Math.max(1, Math.ceil(items * bytesPerItem / 4096)) * consistency;
    return load(p, target, "read", units, distributionOf(needed, p), false, p.shards());
  }

  private Load load(
      TrafficPattern p,
      String target,
      String kind,
      double unitsPerRequest,
      KeyDistribution key,
      boolean scan,
      int shards) {
    double ceiling = kind.equals("read") ? Simulation.READ_CEILING : Simulation.WRITE_CEILING;
    double total = p.perSecond() * unitsPerRequest;
    List<Double> top = new ArrayList<>();
    key.topShares(TOP).forEach(s -> top.add(s * total));
    double throttled = total <= 0 ? 0 : key.countAbove(ceiling / total);
    return new Load(
        p.name(),
        target,
        kind,
        p.perSecond(),
        unitsPerRequest,
        total,
        scan ? Double.POSITIVE_INFINITY : key.keys(),
        scan ? "scan: every item of the table" : key.describe(),
        top.isEmpty() ? 0 : top.get(0),
        ceiling,
        throttled,
        scan,
        shards,
        List.copyOf(top));
  }

  /** The distribution of the table's partition key for a write. */
  private KeyDistribution tableKey(TrafficPattern p) {
    return distributionOf(fieldsOf(List.of(design.partitionKey()), p.entity()), p);
  }

  private KeyDistribution shardedWrite(KeyDistribution key, TrafficPattern p) {
    return p.shards() > 1
        ? new KeyDistribution.Product(List.of(key, new KeyDistribution.Uniform(p.shards())))
        : key;
  }

  private Set<String> fieldsOf(List<String> attributes, @Nullable String entity) {
    Set<String> fields = new LinkedHashSet<>();
    for (String attribute : attributes) {
      if (entity == null) {
        fields.addAll(design.fieldsBehind(attribute));
        continue;
      }
      design.entities().stream()
          .filter(e -> e.name().equals(entity))
          .findFirst()
          .map(e -> e.keys().get(attribute))
          .ifPresent(t -> fields.addAll(t.fields()));
    }
    return fields;
  }

  /**
   * The distribution of a key made of {@code fields}: a declared shard placeholder is uniform over
   * the entity's shard count; no field at all is a constant key.
   */
  private KeyDistribution distributionOf(Set<String> fields, TrafficPattern p) {
    if (fields.isEmpty()) {
      return new KeyDistribution.TimeBucket("constant");
    }
    List<KeyDistribution> parts = new ArrayList<>();
    for (String field : fields) {
      int shards = declaredShards(field);
      parts.add(
          shards > 1 && !traffic.fields().containsKey(field)
              ? new KeyDistribution.Uniform(shards)
              : traffic.distribution(field));
    }
    return parts.size() == 1 ? parts.get(0) : new KeyDistribution.Product(parts);
  }

  private int declaredShards(String field) {
    return design.entities().stream()
        .filter(e -> e.shards() > 1)
        .filter(e -> e.keys().values().stream().anyMatch(t -> t.fields().contains(field)))
        .mapToInt(Design.Entity::shards)
        .max()
        .orElse(1);
  }

  private boolean reaches(Index index, TrafficPattern p) {
    if (p.entity() == null) {
      return true;
    }
    return design.entities().stream()
        .anyMatch(
            e ->
                e.name().equals(p.entity()) && e.keys().keySet().containsAll(index.partitionKey()));
  }

  private double projectedWriteUnits(Index index, TrafficPattern p) {
    return switch (index.projection()) {
      case ALL -> Math.ceil(itemBytes(p) / 1024);
      case KEYS_ONLY -> 1;
      case INCLUDE ->
          Math.ceil(Math.min(itemBytes(p), KEY_BYTES * (1 + index.included().size())) / 1024);
    };
  }

  /** What one insert adds to storage: the item, its index copies, 100 bytes of overhead each. */
  private double storedBytes(TrafficPattern p) {
    double bytes = itemBytes(p) + KEY_BYTES;
    for (Index index : design.indices()) {
      if (!reaches(index, p)) {
        continue;
      }
      bytes +=
          KEY_BYTES
              + switch (index.projection()) {
                case ALL -> itemBytes(p);
                case KEYS_ONLY -> KEY_BYTES;
                case INCLUDE -> KEY_BYTES * (1 + index.included().size());
              };
    }
    return bytes;
  }

  private double tableBytesAfter(int months) {
    double perSecond = 0;
    for (TrafficPattern p : traffic.patterns()) {
      if (p.write()) {
        perSecond += p.perSecond() * p.inserts() * (itemBytes(p) + KEY_BYTES);
      }
    }
    double days = months * DAYS_PER_MONTH;
    if (traffic.retentionDays() != null) {
      days = Math.min(days, traffic.retentionDays());
    }
    return perSecond * days * 86400;
  }

  private double itemBytes(TrafficPattern p) {
    return p.itemBytes() > 0 ? p.itemBytes() : traffic.itemBytes();
  }

  private Design.@Nullable Pattern declaredPattern(String name) {
    return design.patterns().stream()
        .filter(d -> !d.implicit() && d.name().equals(name))
        .findFirst()
        .orElse(null);
  }
}

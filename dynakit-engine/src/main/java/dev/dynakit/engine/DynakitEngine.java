package dev.dynakit.engine;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.index.GsiLag;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.metering.CapacityMeter;
import dev.dynakit.engine.internal.metering.HotKey;
import dev.dynakit.engine.internal.metering.KeyFigures;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.query.LaggedReads;
import dev.dynakit.engine.internal.stats.KeyStatisticsOperation;
import dev.dynakit.engine.internal.storage.rocksdb.RocksStore;
import dev.dynakit.engine.internal.stream.StreamOperations;
import dev.dynakit.engine.internal.stream.StreamSettings;
import dev.dynakit.engine.internal.stream.Streams;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.CatalogRecovery;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import dev.dynakit.engine.internal.table.TableArns;
import dev.dynakit.engine.internal.table.TableCounters;
import dev.dynakit.engine.internal.table.TableStateGate;
import dev.dynakit.engine.internal.table.TableTransitions;
import dev.dynakit.engine.internal.ttl.TtlSweeper;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ValueWording;
import dev.dynakit.engine.storage.OrderedStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * An embeddable DynamoDB-compatible engine. It answers DynamoDB JSON 1.0 requests: give it the
 * operation (the {@code X-Amz-Target} header) and the body, get back the status and body DynamoDB
 * would send. Serve it over HTTP with {@link EngineServer}, or in process through the SDK clients
 * of {@code dynakit-embedded} ({@code DynakitClients.inProcess}).
 *
 * <pre>{@code
 * try (DynakitEngine engine = DynakitEngine.inMemory()) {
 *   EngineResponse r = engine.handle("DynamoDB_20120810.ListTables", "{}".getBytes(UTF_8));
 * }
 * }</pre>
 */
public final class DynakitEngine implements AutoCloseable {
  /** The target prefix of every DynamoDB operation. */
  public static final String TARGET_PREFIX = "DynamoDB_20120810.";

  private final EngineState state;
  private final Map<String, Operation> operations;
  private final Map<String, ValueWording.Layer> valueWordings;
  private final TableArns arns;
  private final TtlSweeper ttlSweeper;
  private final KeyStatisticsOperation keyStatistics;
  private final IndexLifecycle indexLifecycle;
  // whether close saves the tables' counters for the next open: not for the default memory store
  private final boolean persistent;
  private boolean closed;

  private DynakitEngine(Builder builder) {
    this.persistent = builder.dataDirectory != null || builder.store != null;
    OrderedStore store = builder.openStore();
    Catalog catalog;
    try {
      catalog =
          CatalogRecovery.open(store, new TableTransitions(builder.clock, builder.tableLatency));
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
    // no meter at all unless asked for: the write path then pays nothing for it
    CapacityMeter meter =
        builder.enforceCapacity || builder.keyStatistics
            ? new CapacityMeter(builder.clock, builder.enforceCapacity)
            : null;
    this.state =
        new EngineState(
            catalog,
            store,
            new ItemStore(
                store,
                meter,
                Streams.open(
                    builder.clock,
                    builder.region,
                    builder.streamSettings,
                    store,
                    catalog.all(),
                    t -> catalog.find(t.name()) == t)),
            builder.clock,
            builder.region,
            builder.accountId,
            builder.ttlChangeInterval);
    Map<String, Operation> ops = new HashMap<>();
    IndexLifecycle indexes = EngineDefaults.registerOperations(ops, state);
    this.indexLifecycle = indexes;
    EngineDefaults.saveCatalogAfterChanges(ops, state);
    CatalogRecovery.resumeBackfills(catalog, indexes);
    if (builder.gsiLag != null) {
      LaggedReads.install(ops, state, builder.gsiLag);
    }
    TableStateGate.install(ops, state.catalog());
    Map<String, ValueWording.Layer> wordings = new HashMap<>();
    // keyed by the full X-Amz-Target too: the server looks up the header as it came
    for (Map.Entry<String, Operation> e : Map.copyOf(ops).entrySet()) {
      ops.put(TARGET_PREFIX + e.getKey(), e.getValue());
      wordings.put(e.getKey(), ValueWording.of(e.getKey()));
      wordings.put(TARGET_PREFIX + e.getKey(), ValueWording.of(e.getKey()));
    }
    this.keyStatistics = new KeyStatisticsOperation(state.catalog(), meter);
    // Dynakit's own operation, under its own target prefix only
    ops.put(KeyStatisticsOperation.TARGET, keyStatistics);
    // full targets already: DynamoDB Streams has a prefix of its own
    StreamOperations.register(ops, state.items().streams(), state.catalog());
    this.operations = Map.copyOf(ops);
    this.valueWordings = Map.copyOf(wordings);
    this.arns = new TableArns(builder.region, builder.accountId);
    this.ttlSweeper = TtlSweeper.start(state, builder.ttlSweepInterval);
  }

  /** An engine over a fresh in-memory store with default settings. */
  public static DynakitEngine inMemory() {
    return builder().build();
  }

  /**
   * An engine whose data lives in {@code directory} (created if missing), with default settings:
   * tables, items, indices and their settings survive a restart, and every acknowledged write is
   * durable ({@link Durability#STRICT}). Only one engine at a time may have a directory open; a
   * second is refused with a {@link dev.dynakit.engine.error.DataDirectoryInUseException}.
   */
  public static DynakitEngine onDisk(Path directory) {
    return builder().dataDirectory(directory).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Runs one request.
   *
   * @param target the {@code X-Amz-Target} value ({@code DynamoDB_20120810.GetItem}); the bare
   *     operation name is accepted too
   * @param body the JSON request body
   */
  public EngineResponse handle(String target, byte[] body) {
    Objects.requireNonNull(body, "body");
    return DurableAnswers.await(state.store(), run(target, body, null));
  }

  /**
   * Runs one request and hands its answer to {@code then} once nothing it reflects can be lost
   * ({@link DurableAnswers}): on this thread when that is so already, else on the store's syncing
   * thread, so {@code then} must be short. The server's way to answer without a thread waiting for
   * each request's disk sync.
   */
  void handle(String target, byte[] body, Consumer<EngineResponse> then) {
    Objects.requireNonNull(body, "body");
    DurableAnswers.then(state.store(), run(target, body, null), then);
  }

  /**
   * Runs one request given as the tree its JSON body parses into, for a caller in the same JVM that
   * holds the request as objects: JSON objects as {@code Map<String, Object>} (in member order),
   * arrays as {@code List<Object>}, strings as {@code String}, {@code true}/{@code false} as {@code
   * Boolean}, integers as {@code Long}, other numbers as {@code BigDecimal}, JSON {@code null} as
   * {@code null}; attribute values in DynamoDB's typed JSON form ({@code {"S": "text"}}, {@code
   * {"N": "1.5"}}, binaries as Base64 text). The answer is the one {@link #handle(String, byte[])}
   * gives for the body the tree was read from, errors included; a successful one can be read back
   * as a tree of the same kinds ({@link EngineResponse#result()}). The engine only reads the tree,
   * and may keep parts of it (an idempotency token's fingerprint, keys echoed in an answer): the
   * caller must not change it afterwards.
   */
  public EngineResponse handle(String target, Map<String, Object> request) {
    Objects.requireNonNull(request, "request");
    return DurableAnswers.await(state.store(), run(target, null, request));
  }

  private EngineResponse run(String target, byte[] body, Map<String, Object> tree) {
    try {
      Operation op = target == null ? null : operations.get(target);
      if (op == null) {
        throw new EngineException(ErrorType.UNKNOWN_OPERATION, null);
      }
      Request request = tree != null ? new Request(tree) : Request.parse(body);
      TableArns.Resolved resolved = arns.resolve(request.fields());
      ValueWording.use(valueWordings.get(target));
      try {
        if (resolved == null) {
          return answer(op.execute(request));
        }
        return answer(resolved.restore(op.execute(new Request(resolved.request()))));
      } finally {
        ValueWording.reset();
      }
    } catch (EngineException e) {
      return error(e);
    } catch (RuntimeException | StackOverflowError e) {
      return error(
          new EngineException(
              ErrorType.INTERNAL_SERVER_ERROR,
              "Internal server error: " + e.getClass().getSimpleName()));
    }
  }

  @SuppressWarnings("unchecked")
  private static EngineResponse answer(Object result) {
    if (result == Operation.NO_BODY) {
      return new EngineResponse(200, new byte[0]);
    }
    // every operation answers a JSON object; anything else is written at once
    return result instanceof Map<?, ?>
        ? EngineResponse.ofResult((Map<String, Object>) result)
        : new EngineResponse(200, Json.write(result));
  }

  static EngineResponse error(EngineException e) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("__type", e.type().wireName());
    if (e.getMessage() != null) {
      // DynamoDB spells the member "Message" for transaction cancellations and "message"
      // elsewhere; SDKs read both.
      body.put(e.type() == ErrorType.TRANSACTION_CANCELED ? "Message" : "message", e.getMessage());
    }
    if (e.extra() instanceof Map<?, ?> extra) {
      for (Map.Entry<?, ?> x : extra.entrySet()) {
        body.put((String) x.getKey(), x.getValue());
      }
    }
    return new EngineResponse(e.type().httpStatus(), Json.write(body));
  }

  /**
   * Deletes every item whose time to live has passed by the engine's clock, now, as the background
   * sweep ({@link Builder#ttlSweepInterval}) would at its next run; returns how many it deleted. A
   * test that gives the engine a clock it moves by hand ({@link Builder#clock}) and a long sweep
   * interval decides exactly when items expire: move the clock, then sweep.
   */
  public int sweepExpiredItems() {
    return ttlSweeper.sweep();
  }

  /**
   * The hottest partition-key values of a table and its GSIs over the last {@code window} of the
   * engine's clock (at most 300 seconds): the figures {@code ./dynakit top} shows and the {@code
   * Dynakit_20261206.DescribeKeyStatistics} operation answers. Kept only when the engine was built
   * with {@link Builder#enforceCapacity} or {@link Builder#keyStatistics}.
   *
   * @param indexName one GSI only; null for the table and all its GSIs
   * @param limit how many keys at most (1 to 1,000)
   * @throws EngineException when the table or GSI does not exist, the window or limit is out of
   *     range, or the engine keeps no statistics
   */
  public KeyStatistics keyStatistics(
      String tableName, @Nullable String indexName, Duration window, int limit) {
    Objects.requireNonNull(tableName, "tableName");
    Objects.requireNonNull(window, "window");
    KeyStatisticsOperation.Query q =
        keyStatistics.query(tableName, indexName, window.toSeconds(), (long) limit);
    List<KeyStatistics.Key> keys = new ArrayList<>();
    for (HotKey k : keyStatistics.hotKeys(q)) {
      KeyFigures f = k.figures();
      keys.add(
          new KeyStatistics.Key(
              k.indexName(),
              typedJson(KeyStatisticsOperation.partitionKey(k.partitionKey())),
              f.readUnits(),
              f.writeUnits(),
              f.peakRead(),
              f.peakWrite(),
              f.throttled()));
    }
    return new KeyStatistics(tableName, q.window(), keys);
  }

  /** An attribute value as the tree of its typed JSON form. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> typedJson(AttrValue value) {
    return (Map<String, Object>) Json.parseObject(Json.write(Map.of("v", value))).get("v");
  }

  /** The region that appears in ARNs. */
  public String region() {
    return state.region();
  }

  /** Whether the engine's store may wait for the disk: its server then runs it on workers. */
  boolean waitsForDisk() {
    return state.store().waitsForDisk();
  }

  EngineState state() {
    return state;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    ttlSweeper.close();
    HeldLocks writes = null;
    try {
      // a backfill still running would write to the closed store: stopped first, and waited for
      indexLifecycle.close();
      // index statuses a backfill changed since the last control-plane request
      state.catalog().persist();
      if (persistent) {
        // every item lock, held until the store is closed: no write is between its store batch
        // (with its stream record) and its counters while they are saved, and none starts after
        writes = state.items().lockEverything();
      }
      // the streams note that all their records are stored (the next open continues their shards)
      state.items().streams().close();
      if (persistent) {
        TableCounters.save(state.store(), state.catalog().all());
      }
    } finally {
      try {
        state.store().close();
      } finally {
        if (writes != null) {
          writes.close();
        }
      }
    }
  }

  /** Settings of an engine. */
  public static final class Builder {
    private OrderedStore store;
    private @Nullable Path dataDirectory;
    private Durability durability = Durability.STRICT;
    private Clock clock = Clock.systemUTC();
    private String region = "us-east-1";
    private String accountId = "000000000000";
    private Duration ttlSweepInterval = Duration.ofSeconds(1);
    private Duration ttlChangeInterval = Duration.ofHours(1);
    private GsiLag gsiLag;
    private Duration tableLatency = Duration.ZERO;
    private boolean enforceCapacity;
    private boolean keyStatistics;
    private StreamSettings streamSettings = StreamSettings.DEFAULTS;
    private long blockCacheBytes;

    private Builder() {}

    /** The store to keep data in; an in-memory store by default. */
    public Builder store(OrderedStore store) {
      this.store = Objects.requireNonNull(store, "store");
      return this;
    }

    /**
     * Keeps the engine's data on disk in {@code directory} (created if missing) instead of in
     * memory; see {@link DynakitEngine#onDisk}. Not together with {@link #store}.
     */
    public Builder dataDirectory(Path directory) {
      this.dataDirectory = Objects.requireNonNull(directory, "directory");
      return this;
    }

    /**
     * When an on-disk engine answers a write relative to making it durable: {@link
     * Durability#STRICT} by default (see {@link Durability}). Ignored by an in-memory engine.
     */
    public Builder durability(Durability durability) {
      this.durability = Objects.requireNonNull(durability, "durability");
      return this;
    }

    private OrderedStore openStore() {
      if (dataDirectory == null) {
        return store != null ? store : EngineDefaults.memoryStore();
      }
      if (store != null) {
        throw new IllegalStateException("an engine takes a store or a data directory, not both");
      }
      return RocksStore.open(
          dataDirectory,
          durability == Durability.STRICT,
          blockCacheBytes > 0 ? blockCacheBytes : RocksStore.defaultCacheBytes());
    }

    /**
     * The block cache of an on-disk engine: how many bytes of the data it keeps in memory, outside
     * the Java heap, so that reads of a table larger than that memory find its blocks without
     * reading and decompressing them again. An eighth of the machine's physical memory by default
     * (at least 64 MB); the cache takes memory only as data is read. Ignored by an in-memory
     * engine.
     *
     * @throws IllegalArgumentException if {@code bytes} is not positive
     */
    public Builder blockCacheBytes(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("blockCacheBytes must be positive: " + bytes);
      }
      this.blockCacheBytes = bytes;
      return this;
    }

    /** The clock for creation times and time to live; the system clock by default. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** The region used in ARNs; {@code us-east-1} by default. */
    public Builder region(String region) {
      this.region = Objects.requireNonNull(region, "region");
      return this;
    }

    /** The account id used in ARNs; twelve zeros by default. */
    public Builder accountId(String accountId) {
      this.accountId = Objects.requireNonNull(accountId, "accountId");
      return this;
    }

    /**
     * How often the time-to-live sweeper looks for expired items; every second by default, so that
     * tests observe expiry within a few seconds (DynamoDB takes up to a few days).
     */
    public Builder ttlSweepInterval(Duration interval) {
      this.ttlSweepInterval = positive(interval, "ttlSweepInterval");
      return this;
    }

    /**
     * How long after an UpdateTimeToLive that changed a table's setting another one for the table
     * is refused (a ValidationException, "Time to live has been modified multiple times within a
     * fixed interval"): one hour by default, as DynamoDB documents, so that code which switches
     * time to live back and forth fails here as it would there. Zero lets a test switch it freely.
     */
    public Builder ttlChangeInterval(Duration interval) {
      Objects.requireNonNull(interval, "interval");
      if (interval.isNegative()) {
        throw new IllegalArgumentException("ttlChangeInterval must not be negative: " + interval);
      }
      this.ttlChangeInterval = interval;
      return this;
    }

    /**
     * Makes global secondary indices eventually consistent, as DynamoDB's are: a write's index
     * entries become visible {@code lag} after it by the engine's {@link #clock}, so that code
     * which reads its own write through a GSI fails here as it can there. Each item's writes reach
     * the index in write order; the table and its LSIs stay strongly consistent. Off by default.
     *
     * @throws IllegalArgumentException if {@code lag} is not positive
     */
    public Builder gsiLag(Duration lag) {
      return gsiLag(lag, lag);
    }

    /**
     * As {@link #gsiLag(Duration)}, with each write's delay drawn uniformly between {@code min} and
     * {@code max}; an item's writes still become visible in write order (a later write that becomes
     * visible first takes the earlier ones with it).
     *
     * @throws IllegalArgumentException if {@code min} is not positive or {@code max} is less
     */
    public Builder gsiLag(Duration min, Duration max) {
      this.gsiLag = new GsiLag(min, max);
      return this;
    }

    /**
     * Whether to throttle as DynamoDB does (off by default): a partition-key value serves at most
     * 1,000 write and 3,000 read units per second; a provisioned table or GSI its provisioned units
     * plus burst credit (unused capacity of up to 300 seconds; a new table has none), a GSI over
     * its capacity throttling the base write; an on-demand table or GSI its maximum throughput if
     * set. A throttled request is refused with ProvisionedThroughputExceededException (an on-demand
     * maximum: ThrottlingException) and its ThrottlingReasons, and writes nothing; BatchWriteItem
     * and BatchGetItem return the throttled part as unprocessed; a transaction is cancelled with
     * ThrottlingError reasons. Seconds are the engine's {@link #clock}, so a test with a clock it
     * moves by hand decides when capacity comes back. Key statistics are kept too.
     */
    public Builder enforceCapacity(boolean enforce) {
      this.enforceCapacity = enforce;
      return this;
    }

    /**
     * Makes CreateTable, UpdateTable and DeleteTable take {@code latency} by the engine's {@link
     * #clock}, as DynamoDB's do: the table is CREATING, UPDATING or DELETING (a new GSI CREATING, a
     * deleted one DELETING) until it has passed, and item requests to a table that is CREATING or
     * DELETING are refused with ResourceNotFoundException, so that code that does not wait for
     * ACTIVE fails here as it would there. Zero, the default, completes every change at once.
     *
     * @throws IllegalArgumentException if {@code latency} is negative
     */
    public Builder tableLatency(Duration latency) {
      Objects.requireNonNull(latency, "latency");
      if (latency.isNegative()) {
        throw new IllegalArgumentException("tableLatency must not be negative: " + latency);
      }
      this.tableLatency = latency;
      return this;
    }

    /**
     * Whether to keep the hot-key statistics ({@link DynakitEngine#keyStatistics}) without
     * throttling; off by default, as metering costs every request a little. On with {@link
     * #enforceCapacity} anyway.
     */
    public Builder keyStatistics(boolean keep) {
      this.keyStatistics = keep;
      return this;
    }

    /**
     * When a stream's open shard closes and a child shard opens: after {@code records} records or
     * {@code age} by the engine's clock, whichever comes first; about four hours by default, as
     * DynamoDB's shards.
     *
     * @throws IllegalArgumentException if {@code records} or {@code age} is not positive
     */
    public Builder streamShardRollover(int records, Duration age) {
      Objects.requireNonNull(age, "age");
      this.streamSettings = streamSettings.withShardRollover(records, age);
      return this;
    }

    private static Duration positive(Duration interval, String name) {
      Objects.requireNonNull(interval, "interval");
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException(name + " must be positive: " + interval);
      }
      return interval;
    }

    public DynakitEngine build() {
      return new DynakitEngine(this);
    }
  }
}

package dev.dynakit.engine;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.index.GsiLag;
import dev.dynakit.engine.internal.index.LaggedIndexes;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.stream.StreamOperations;
import dev.dynakit.engine.internal.stream.StreamSettings;
import dev.dynakit.engine.internal.stream.Streams;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.TableArns;
import dev.dynakit.engine.internal.table.TableStateGate;
import dev.dynakit.engine.internal.table.TableTransitions;
import dev.dynakit.engine.internal.ttl.TtlSweeper;
import dev.dynakit.engine.internal.value.ValueWording;
import dev.dynakit.engine.storage.OrderedStore;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

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

  private DynakitEngine(Builder builder) {
    OrderedStore store = builder.store != null ? builder.store : EngineDefaults.memoryStore();
    this.state =
        new EngineState(
            new Catalog(new TableTransitions(builder.clock, builder.tableLatency)),
            store,
            new ItemStore(
                store, new Streams(builder.clock, builder.region, builder.streamSettings)),
            builder.clock,
            builder.region,
            builder.accountId,
            builder.ttlChangeInterval);
    Map<String, Operation> ops = new HashMap<>();
    EngineDefaults.registerOperations(ops, state);
    if (builder.gsiLag != null) {
      LaggedIndexes.install(ops, state, builder.gsiLag);
    }
    TableStateGate.install(ops, state.catalog());
    Map<String, ValueWording.Layer> wordings = new HashMap<>();
    // keyed by the full X-Amz-Target too: the server looks up the header as it came
    for (Map.Entry<String, Operation> e : Map.copyOf(ops).entrySet()) {
      ops.put(TARGET_PREFIX + e.getKey(), e.getValue());
      wordings.put(e.getKey(), ValueWording.of(e.getKey()));
      wordings.put(TARGET_PREFIX + e.getKey(), ValueWording.of(e.getKey()));
    }
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
    return run(target, body, null);
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
    return run(target, null, request);
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

  private static EngineResponse error(EngineException e) {
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

  /** The region that appears in ARNs. */
  public String region() {
    return state.region();
  }

  EngineState state() {
    return state;
  }

  @Override
  public void close() {
    ttlSweeper.close();
    state.store().close();
  }

  /** Settings of an engine. */
  public static final class Builder {
    private OrderedStore store;
    private Clock clock = Clock.systemUTC();
    private String region = "us-east-1";
    private String accountId = "000000000000";
    private Duration ttlSweepInterval = Duration.ofSeconds(1);
    private Duration ttlChangeInterval = Duration.ofHours(1);
    private GsiLag gsiLag;
    private Duration tableLatency = Duration.ZERO;
    private StreamSettings streamSettings = StreamSettings.DEFAULTS;

    private Builder() {}

    /** The store to keep data in; an in-memory store by default. */
    public Builder store(OrderedStore store) {
      this.store = Objects.requireNonNull(store, "store");
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

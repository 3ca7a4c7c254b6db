package dev.dynakit.core.stream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Follows tables' DynamoDB streams and hands their changes to a {@link StreamHandler}, as a Lambda
 * trigger would, over any endpoint (DynamoDB, a Dynakit engine in process or over HTTP).
 *
 * <pre>{@code
 * StreamListener listener =
 *     StreamListener.builder(dynamoDbClient, streamsClient)
 *         .consumer("order-counts")
 *         .checkpoints(CheckpointStore.inTable(dynamoDbClient, "checkpoints"))
 *         .build();
 * try (StreamSubscription orders = listener.subscribe("orders", batch -> counts.apply(batch))) {
 *   ...
 * }
 * }</pre>
 *
 * <p>Delivery is at least once and in order per shard: a batch's checkpoint is saved after its
 * handler returns, so a batch is delivered again after a handler failure, a crash or a stop before
 * its checkpoint. A child shard (after a shard rolls over) is read only once its parent is closed
 * and every record of it handled. A handler failure leaves the checkpoint where it was and ends the
 * poll; the next poll delivers the same batch again; after {@link Builder#maxFailedPolls} failed
 * polls in a row the subscription ends with the last failure. When the table stops writing into the
 * stream (disabled, replaced, the table deleted), the subscription delivers what is left and ends
 * with {@link dev.dynakit.core.StreamEndedException}. Records trimmed from the stream before they
 * were read (a checkpoint older than the 24-hour retention) end it with {@link
 * dev.dynakit.core.StreamRecordsTrimmedException} unless {@link Builder#onTrimmed} accepts the
 * loss.
 *
 * <p>Immutable and thread-safe; the clients are the caller's to close.
 */
public final class StreamListener {
  private static final Pattern CONSUMER = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

  private final Settings settings;
  private final @Nullable ScheduledExecutorService scheduler;

  private StreamListener(Settings settings, @Nullable ScheduledExecutorService scheduler) {
    this.settings = settings;
    this.scheduler = scheduler;
  }

  /**
   * A listener that reads tables through {@code dynamo} and their streams through {@code streams}.
   */
  public static Builder builder(DynamoDbClient dynamo, DynamoDbStreamsClient streams) {
    return new Builder(dynamo, streams);
  }

  /**
   * Subscribes {@code handler} to the stream of {@code table} and polls it every {@link
   * Builder#pollInterval} on the listener's scheduler (its own daemon thread unless one was given),
   * the first poll at once, until the subscription is closed or ends.
   *
   * @throws dev.dynakit.core.StreamNotEnabledException if the table has no stream
   */
  public StreamSubscription subscribe(String table, StreamHandler handler) {
    StreamSubscription subscription = open(table, handler);
    subscription.start(scheduler, settings.pollInterval());
    return subscription;
  }

  /**
   * Opens a subscription of {@code handler} to the stream of {@code table} that reads only when the
   * caller calls {@link StreamSubscription#pollOnce()}: for tests and for callers with a loop of
   * their own. A subscription starting at {@link StartPosition#LATEST} without checkpoints takes
   * its position now, and checkpoints it at once: a restart goes on from there (see {@link
   * StartPosition}).
   *
   * @throws dev.dynakit.core.StreamNotEnabledException if the table has no stream
   */
  public StreamSubscription open(String table, StreamHandler handler) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(handler, "handler");
    return new StreamSubscription(new StreamPoller(settings, table, handler));
  }

  /** What a subscription needs to poll. */
  record Settings(
      DynamoDbClient dynamo,
      DynamoDbStreamsClient streams,
      String consumer,
      CheckpointStore checkpoints,
      StartPosition startPosition,
      Duration pollInterval,
      int batchSize,
      int maxFailedPolls,
      TrimPolicy trimPolicy) {}

  /** Builds a {@link StreamListener}; every setting but the clients has a default. */
  public static final class Builder {
    private final DynamoDbClient dynamo;
    private final DynamoDbStreamsClient streams;
    private String consumer = "default";
    private CheckpointStore checkpoints = CheckpointStore.inMemory();
    private StartPosition startPosition = StartPosition.TRIM_HORIZON;
    private Duration pollInterval = Duration.ofSeconds(1);
    private int batchSize = 1000;
    private int maxFailedPolls = 10;
    private TrimPolicy trimPolicy = TrimPolicy.FAIL;
    private @Nullable ScheduledExecutorService scheduler;

    private Builder(DynamoDbClient dynamo, DynamoDbStreamsClient streams) {
      this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
      this.streams = Objects.requireNonNull(streams, "streams");
    }

    /**
     * The name checkpoints are kept under ({@code default} by default): listeners with different
     * names each see every change. Letters, digits, {@code _ . -}, at most 128.
     */
    public Builder consumer(String consumer) {
      this.consumer = consumer;
      return this;
    }

    /** Where checkpoints are kept; in this JVM's memory by default. */
    public Builder checkpoints(CheckpointStore checkpoints) {
      this.checkpoints = checkpoints;
      return this;
    }

    /**
     * Where a subscription without checkpoints starts; {@link StartPosition#TRIM_HORIZON} by
     * default.
     */
    public Builder startPosition(StartPosition startPosition) {
      this.startPosition = startPosition;
      return this;
    }

    /** The delay between the end of a poll and the next, for {@link #subscribe}; 1 s by default. */
    public Builder pollInterval(Duration pollInterval) {
      this.pollInterval = pollInterval;
      return this;
    }

    /** The most records a batch holds (GetRecords' limit, 1 to 1000); 1000 by default. */
    public Builder batchSize(int batchSize) {
      this.batchSize = batchSize;
      return this;
    }

    /**
     * After how many failed polls in a row (a handler failure, or a request that failed after the
     * client's retries) a subscription ends with the last failure; 10 by default.
     */
    public Builder maxFailedPolls(int maxFailedPolls) {
      this.maxFailedPolls = maxFailedPolls;
      return this;
    }

    /**
     * What a subscription does when records it had not read were trimmed from the stream (its
     * checkpoint older than the 24-hour retention): {@link TrimPolicy#FAIL} by default.
     */
    public Builder onTrimmed(TrimPolicy trimPolicy) {
      this.trimPolicy = Objects.requireNonNull(trimPolicy, "trimPolicy");
      return this;
    }

    /**
     * The scheduler {@link #subscribe} polls on; by default each subscription has its own daemon
     * thread. A scheduler given here is the caller's to shut down.
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
      return this;
    }

    /**
     * The listener.
     *
     * @throws IllegalArgumentException naming every setting out of range
     */
    public StreamListener build() {
      List<String> problems = new ArrayList<>();
      if (consumer == null || !CONSUMER.matcher(consumer).matches()) {
        problems.add(
            "consumer must be 1 to 128 letters, digits, '_', '.' or '-', not '" + consumer + "'");
      }
      if (checkpoints == null) {
        problems.add("checkpoints must not be null");
      }
      if (startPosition == null) {
        problems.add("startPosition must not be null");
      }
      if (pollInterval == null || pollInterval.isNegative() || pollInterval.isZero()) {
        problems.add("pollInterval must be positive, not " + pollInterval);
      }
      if (batchSize < 1 || batchSize > 1000) {
        problems.add("batchSize must be 1 to 1000, not " + batchSize);
      }
      if (maxFailedPolls < 1) {
        problems.add("maxFailedPolls must be at least 1, not " + maxFailedPolls);
      }
      if (!problems.isEmpty()) {
        throw new IllegalArgumentException(
            "invalid StreamListener settings: " + String.join("; ", problems));
      }
      return new StreamListener(
          new Settings(
              dynamo,
              streams,
              consumer,
              checkpoints,
              startPosition,
              pollInterval,
              batchSize,
              maxFailedPolls,
              trimPolicy),
          scheduler);
    }
  }
}

package dev.dynakit.core.adapter;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.batch.BatchGetOutcome;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.GetOptions;
import dev.dynakit.core.batch.RetryBudget;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.core.token.TokenCodec;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What the operation objects of one Adapter share. Immutable once the Adapter is built. */
final class AdapterContext {
  /**
   * How long reads by key resend unprocessed keys: 8 sends, waits from 50 ms doubling up to 3.2 s.
   * The SDK retries throttled calls itself but never resubmits unprocessed keys.
   */
  static final RetryBudget BATCH_READS =
      RetryBudget.builder()
          .maxAttempts(8)
          .baseDelay(Duration.ofMillis(50))
          .maxDelay(Duration.ofMillis(3_200))
          .build();

  final TableSpec spec;
  final DynamoDbClient client;
  final Sender sender;
  final HookChain hooks;
  final Clock clock;
  final TokenCodec cursors;
  final KeyPreparer keys;
  final ItemPreparer items;
  final PatchPreparer patches;
  final Reviver reviver;
  final FailureClassifier classifier;
  final WriteExecutor writes;
  private final Batches batches;
  final List<String> hookAttributes;
  private @Nullable Adapter adapter;

  AdapterContext(
      TableSpec spec,
      DynamoDbClient client,
      Sender sender,
      HookChain hooks,
      Clock clock,
      TokenCodec cursors) {
    this.spec = spec;
    this.client = client;
    this.sender = sender;
    this.hooks = hooks;
    this.clock = clock;
    this.cursors = cursors;
    this.keys = new KeyPreparer(spec, hooks);
    this.items = new ItemPreparer(spec, hooks);
    this.patches = new PatchPreparer(spec, hooks, items);
    this.reviver = new Reviver(spec, hooks);
    this.classifier = new FailureClassifier(spec.versionField());
    this.writes = new WriteExecutor(sender, hooks, classifier);
    this.batches =
        Batches.builder(client)
            .transport(sender)
            .retry(BATCH_READS)
            .keySchema(spec.tableName(), spec.primaryKeyNames())
            .build();
    this.hookAttributes = hooks.requiredAttributes();
  }

  /** The attributes a read with a projection adds: {@code extra} and what revive hooks need. */
  List<String> alsoRead(Collection<String> extra) {
    List<String> all = new ArrayList<>(extra);
    all.addAll(hookAttributes);
    return all;
  }

  /**
   * The items of the table with these primary keys, in the order of the keys (null where there is
   * none), read with BatchGetItem.
   *
   * @param projection what to read, or null for whole items
   * @throws BatchIncompleteException when keys are still unprocessed after the last resend
   */
  List<@Nullable Map<String, AttributeValue>> readByKeys(
      List<Map<String, AttributeValue>> keys, @Nullable Expression projection, boolean consistent) {
    BatchGetOutcome read = batches.getAll(table(), keys, new GetOptions(consistent, projection));
    if (!read.complete()) {
      throw new BatchIncompleteException(
          "BatchGetItem", read.unprocessedKeys().size(), BATCH_READS.maxAttempts());
    }
    return read.items();
  }

  void attach(Adapter owner) {
    this.adapter = owner;
  }

  String table() {
    return spec.tableName();
  }

  /** A fresh placeholder context whose values go through the declaration's codecs. */
  Placeholders placeholders() {
    return Placeholders.create(spec.itemConverter());
  }

  WriteContext context(WriteKind kind, WriteOptions options) {
    return new WriteContext(
        kind, clock.instant(), options.actor(), Objects.requireNonNull(adapter, "adapter"));
  }

  /** The version field, refusing an expected version on a table without one. */
  String versionFieldFor(String what) {
    String field = spec.versionField();
    if (field == null) {
      throw new IllegalArgumentException(
          what + " needs a versionField, and table '" + spec.tableName() + "' declares none");
    }
    return field;
  }
}

package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.ListScope;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.RetryBudget;
import dev.dynakit.core.token.TokenCodec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Bulk and mass operations on an Adapter's table that lose nothing and resume exactly.
 *
 * <pre>{@code
 * MassOperations mass = MassOperations.builder(adapter, client).tokenKey(secret).build();
 * MassResult r = mass.move(ListOptions.builder().keyCondition(adapter.buildKey(dallas)).build(),
 *     item -> { item.put("city", "Austin"); return item; },
 *     MassOptions.builder().maxItems(500).build());
 * while (!r.complete()) {
 *   r = mass.move(sameScope, sameMapping, MassOptions.builder().maxItems(500)
 *       .resumeToken(r.resumeToken()).build());
 * }
 * }</pre>
 *
 * <p>Every write is prepared by the Adapter as its single writes are (validation hooks included,
 * unless a call opts out with {@link MassOptions#skipValidation()}). A call stops on its budget
 * ({@link MassOptions#maxItems()}, {@link MassOptions#maxTime()}) with a resume token that points
 * at the last item completely handled and records the phase of multi-phase operations; when
 * DynamoDB keeps failing it stops with a {@link MassOperationException} that carries such a token.
 * Tokens are bound to the operation, the table and the parameters (a token from one operation is
 * refused by another). Thread-safe.
 */
public final class MassOperations {
  private final Adapter adapter;
  private final Batches batches;
  private final KeyShape keys;
  private final Walks walks;
  private final BulkWrites bulk;
  private final SubtreeOperations subtrees;

  private MassOperations(Builder builder) {
    this.adapter = builder.adapter;
    DynamoDbClient client = builder.client;
    this.keys = new KeyShape(adapter.spec().primaryKeyNames());
    this.batches = builder.batches.keySchema(adapter.tableName(), keys.names()).build();
    MassRunner runner =
        new MassRunner(
            builder.tokenKey == null ? TokenCodec.random() : TokenCodec.withKey(builder.tokenKey));
    int attempts = builder.budget.maxAttempts();
    this.walks = new Walks(adapter, client, batches, runner, keys, attempts);
    this.bulk = new BulkWrites(adapter, batches, client, keys, attempts);
    this.subtrees = new SubtreeOperations(walks);
  }

  /** Mass operations on the Adapter's table, sending through {@code client}. */
  public static Builder builder(Adapter adapter, DynamoDbClient client) {
    return new Builder(adapter, client);
  }

  /** Mass operations with defaults: a random token key, one request at a time. */
  public static MassOperations of(Adapter adapter, DynamoDbClient client) {
    return builder(adapter, client).build();
  }

  /** The batch helper these operations write with (same client, budget and parallelism). */
  public Batches batches() {
    return batches;
  }

  // ---- a caller-supplied set

  /**
   * Writes whole items: created or replaced ({@link WriteMode#OVERWRITE}, the default), or only
   * created ({@code ifNotExists}) or only replaced ({@code ifExists}). An item carrying a version
   * is written only over that version (else a conflict). No resume token: the caller has the set.
   */
  public MassResult putAll(Iterable<? extends Map<String, ?>> items, MassOptions options) {
    return bulk.putAll(items, options);
  }

  public MassResult putAll(Iterable<? extends Map<String, ?>> items) {
    return putAll(items, MassOptions.defaults());
  }

  /** Deletes items by key (a missing item is not an error). */
  public MassResult deleteAll(Iterable<? extends Map<String, ?>> itemKeys, MassOptions options) {
    return bulk.deleteAll(itemKeys, options);
  }

  public MassResult deleteAll(Iterable<? extends Map<String, ?>> itemKeys) {
    return deleteAll(itemKeys, MassOptions.defaults());
  }

  /** The items with these keys, revived, in the order of the keys; null where there is none. */
  public List<@Nullable Map<String, Object>> getAll(
      List<? extends Map<String, ?>> itemKeys, boolean consistent) {
    return bulk.getAll(itemKeys, consistent);
  }

  // ---- the items of a list

  /**
   * Deletes the items a list with these options would return (its index, key condition, filters,
   * search and "as of" scope). A delete of the whole table needs {@link MassOptions#wholeTable()}.
   */
  public MassResult delete(ListOptions scope, MassOptions options) {
    requireScoped("delete", scope, options);
    ListScope read = walks.scope(scope, options);
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    Phase phase = walks.phase("delete", read, scope, walks.actions(plans.delete()), 100, false);
    return walks.run("delete", read.signature(), List.of(phase), options);
  }

  /**
   * Copies the items of a list to what {@code mapFn} makes of them (null leaves an item out); an
   * existing destination is replaced unless the options say {@code ifNotExists} / {@code ifExists}.
   */
  public MassResult clone(
      ListOptions scope, UnaryOperator<Map<String, Object>> mapFn, MassOptions options) {
    ListScope read = walks.scope(scope, options);
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    Phase phase = walks.phase("clone", read, scope, walks.actions(plans.copy(mapFn)), 100, true);
    return walks.run("clone", read.signature() + '\u0000' + plans.mode(), List.of(phase), options);
  }

  /**
   * Moves the items of a list to what {@code mapFn} makes of them: each copy is written and its
   * source deleted in one transaction (a source changed since it was read is a conflict). An
   * occupied destination is replaced unless the options say {@code ifNotExists}. A move of the
   * whole table needs {@link MassOptions#wholeTable()}. The destinations must lie outside the list
   * (a walk would otherwise meet them again).
   */
  public MassResult move(
      ListOptions scope, UnaryOperator<Map<String, Object>> mapFn, MassOptions options) {
    requireScoped("move", scope, options);
    ListScope read = walks.scope(scope, options);
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    Phase phase =
        walks.phase(
            "move",
            read,
            scope,
            new MoveSlices(batches, keys, plans.move(mapFn)),
            MoveSlices.SLICE,
            true);
    return walks.run("move", read.signature() + '\u0000' + plans.mode(), List.of(phase), options);
  }

  /**
   * Edits the items of a list as {@link Adapter#edit} does, one by one under the version the walk
   * read: a change in between is a conflict, an unchanged item is skipped. With {@link
   * MassOptions#allowKeyChange()} an edit that changes key fields moves the item.
   */
  public MassResult edit(
      ListOptions scope, UnaryOperator<Map<String, Object>> mapFn, MassOptions options) {
    ListScope read = walks.scope(scope, options);
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    Phase phase =
        walks.phase("edit", read, scope, new EditSlices(adapter, plans, mapFn, keys), 1, true);
    return walks.run(
        "edit", read.signature() + '\u0000' + options.allowKeyChange(), List.of(phase), options);
  }

  // ---- subtrees

  /**
   * Moves the items under {@code from} (not the item at {@code from} itself) under {@code to}: each
   * copy is created only where no item exists (an occupied destination skips the item and leaves it
   * at its source; {@code overwrite} replaces instead) and its source deleted in the same
   * transaction, so a resume never leaves duplicates or orphans.
   */
  public MassResult rename(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    return subtrees.rename(from, to, options);
  }

  /**
   * Makes the subtree under {@code to} a copy of the one under {@code from} (neither item itself):
   * first everything under {@code to} is deleted, then everything under {@code from} copied. The
   * token records the phase, so a resume in the copy phase never deletes a copy again.
   */
  public MassResult cloneWithOverwrite(
      Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    return subtrees.cloneWithOverwrite(from, to, options);
  }

  /**
   * Deletes everything under a key and the item at the key itself (children first). Needs the
   * declaration's structural relationships.
   */
  public MassResult deleteAllUnder(Map<String, ?> key, MassOptions options) {
    return subtrees.deleteAllUnder(key, options);
  }

  /**
   * Copies the item at {@code from} and everything under it to {@code to} (the item first).
   * Destinations are replaced unless the options say {@code ifNotExists} / {@code ifExists}. Needs
   * the declaration's structural relationships.
   */
  public MassResult cloneAllUnder(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    return subtrees.cloneAllUnder(from, to, options);
  }

  /**
   * Moves everything under {@code from}, then the item at {@code from} itself, under {@code to}
   * (children first), each item atomically. Destinations are created only where none exists unless
   * the options say {@code overwrite}. Needs the declaration's structural relationships.
   */
  public MassResult moveAllUnder(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    return subtrees.moveAllUnder(from, to, options);
  }

  // ---- plumbing

  private static void requireScoped(String operation, ListOptions scope, MassOptions options) {
    boolean unscoped =
        scope.keyCondition() == null
            && scope.filter().isEmpty()
            && scope.search() == null
            && scope.example().isEmpty()
            && scope.asOf() == null
            && options.asOf() == null;
    if (unscoped && !options.wholeTable()) {
      throw new IllegalArgumentException(
          operation
              + " of the whole table: give a key condition, filter or search, or confirm with"
              + " MassOptions.builder().wholeTable()");
    }
  }

  /** Assembles {@link MassOperations}. */
  public static final class Builder {
    private final Adapter adapter;
    private final DynamoDbClient client;
    private final Batches.Builder batches;
    private RetryBudget budget = RetryBudget.standard();
    private byte @Nullable [] tokenKey;

    private Builder(Adapter adapter, DynamoDbClient client) {
      this.adapter = Objects.requireNonNull(adapter, "adapter");
      this.client = Objects.requireNonNull(client, "client");
      this.batches = Batches.builder(client);
    }

    /** How long batches keep resending what DynamoDB did not process. */
    public Builder retry(RetryBudget value) {
      batches.retry(value);
      this.budget = value;
      return this;
    }

    /** How many batch requests may be in flight at once (1 by default). */
    public Builder parallelism(int requests) {
      batches.parallelism(requests);
      return this;
    }

    /**
     * The secret key of resume tokens (at least 16 bytes), so that tokens outlive this object and
     * work across instances; by default a random key.
     */
    public Builder tokenKey(byte[] key) {
      TokenCodec.withKey(key);
      this.tokenKey = key.clone();
      return this;
    }

    public MassOperations build() {
      return new MassOperations(this);
    }
  }
}

package dev.dynakit.core.adapter;

import dev.dynakit.core.NoIndexForSortException;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.KeyCondition;
import dev.dynakit.core.expr.KeyConditions;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.core.token.TokenCodec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A table declaration applied on every read and write: keys composed, technical fields derived and
 * guarded, hooks run, versions checked, items revived. Immutable and thread-safe; build one per
 * table and share it.
 *
 * <pre>{@code
 * Adapter rentals = Adapter.builder(spec, dynamoDbClient).build();
 * rentals.post(Map.of("state", "TX", "city", "Dallas", "car", 42, "status", "free"));
 * Map<String, Object> car = rentals.getByKey(Map.of("state", "TX", "city", "Dallas", "car", 42)).orElseThrow();
 * }</pre>
 *
 * <p>The Adapter is a composition root: each call is made by a small operation object of this
 * package. Reads return {@code Map<String, Object>} items with codecs applied and technical fields
 * stripped (the version and created-at fields are kept, so that an item read can be written back).
 */
public final class Adapter {
  private final AdapterContext ctx;
  private final GetOperation gets;
  private final PutOperation puts;
  private final PatchOperation patches;
  private final DeleteOperation deletes;
  private final CopyOperation copies;
  private final EditOperation edits;
  private final ListOperation lists;
  private final Descriptors descriptors;

  private Adapter(AdapterContext ctx) {
    this.ctx = ctx;
    ctx.attach(this);
    this.gets = new GetOperation(ctx);
    this.puts = new PutOperation(ctx);
    this.patches = new PatchOperation(ctx);
    this.deletes = new DeleteOperation(ctx);
    this.copies = new CopyOperation(ctx, puts, deletes);
    this.edits = new EditOperation(ctx, copies);
    this.lists = new ListOperation(ctx);
    this.descriptors = new Descriptors(ctx, puts, patches, deletes);
  }

  /** Starts an Adapter for a declared table, talking to DynamoDB through {@code client}. */
  public static Builder builder(TableSpec spec, DynamoDbClient client) {
    return new Builder(spec, client);
  }

  /** The declaration. */
  public TableSpec spec() {
    return ctx.spec;
  }

  public String tableName() {
    return ctx.table();
  }

  /**
   * The client this Adapter sends through, for what works on the same table beside it (mass
   * operations).
   */
  public DynamoDbClient client() {
    return ctx.client;
  }

  /** The codec of this Adapter's paging cursors (for other paged operations to share). */
  public TokenCodec cursors() {
    return ctx.cursors;
  }

  // ---- reads

  /** The item with this key (key fields from the first; or the partition and structural key). */
  public Optional<Map<String, Object>> getByKey(Map<String, ?> key) {
    return gets.byKey(key, ReadOptions.defaults());
  }

  public Optional<Map<String, Object>> getByKey(Map<String, ?> key, ReadOptions options) {
    return gets.byKey(key, options);
  }

  /** The items with these keys, in the order of the keys; null where there is none. */
  public List<@Nullable Map<String, Object>> getByKeys(List<? extends Map<String, ?>> keys) {
    return gets.byKeys(keys, ReadOptions.defaults());
  }

  public List<@Nullable Map<String, Object>> getByKeys(
      List<? extends Map<String, ?>> keys, ReadOptions options) {
    return gets.byKeys(keys, options);
  }

  // ---- single writes

  /**
   * Creates an item, at version 1 whatever version it carries; fails with {@link
   * dev.dynakit.core.ItemExistsException} when its key is taken.
   *
   * @return the item as written, as a read would return it
   */
  public Map<String, Object> post(Map<String, ?> item) {
    return post(item, WriteOptions.defaults());
  }

  public Map<String, Object> post(Map<String, ?> item, WriteOptions options) {
    return puts.write(item, PutOperation.Mode.CREATE, options, WriteKind.POST);
  }

  /** Creates an item as stored (the raw-item bypass). */
  public Map<String, Object> post(RawItem item, WriteOptions options) {
    return puts.write(item, PutOperation.Mode.CREATE, options, WriteKind.POST);
  }

  /**
   * Replaces an existing item ({@link dev.dynakit.core.ItemNotFoundException} when there is none),
   * or with {@link WriteOptions#overwrite()} creates or replaces it. A version carried by the item
   * (or given in the options) must match the stored one. On a table with a version field, a put
   * without any version and without overwrite never replaces: it creates the item (version 1) and
   * is refused with {@link dev.dynakit.core.VersionRequiredException} when one exists; an overwrite
   * without a version continues the stored version rather than restarting it.
   *
   * @return the item as written, as a read would return it
   */
  public Map<String, Object> put(Map<String, ?> item) {
    return put(item, WriteOptions.defaults());
  }

  public Map<String, Object> put(Map<String, ?> item, WriteOptions options) {
    return puts.write(item, putMode(options), options, WriteKind.PUT);
  }

  /** Replaces (or creates) an item as stored (the raw-item bypass). */
  public Map<String, Object> put(RawItem item, WriteOptions options) {
    return puts.write(item, putMode(options), options, WriteKind.PUT);
  }

  /**
   * Changes some fields of an existing item ({@link dev.dynakit.core.ItemNotFoundException} when
   * there is none) and bumps its version.
   *
   * @return the item after the patch; empty when the patch ran inside a transaction (consistency
   *     checks were added), which returns no item
   */
  public Optional<Map<String, Object>> patch(Map<String, ?> key, Patch patch) {
    return patches.patch(key, patch, WriteOptions.defaults());
  }

  public Optional<Map<String, Object>> patch(
      Map<String, ?> key, Patch patch, WriteOptions options) {
    return patches.patch(key, patch, options);
  }

  /** Deletes the item with this key; deleting a missing item does nothing. */
  public void delete(Map<String, ?> key) {
    deletes.delete(key, WriteOptions.defaults());
  }

  public void delete(Map<String, ?> key, WriteOptions options) {
    deletes.delete(key, options);
  }

  /**
   * Reads the item, lets {@code mapFn} change it, and writes only the difference, refusing the
   * write if the item changed in between.
   *
   * @param mapFn gets a mutable copy of the item; returns the new item, or null for no write
   * @return the item after the edit; empty when there is no item or {@code mapFn} returned null
   */
  public Optional<Map<String, Object>> edit(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn) {
    return edits.edit(key, mapFn, WriteOptions.defaults());
  }

  public Optional<Map<String, Object>> edit(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn, WriteOptions options) {
    return edits.edit(key, mapFn, options);
  }

  /**
   * Copies an item: reads it, maps it (usually to another key) and creates the copy (or, with
   * overwrite, creates or replaces it).
   *
   * @return the copy as written; empty when there is no item or {@code mapFn} returned null
   */
  public Optional<Map<String, Object>> clone(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn) {
    return copies.cloneItem(key, mapFn, WriteOptions.defaults());
  }

  public Optional<Map<String, Object>> clone(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn, WriteOptions options) {
    return copies.cloneItem(key, mapFn, options);
  }

  /**
   * Moves an item to a new key: the copy is written and the source deleted in one transaction.
   *
   * @return the item at its new key; empty when there is no item or {@code mapFn} returned null
   */
  public Optional<Map<String, Object>> move(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn) {
    return copies.move(key, mapFn, WriteOptions.defaults());
  }

  public Optional<Map<String, Object>> move(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn, WriteOptions options) {
    return copies.move(key, mapFn, options);
  }

  // ---- lists

  /** A page by offset and limit, with the total unless told otherwise. */
  public OffsetPage list(ListOptions options) {
    return lists.list(options);
  }

  /**
   * A page by cursor.
   *
   * @param cursor the cursor of the previous page, or null for the first page
   * @throws dev.dynakit.core.InvalidCursorException for a cursor this Adapter did not make for
   *     these options
   */
  public CursorPage listByCursor(@Nullable String cursor, ListOptions options) {
    return lists.listByCursor(cursor, options);
  }

  /**
   * The items below a partial key (its children, not the item itself), by offset. When the options
   * name an index (or a sort field that picks one), the children are those of that index: on an
   * index whose sort key is the structural key, the partial key also gives the index's partition
   * key ({@code {kind: "car", state: "TX"}}).
   */
  public OffsetPage listUnder(Map<String, ?> partialKey, ListOptions options) {
    String index = options.index();
    String sortBy = options.sortBy();
    if (index == null && sortBy != null) {
      index = indexForSort(sortBy);
    }
    KeyConditions keys = index == null ? keyConditions() : keyConditions(index);
    return lists.list(options.toBuilder().keyCondition(keys.children(partialKey)).build());
  }

  // ---- transaction actions (descriptors): built as the single writes build them, not sent

  /**
   * The action of {@link #post}: validated and prepared, create-only, versioned. Compose it with
   * other actions into a transaction ({@code Batches.transactWrite}); the checkConsistency hooks
   * are not asked.
   */
  public TransactWriteItem makePost(Map<String, ?> item, WriteOptions options) {
    return descriptors.put(item, PutOperation.Mode.CREATE, options, WriteKind.POST);
  }

  /** The action of {@link #post} of a raw item (as stored, no hooks). */
  public TransactWriteItem makePost(RawItem item, WriteOptions options) {
    return descriptors.put(item, PutOperation.Mode.CREATE, options, WriteKind.POST);
  }

  /**
   * The action of {@link #put(Map, WriteOptions)}: replace (or, with overwrite, create or replace).
   */
  public TransactWriteItem makePut(Map<String, ?> item, WriteOptions options) {
    return descriptors.put(item, putMode(options), options, WriteKind.PUT);
  }

  /** The action of {@link #put(RawItem, WriteOptions)}. */
  public TransactWriteItem makePut(RawItem item, WriteOptions options) {
    return descriptors.put(item, putMode(options), options, WriteKind.PUT);
  }

  /**
   * The action of {@link #patch(Map, Patch, WriteOptions)}: the item must exist; version bumped.
   */
  public TransactWriteItem makePatch(Map<String, ?> key, Patch patch, WriteOptions options) {
    return descriptors.patch(key, patch, options);
  }

  /** The action of {@link #delete(Map, WriteOptions)}. */
  public TransactWriteItem makeDelete(Map<String, ?> key, WriteOptions options) {
    return descriptors.delete(key, options);
  }

  /** An action that only checks a condition on an item (the transaction fails if it fails). */
  public TransactWriteItem makeCheck(Map<String, ?> key, Cond condition) {
    return descriptors.check(key, condition);
  }

  /** A transactional read of the item with this key ({@code Batches.transactGet}). */
  public TransactGetItem makeGet(Map<String, ?> key, String... fields) {
    return descriptors.get(key, List.of(fields));
  }

  // ---- plumbing for mass operations

  /**
   * The list read of these options planned for walking from any position, reading whole stored
   * items (no field selection, no second hop of an indirect index).
   */
  public ListScope scope(ListOptions options) {
    ListOptions whole = options.toBuilder().fields(List.of()).ignoreIndirection().build();
    return new ListScope(new ListPlanner(ctx).plan(whole), ctx.sender);
  }

  /** A stored item as a read returns it; null when a revive hook hides it. */
  public @Nullable Map<String, Object> revive(Map<String, AttributeValue> stored) {
    return ctx.reviver.revive(stored, List.of());
  }

  /**
   * The key of a stored item as the caller writes keys: its key fields (from the first), or the
   * partition and structural key as stored when the item lacks them.
   */
  public Map<String, Object> keyOf(Map<String, AttributeValue> stored) {
    return ctx.keys.ofStored(stored).fields();
  }

  /**
   * The version of a stored item: its version field as a whole number; null when the table declares
   * no version field or the item has none.
   */
  public @Nullable Long versionOf(Map<String, AttributeValue> stored) {
    return ctx.classifier.version(stored);
  }

  // ---- helpers

  /**
   * This Adapter seen through a record type: reads return records, writes take them (see {@link
   * TypedAdapter}).
   *
   * @throws dev.dynakit.core.MarshallingException when a component cannot be mapped
   */
  public <R extends Record> TypedAdapter<R> typed(Class<R> type) {
    return TypedAdapter.of(this, type);
  }

  /** The item's type: its discriminator, else the label of its depth (see {@link TableSpec}). */
  public @Nullable String typeOf(Map<String, ?> item) {
    return ctx.spec.typeOf(item);
  }

  /** The key condition of the items below a partial key (children only). */
  public KeyCondition buildKey(Map<String, ?> partialKey) {
    return KeyConditions.forTable(ctx.spec).children(partialKey);
  }

  /** Key conditions on the table (exact, children, self and children, partial). */
  public KeyConditions keyConditions() {
    return KeyConditions.forTable(ctx.spec);
  }

  /** Key conditions on a declared index. */
  public KeyConditions keyConditions(String indexName) {
    return KeyConditions.forIndex(ctx.spec, indexName);
  }

  /** The name of the index that sorts by the field (an LSI before a GSI). */
  public String indexForSort(String field) {
    return ctx.spec
        .indexForSort(field)
        .orElseThrow(() -> new NoIndexForSortException(field))
        .name();
  }

  /** The table's primary key of a key (structural key composed, prepareKey hooks run). */
  public Map<String, AttributeValue> primaryKey(Map<String, ?> key) {
    return ctx.keys.prepare(key).attributes();
  }

  /**
   * A transaction action that checks a condition on an item of this table, for {@link
   * Hooks#checkConsistency} (for instance: the parent exists).
   */
  public TransactWriteItem conditionCheck(Map<String, ?> key, Cond condition) {
    return Actions.check(
        ctx.table(), ctx.keys.prepare(key).attributes(), condition.render(ctx.placeholders()));
  }

  @Override
  public String toString() {
    return "Adapter[" + ctx.table() + "]";
  }

  private static PutOperation.Mode putMode(WriteOptions options) {
    return options.overwrite() ? PutOperation.Mode.OVERWRITE : PutOperation.Mode.REPLACE;
  }

  /** Assembles an {@link Adapter}. */
  public static final class Builder {
    private final TableSpec spec;
    private final DynamoDbClient client;
    private final List<Hooks> hooks = new ArrayList<>();
    private @Nullable RequestListener listener;
    private @Nullable ReturnConsumedCapacity consumedCapacity;
    private @Nullable TokenCodec cursors;
    private Clock clock = Clock.systemUTC();

    private Builder(TableSpec spec, DynamoDbClient client) {
      this.spec = Objects.requireNonNull(spec, "spec");
      this.client = Objects.requireNonNull(client, "client");
    }

    /** Adds hook sets, applied after those added before, in order. */
    public Builder hooks(Hooks... sets) {
      for (Hooks set : sets) {
        hooks.add(Objects.requireNonNull(set, "hooks"));
      }
      return this;
    }

    /** Tells {@code value} of every request the Adapter sends. */
    public Builder listener(@Nullable RequestListener value) {
      this.listener = value;
      return this;
    }

    /** Asks DynamoDB for the consumed capacity of every request (see {@link RequestEvent}). */
    public Builder consumedCapacity(@Nullable ReturnConsumedCapacity value) {
      this.consumedCapacity = value;
      return this;
    }

    /**
     * The secret key of the paging cursors (at least 16 bytes), so that cursors stay valid across
     * restarts and instances; by default each Adapter has a random key.
     */
    public Builder cursorKey(byte[] key) {
      this.cursors = TokenCodec.withKey(key);
      return this;
    }

    /** The clock of time stamps; the system UTC clock by default. */
    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    public Adapter build() {
      Sender sender = new Sender(client, spec.tableName(), listener, consumedCapacity);
      TokenCodec codec = cursors != null ? cursors : TokenCodec.random();
      return new Adapter(
          new AdapterContext(spec, client, sender, new HookChain(hooks), clock, codec));
    }
  }
}

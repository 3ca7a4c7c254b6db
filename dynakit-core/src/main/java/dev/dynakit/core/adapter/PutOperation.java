package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.item.Marshalling;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Writes a whole item with PutItem: create only (post), replace only (put), or create or replace
 * (put with overwrite). Stamps the version (1 for a create; else the one expected, or carried by
 * the item, plus one; else 1) and conditions the write on existence and version. On a versioned
 * table a put without any version only creates: an existing item is refused with {@link
 * dev.dynakit.core.VersionRequiredException} rather than replaced blindly (overwrite replaces).
 */
final class PutOperation {
  /** What the write requires of an existing item. */
  enum Mode {
    CREATE,
    REPLACE,
    OVERWRITE
  }

  /**
   * A put ready to send (or to join a transaction). Its request is made only when asked for, as the
   * transaction action or, for a single write without hooks, straight as the PutItem request: the
   * SDK's builders copy the item each time one is made from another.
   */
  record Built(
      String table,
      Map<String, AttributeValue> attributes,
      @Nullable Expression condition,
      Map<String, Object> item,
      PreparedKey key,
      Expectation expectation,
      boolean raw) {
    TransactWriteItem action() {
      return Actions.put(table, attributes, condition);
    }

    PutItemRequest request(@Nullable ReturnConsumedCapacity capacity) {
      return Actions.putRequest(table, attributes, condition, capacity);
    }
  }

  private final AdapterContext ctx;

  PutOperation(AdapterContext ctx) {
    this.ctx = ctx;
  }

  Map<String, Object> write(Object input, Mode mode, WriteOptions options, WriteKind kind) {
    WriteContext context = ctx.context(kind, options);
    WriteOptions continued = mode == Mode.OVERWRITE ? continueVersion(input, options) : options;
    Built built = build(input, mode, continued, context);
    ctx.writes.put(context, built);
    return written(built);
  }

  /** The item as the write returns it: revived like a read, or as stored for a raw write. */
  Map<String, Object> written(Built built) {
    if (built.raw()) {
      return ctx.reviver.raw(built.attributes());
    }
    Map<String, Object> revived = ctx.reviver.reviveWritten(built.item());
    return revived != null ? revived : ctx.reviver.stripped(built.item());
  }

  /**
   * @param input a caller's item ({@code Map}) or a {@link RawItem}
   */
  Built build(Object input, Mode mode, WriteOptions options, WriteContext context) {
    boolean raw = input instanceof RawItem;
    @SuppressWarnings("unchecked")
    Map<String, Object> source = raw ? ((RawItem) input).attributes() : (Map<String, Object>) input;
    Long carried = carriedVersion(source);
    Map<String, Object> item;
    if (raw) {
      item = new LinkedHashMap<>(source);
    } else {
      if (!options.skipValidation()) {
        ctx.hooks.validateItem(Collections.unmodifiableMap(source), context);
      }
      item = ctx.items.full(mode == Mode.CREATE ? source : keepCreatedAt(source), context);
    }
    Long expected = options.expectedVersion();
    String versionField = ctx.spec.versionField();
    if (expected != null) {
      ctx.versionFieldFor("an expected version");
    }
    boolean unversioned = false;
    if (versionField != null) {
      if (mode == Mode.CREATE) {
        // a create starts the item's history: version 1, whatever the item carries
        item.put(versionField, 1L);
      } else {
        Long base = expected != null ? expected : carried;
        item.put(versionField, base == null ? 1L : base + 1);
        if (expected == null && mode == Mode.REPLACE) {
          expected = carried;
          // without a version a put may only create: replacing blindly would lose an update
          unversioned = carried == null;
        }
      }
    }
    Map<String, AttributeValue> attributes =
        raw ? Marshalling.toItem(item) : ctx.spec.itemConverter().toAttributes(item);
    PreparedKey key = raw ? ctx.keys.ofStored(attributes) : ctx.keys.ofItem(item);
    ctx.keys.refuseDescriptor(key);
    Cond condition = condition(unversioned ? Mode.CREATE : mode, expected, options.condition());
    Expression rendered = condition == null ? null : condition.render(ctx.placeholders());
    Expectation.Existence existence =
        unversioned
            ? Expectation.Existence.MUST_NOT_EXIST_UNVERSIONED
            : mode == Mode.CREATE
                ? Expectation.Existence.MUST_NOT_EXIST
                : mode == Mode.REPLACE
                    ? Expectation.Existence.MUST_EXIST
                    : Expectation.Existence.ANY;
    return new Built(
        ctx.table(),
        attributes,
        rendered,
        item,
        key,
        new Expectation(key.fields(), existence, expected),
        raw);
  }

  private @Nullable Cond condition(Mode mode, @Nullable Long expected, @Nullable Cond extra) {
    FieldPath pk = FieldPath.of(ctx.spec.partitionKey().name());
    List<Cond> parts = new ArrayList<>();
    switch (mode) {
      case CREATE:
        parts.add(new Cond.NotExists(pk));
        break;
      case REPLACE:
        parts.add(expected != null ? versionIs(expected) : new Cond.Exists(pk));
        break;
      default:
        if (expected != null) {
          parts.add(Cond.or(new Cond.NotExists(pk), versionIs(expected)));
        }
        break;
    }
    if (extra != null) {
      parts.add(extra);
    }
    return parts.isEmpty() ? null : Cond.and(parts);
  }

  /**
   * An overwrite of a versioned item that names no version continues the stored version instead of
   * restarting it at 1, which would let a writer holding an old version match again: the stored
   * version is read and expected (a change in between is a conflict). Single puts only; a raw item
   * is written as given.
   */
  private WriteOptions continueVersion(Object input, WriteOptions options) {
    if (ctx.spec.versionField() == null
        || options.expectedVersion() != null
        || !(input instanceof Map)) {
      return options;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> item = (Map<String, Object>) input;
    if (carriedVersion(item) != null) {
      return options;
    }
    Map<String, AttributeValue> stored = StoredItems.read(ctx, ctx.keys.prepare(item));
    Long version = stored == null ? null : ctx.classifier.version(stored);
    return version == null ? options : options.toBuilder().expectedVersion(version).build();
  }

  /**
   * A replacing put of an item that does not carry the created-at field keeps the stored one: the
   * item was created then, and a new stamp would take it out of every scope frozen "as of" a time
   * before this write.
   */
  private Map<String, Object> keepCreatedAt(Map<String, Object> source) {
    String field = ctx.spec.createdAtField();
    if (field == null || source.get(field) != null) {
      return source;
    }
    Map<String, AttributeValue> stored = StoredItems.read(ctx, ctx.keys.prepare(source));
    AttributeValue created = stored == null ? null : stored.get(field);
    if (created == null) {
      return source;
    }
    Map<String, Object> kept = new LinkedHashMap<>(source);
    kept.put(field, ctx.spec.itemConverter().fromAttribute(field, created));
    return kept;
  }

  Cond versionIs(long expected) {
    return VersionConditions.is(ctx.versionFieldFor("an expected version"), expected);
  }

  private @Nullable Long carriedVersion(Map<String, ?> item) {
    String field = ctx.spec.versionField();
    return field == null ? null : VersionConditions.number(field, item.get(field));
  }
}

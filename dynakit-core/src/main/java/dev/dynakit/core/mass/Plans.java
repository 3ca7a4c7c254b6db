package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Plans the writes of mass operations with the Adapter's descriptors, so that every copy and move
 * is validated (unless the call opts out) and prepared exactly as a single write would be. A copy
 * is a new item: it does not carry the source's version (it starts again at 1). A refusal by the
 * preparation (a validation hook, a technical field, a malformed key) fails that item only; an
 * exception of the caller's mapping stops the call.
 */
final class Plans {
  static final String INVALID_ITEM = "InvalidItem";
  static final String SAME_KEY = "SameKey";

  private final Adapter adapter;
  private final MassOptions options;
  private final WriteMode mode;

  Plans(Adapter adapter, MassOptions options, WriteMode defaultMode) {
    this.adapter = adapter;
    this.options = options;
    this.mode = options.mode() != null ? options.mode() : defaultMode;
  }

  WriteMode mode() {
    return mode;
  }

  Planned.Planner delete() {
    return source -> Planned.write(adapter.makeDelete(adapter.keyOf(source), writeOptions()));
  }

  Planned.Planner copy(UnaryOperator<Map<String, Object>> mapFn) {
    return source -> {
      Map<String, Object> mapped = map(source, mapFn);
      if (mapped == null) {
        return Planned.skip();
      }
      try {
        if (keepsKey(source, mapped)) {
          return sameKey();
        }
        return Planned.write(put(mapped));
      } catch (RuntimeException e) {
        return refusal(e);
      }
    };
  }

  Planned.Planner move(UnaryOperator<Map<String, Object>> mapFn) {
    return source -> {
      Map<String, Object> mapped = map(source, mapFn);
      if (mapped == null) {
        return Planned.skip();
      }
      TransactWriteItem put;
      try {
        if (keepsKey(source, mapped)) {
          return sameKey();
        }
        put = put(mapped);
      } catch (RuntimeException e) {
        return refusal(e);
      }
      return Planned.move(put, adapter.makeDelete(adapter.keyOf(source), sourceGuard(source)));
    };
  }

  /** The revived source given to the mapping; null when hidden or mapped to nothing. */
  private @Nullable Map<String, Object> map(
      Map<String, AttributeValue> source, UnaryOperator<Map<String, Object>> mapFn) {
    Map<String, Object> revived = adapter.revive(source);
    if (revived == null) {
      return null;
    }
    Map<String, Object> mapped = mapFn.apply(new LinkedHashMap<>(revived));
    if (mapped == null) {
      return null;
    }
    String versionField = adapter.spec().versionField();
    if (versionField != null && mapped.containsKey(versionField)) {
      mapped = new LinkedHashMap<>(mapped);
      mapped.remove(versionField);
    }
    return mapped;
  }

  private TransactWriteItem put(Map<String, Object> item) {
    switch (mode) {
      case IF_NOT_EXISTS:
        return adapter.makePost(item, writeOptions());
      case IF_EXISTS:
        return adapter.makePut(item, ifExists(adapter, writeOptions()));
      default:
        return adapter.makePut(item, writeOptions().toBuilder().overwrite().build());
    }
  }

  /**
   * A put over an existing item whatever its version: a copy carries no version, and a put without
   * one on a versioned table would only create.
   */
  static WriteOptions ifExists(Adapter adapter, WriteOptions options) {
    return options.toBuilder()
        .overwrite()
        .condition(new Cond.Exists(FieldPath.of(adapter.spec().partitionKey().name())))
        .build();
  }

  /** Whether the mapping leaves the item at its own key (a copy would overwrite the source). */
  private boolean keepsKey(Map<String, AttributeValue> source, Map<String, Object> mapped) {
    Map<String, AttributeValue> to = adapter.primaryKey(mapped);
    for (Map.Entry<String, AttributeValue> entry : to.entrySet()) {
      if (!entry.getValue().equals(source.get(entry.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private static Planned sameKey() {
    return Planned.refuse(
        SAME_KEY,
        "the mapping leaves the item at its own key; a copy would replace the item itself (and"
            + " restart its version), so it was left as it is");
  }

  /** The source of a move is deleted only if it is still as read (its version, or existence). */
  private WriteOptions sourceGuard(Map<String, AttributeValue> source) {
    Long version = version(source);
    WriteOptions.Builder guard = WriteOptions.builder().actor(options.actor());
    if (version != null) {
      return guard.expectedVersion(version).build();
    }
    return guard
        .condition(new Cond.Exists(FieldPath.of(adapter.spec().partitionKey().name())))
        .build();
  }

  WriteOptions writeOptions() {
    return options.itemWrites();
  }

  /** The stored version of an item, or null. */
  @Nullable Long version(Map<String, AttributeValue> stored) {
    return adapter.versionOf(stored);
  }

  static Planned refusal(RuntimeException e) {
    return Planned.refuse(INVALID_ITEM, e.getClass().getSimpleName() + ": " + e.getMessage());
  }
}

package dev.dynakit.core.adapter;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Clone (read, map, write a new item) and move (read, map, write the new item and delete the old
 * one in one transaction). The copy is written as a new item: create only unless overwrite is
 * asked, with its version starting again at 1; the source of a move is deleted only if it still has
 * the version read.
 */
final class CopyOperation {
  private final AdapterContext ctx;
  private final PutOperation puts;
  private final DeleteOperation deletes;

  CopyOperation(AdapterContext ctx, PutOperation puts, DeleteOperation deletes) {
    this.ctx = ctx;
    this.puts = puts;
    this.deletes = deletes;
  }

  Optional<Map<String, Object>> cloneItem(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn, WriteOptions options) {
    Source source = read(key, options);
    Map<String, Object> mapped = source == null ? null : mapFn.apply(source.item);
    if (source == null || mapped == null) {
      return Optional.empty();
    }
    PutOperation.Mode mode =
        options.overwrite() ? PutOperation.Mode.OVERWRITE : PutOperation.Mode.CREATE;
    WriteOptions write = options.toBuilder().expectedVersion(null).build();
    WriteContext context = ctx.context(WriteKind.CLONE, write);
    PutOperation.Built built = puts.build(fresh(mapped), mode, write, context);
    refuseSameKey(source.key, built);
    ctx.writes.put(context, built);
    return Optional.of(puts.written(built));
  }

  Optional<Map<String, Object>> move(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn, WriteOptions options) {
    WriteContext context = ctx.context(WriteKind.MOVE, options);
    Source source = read(key, options);
    Map<String, Object> mapped = source == null ? null : mapFn.apply(source.item);
    if (source == null || mapped == null) {
      return Optional.empty();
    }
    return Optional.of(moveFrom(source.key, source.version, mapped, options, context));
  }

  /** Writes {@code mapped} as a new item and deletes the source, in one transaction. */
  Map<String, Object> moveFrom(
      PreparedKey from,
      @Nullable Long version,
      Map<String, Object> mapped,
      WriteOptions options,
      WriteContext context) {
    PutOperation.Mode mode =
        options.overwrite() ? PutOperation.Mode.OVERWRITE : PutOperation.Mode.CREATE;
    PutOperation.Built write = puts.build(fresh(mapped), mode, forMove(options), context);
    refuseSameKey(from, write);
    List<Cond> sourceConditions = new ArrayList<>();
    if (version == null) {
      sourceConditions.add(new Cond.Exists(FieldPath.of(ctx.spec.partitionKey().name())));
    }
    if (options.condition() != null) {
      sourceConditions.add(options.condition());
    }
    DeleteOperation.Built delete =
        deletes.build(
            from, version, sourceConditions.isEmpty() ? null : Cond.and(sourceConditions));
    Expectation deleteExpectation =
        new Expectation(from.fields(), Expectation.Existence.MUST_EXIST, version);
    List<TransactWriteItem> actions = new ArrayList<>();
    Map<Integer, Expectation> expectations = new HashMap<>();
    TransactWriteItem writeAction = ctx.hooks.updateInput(write.action(), context);
    actions.addAll(
        ctx.hooks.checkConsistency(
            new PlannedWrite(context, write.key().fields(), write.item(), writeAction)));
    expectations.put(actions.size(), write.expectation());
    actions.add(writeAction);
    TransactWriteItem deleteAction = ctx.hooks.updateInput(delete.action(), context);
    actions.addAll(
        ctx.hooks.checkConsistency(new PlannedWrite(context, from.fields(), null, deleteAction)));
    expectations.put(actions.size(), deleteExpectation);
    actions.add(deleteAction);
    ctx.writes.transaction(actions, expectations);
    return puts.written(write);
  }

  /**
   * Refuses a copy onto its own source, overwrite or not: it would replace the item with a new one
   * and restart its version, so that a writer holding the old version could overwrite it.
   */
  private static void refuseSameKey(PreparedKey from, PutOperation.Built write) {
    if (write.key().attributes().equals(from.attributes())) {
      throw ItemExistsException.ontoItself(from.fields());
    }
  }

  private @Nullable Source read(Map<String, ?> key, WriteOptions options) {
    PreparedKey prepared = ctx.keys.forWrite(key);
    Map<String, AttributeValue> stored = StoredItems.read(ctx, prepared);
    if (stored == null) {
      return null;
    }
    Long version = ctx.classifier.version(stored);
    Long expected = options.expectedVersion();
    if (expected != null) {
      ctx.versionFieldFor("an expected version");
      if (!expected.equals(version)) {
        throw new VersionConflictException(prepared.fields(), expected, version, null);
      }
    }
    Map<String, Object> item = ctx.reviver.revive(stored, List.of());
    return item == null ? null : new Source(prepared, version, new LinkedHashMap<>(item));
  }

  /** The copy is a new item: it does not carry the source's version. */
  private Map<String, Object> fresh(Map<String, Object> mapped) {
    String versionField = ctx.spec.versionField();
    if (versionField == null || !mapped.containsKey(versionField)) {
      return mapped;
    }
    Map<String, Object> copy = new LinkedHashMap<>(mapped);
    copy.remove(versionField);
    return copy;
  }

  private static WriteOptions forMove(WriteOptions options) {
    // a move's expected version and condition are about the source, not the copy
    return options.toBuilder().expectedVersion(null).condition(null).build();
  }

  private record Source(PreparedKey key, @Nullable Long version, Map<String, Object> item) {}
}

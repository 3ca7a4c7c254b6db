package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.expr.KeyCondition;
import dev.dynakit.engine.internal.expr.KeyConditionExpr;
import dev.dynakit.engine.internal.expr.KeyOperator;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.keys.SortOp;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A Query's key condition matched to the key schema it reads, as the one storage range it selects:
 * the partition (all partition-key attributes by equality) narrowed by the sort-key conditions
 * (equalities on leading attributes, then at most one range condition).
 */
final class KeyRange {
  private static final int MAX_PARTITION_KEY_BYTES = 2048;

  private final ReadTarget target;
  private final KeyConditionExpr condition;
  private final List<KeyCondition> sortConditions;
  private final List<AttrValue> partitionValues = new ArrayList<>();

  private KeyRange(ReadTarget target, KeyConditionExpr condition) {
    this.target = target;
    this.condition = condition;
    List<String> partitionNames = ReadTarget.names(target.key().hash());
    List<String> sortNames = ReadTarget.names(target.key().range());
    Map<String, AttrValue> partition = condition.partitionKey(partitionNames, sortNames);
    this.sortConditions = condition.sortKey(sortNames);
    for (KeyCondition c : condition.conditions()) {
      checkValues(c);
    }
    for (String name : partitionNames) {
      AttrValue v = partition.get(name);
      checkPartitionSize(v);
      partitionValues.add(v);
    }
  }

  /** Validates the condition against the target's key schema and declared key types. */
  /** The values of the queried partition's key attributes, in key order. */
  List<AttrValue> partitionValues() {
    return partitionValues;
  }

  static KeyRange of(ReadTarget target, KeyConditionExpr condition) {
    return new KeyRange(target, condition);
  }

  /** The range of storage keys the condition selects, {@code {fromInclusive, toExclusive}}. */
  byte[][] range() {
    long storeId = target.table().storeId();
    int storeNo = target.storeNo();
    if (sortConditions.isEmpty()) {
      return KeyCodec.partitionRange(storeId, storeNo, partitionValues);
    }
    List<AttrValue> prefix = new ArrayList<>();
    for (int i = 0; i < sortConditions.size() - 1; i++) {
      prefix.add(sortConditions.get(i).value());
    }
    KeyCondition last = sortConditions.get(sortConditions.size() - 1);
    AttrValue upper = last.operator() == KeyOperator.BETWEEN ? last.values().get(1) : null;
    return KeyCodec.sortRange(
        storeId,
        storeNo,
        partitionValues,
        prefix,
        SortOp.valueOf(last.operator().name()),
        last.value(),
        upper);
  }

  /**
   * Checks that a start key lies inside the condition: in the queried partition and satisfying the
   * sort-key conditions.
   */
  void checkStart(Map<String, AttrValue> start) {
    for (String name : ReadTarget.names(target.key().hash())) {
      if (!condition.condition(name).test(start.get(name))) {
        throw EngineException.validation(
            "The provided starting key is outside query boundaries based on provided conditions");
      }
    }
    for (KeyCondition c : sortConditions) {
      if (!c.test(start.get(c.attributeName()))) {
        throw EngineException.validation(
            "The provided starting key does not match the range key predicate");
      }
    }
  }

  /** Narrows a range to the keys after (or, reading backwards, before) a start position. */
  static byte[][] after(byte[][] range, byte[] start, boolean reverse) {
    if (reverse) {
      byte[] to = Arrays.compareUnsigned(start, range[1]) < 0 ? start : range[1];
      return new byte[][] {range[0], to};
    }
    byte[] next = KeyCodec.keyAfter(start);
    byte[] from = Arrays.compareUnsigned(next, range[0]) > 0 ? next : range[0];
    return new byte[][] {from, range[1]};
  }

  private void checkValues(KeyCondition c) {
    String type = target.type(c.attributeName());
    for (AttrValue v : c.values()) {
      if (!v.typeName().equals(type)) {
        throw EngineException.validation(
            "One or more parameter values were invalid: Condition parameter type does not match"
                + " schema type");
      }
      boolean empty =
          (v instanceof AttrValue.S s && s.value().isEmpty())
              || (v instanceof AttrValue.B b && b.value().length() == 0);
      if (empty) {
        throw EngineException.validation(
            "One or more parameter values are not valid. The AttributeValue for a key attribute"
                + " cannot contain an empty "
                + (v instanceof AttrValue.S ? "string" : "binary")
                + " value. Key: "
                + c.attributeName());
      }
    }
  }

  private static void checkPartitionSize(AttrValue v) {
    int length = 0;
    if (v instanceof AttrValue.S s) {
      length = Utf8.length(s.value());
    } else if (v instanceof AttrValue.B b) {
      length = b.value().length();
    }
    if (length > MAX_PARTITION_KEY_BYTES) {
      throw EngineException.validation(
          "One or more parameter values were invalid: Size of hashkey has exceeded the maximum"
              + " size limit of 2048 bytes");
    }
  }
}

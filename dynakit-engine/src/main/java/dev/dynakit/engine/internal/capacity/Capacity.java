package dev.dynakit.engine.internal.capacity;

import dev.dynakit.engine.error.EngineException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * DynamoDB's capacity arithmetic: a read unit covers 4 KB read strongly consistently (half for an
 * eventually consistent read, double inside a transaction), a write unit covers 1 KB.
 */
public final class Capacity {
  private static final int READ_UNIT_BYTES = 4096;
  private static final int WRITE_UNIT_BYTES = 1024;

  private Capacity() {}

  /** Read units for reading {@code bytes} (at least one unit, even for a missing item). */
  public static double readUnits(long bytes, boolean consistent) {
    long units = Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
    return consistent ? units : units / 2.0;
  }

  /** Read units for a run of bytes read together, as Query and Scan count them. */
  public static double readUnitsTotal(long bytes, boolean consistent) {
    return readUnits(bytes, consistent);
  }

  /** Write units for writing an item of {@code bytes} (at least one unit). */
  public static double writeUnits(long bytes) {
    return Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
  }

  /** The ReturnConsumedCapacity setting of a request. */
  public enum Mode {
    NONE,
    TOTAL,
    INDEXES;

    /** Parses the wire value; absent means NONE. */
    public static Mode parse(String value) {
      if (value == null) {
        return NONE;
      }
      switch (value) {
        case "NONE":
          return NONE;
        case "TOTAL":
          return TOTAL;
        case "INDEXES":
          return INDEXES;
        default:
          throw EngineException.validation(
              "1 validation error detected: Value '"
                  + value
                  + "' at 'returnConsumedCapacity' failed to satisfy constraint: Member must"
                  + " satisfy enum value set: [INDEXES, TOTAL, NONE]");
      }
    }
  }

  /**
   * Which of ReadCapacityUnits and WriteCapacityUnits a ConsumedCapacity repeats its units in:
   * DynamoDB splits them for transactions only; every other operation reports CapacityUnits alone.
   */
  public enum Split {
    NONE(null),
    READ("ReadCapacityUnits"),
    WRITE("WriteCapacityUnits");

    private final String member;

    Split(String member) {
      this.member = member;
    }
  }

  /**
   * The ConsumedCapacity tree of one table.
   *
   * @param globalIndexUnits units per GSI name, may be empty
   * @param localIndexUnits units per LSI name, may be empty
   */
  public static Map<String, Object> consumed(
      Mode mode,
      String tableName,
      double tableUnits,
      Map<String, Double> globalIndexUnits,
      Map<String, Double> localIndexUnits,
      Split split) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("TableName", tableName);
    double total = tableUnits;
    for (double u : globalIndexUnits.values()) {
      total += u;
    }
    for (double u : localIndexUnits.values()) {
      total += u;
    }
    out.put("CapacityUnits", total);
    if (split != Split.NONE) {
      out.put(split.member, total);
    }
    if (mode == Mode.INDEXES) {
      out.put("Table", units(tableUnits, split));
      if (!globalIndexUnits.isEmpty()) {
        Map<String, Object> g = new LinkedHashMap<>();
        globalIndexUnits.forEach((k, v) -> g.put(k, units(v, split)));
        out.put("GlobalSecondaryIndexes", g);
      }
      if (!localIndexUnits.isEmpty()) {
        Map<String, Object> l = new LinkedHashMap<>();
        localIndexUnits.forEach((k, v) -> l.put(k, units(v, split)));
        out.put("LocalSecondaryIndexes", l);
      }
    }
    return out;
  }

  private static Map<String, Object> units(double u, Split split) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("CapacityUnits", u);
    if (split != Split.NONE) {
      m.put(split.member, u);
    }
    return m;
  }
}

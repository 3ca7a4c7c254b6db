package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Throughput;
import dev.dynakit.engine.internal.table.Violations;

/** Reads and checks ProvisionedThroughput members against DynamoDB's rules and default quotas. */
final class ThroughputSpecs {
  /** Values above this are refused outright as out of bounds. */
  static final long MAX_UNITS = 1_000_000_000_000L;

  /** DynamoDB's default per-table (and per-index) provisioned-capacity quota. */
  static final long TABLE_MAX_UNITS = 40_000;

  /** DynamoDB's default per-account provisioned-capacity quota. */
  static final long ACCOUNT_MAX_UNITS = 80_000;

  private static final String LIMITS_HINT =
      " Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher"
          + " limits.";

  private ThroughputSpecs() {}

  /**
   * Shape-checks the ProvisionedThroughput member {@code member} of {@code parent}; returns it, or
   * null when absent or incomplete (then a violation has been recorded).
   */
  static Throughput read(Request parent, String member, String path, Violations v) {
    Request pt = parent.object(member);
    if (pt == null) {
      return null;
    }
    Long write = pt.integer("WriteCapacityUnits");
    Long read = pt.integer("ReadCapacityUnits");
    String writePath = Violations.path(path, "WriteCapacityUnits");
    String readPath = Violations.path(path, "ReadCapacityUnits");
    boolean complete = v.notNull(writePath, write);
    v.atLeast(writePath, write, 1);
    complete &= v.notNull(readPath, read);
    v.atLeast(readPath, read, 1);
    return complete ? new Throughput(read, write) : null;
  }

  /** Refuses absurd values, as DynamoDB does before looking at quotas. */
  static void checkBounds(Throughput t) {
    if (t.readCapacityUnits() > MAX_UNITS) {
      throw EngineException.validation(
          "Given value " + t.readCapacityUnits() + " for ReadCapacityUnits is out of bounds");
    }
    if (t.writeCapacityUnits() > MAX_UNITS) {
      throw EngineException.validation(
          "Given value " + t.writeCapacityUnits() + " for WriteCapacityUnits is out of bounds");
    }
  }

  /** The per-table quota (LimitExceededException), checked for the table itself. */
  static void checkTableQuota(Throughput t, String region) {
    check(t.readCapacityUnits(), "ReadCapacityUnits", "", "per table", region);
    check(t.writeCapacityUnits(), "WriteCapacityUnits", "", "per table", region);
  }

  /** The same quota for one GSI; DynamoDB checks each index separately from the table. */
  static void checkIndexQuota(Throughput t, String indexName, String region) {
    String forIndex = " for index " + indexName;
    check(t.readCapacityUnits(), "ReadCapacityUnits", forIndex, "per index", region);
    check(t.writeCapacityUnits(), "WriteCapacityUnits", forIndex, "per index", region);
  }

  private static void check(long units, String what, String forIndex, String scope, String region) {
    if (units > TABLE_MAX_UNITS) {
      throw new EngineException(
          ErrorType.LIMIT_EXCEEDED,
          "The requested "
              + what
              + forIndex
              + ", "
              + units
              + ", is above the "
              + scope
              + " maximum for the account in "
              + region
              + ". Per table maximum: "
              + TABLE_MAX_UNITS
              + "."
              + LIMITS_HINT);
    }
  }

  /** DynamoDB's refusal of an update that would not change the throughput. */
  static EngineException unchanged(String subject, String owner, Throughput current) {
    return EngineException.validation(
        "The provisioned throughput for "
            + subject
            + " will not change. The requested value equals the current value. Current"
            + " ReadCapacityUnits provisioned for "
            + owner
            + ": "
            + current.readCapacityUnits()
            + ". Requested ReadCapacityUnits: "
            + current.readCapacityUnits()
            + ". Current WriteCapacityUnits provisioned for "
            + owner
            + ": "
            + current.writeCapacityUnits()
            + ". Requested WriteCapacityUnits: "
            + current.writeCapacityUnits()
            + "."
            + LIMITS_HINT);
  }
}

package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import java.util.Map;

/**
 * The control-plane operations of the engine: table lifecycle (CreateTable, DescribeTable,
 * ListTables, UpdateTable, DeleteTable), tags, time to live, DescribeLimits and DescribeEndpoints,
 * with DynamoDB's validation rules and messages.
 */
public final class ControlPlane {
  private ControlPlane() {}

  /** Registers the operations for an engine without index maintenance. */
  public static void register(Map<String, Operation> ops, EngineState state) {
    register(ops, state, IndexLifecycle.IMMEDIATE);
  }

  /**
   * Registers the operations; {@code indexes} is told when UpdateTable creates or deletes a global
   * secondary index.
   */
  public static void register(
      Map<String, Operation> ops, EngineState state, IndexLifecycle indexes) {
    ops.put("CreateTable", new CreateTableOp(state));
    ops.put("DescribeTable", new DescribeTableOp(state));
    ops.put("ListTables", new ListTablesOp(state));
    ops.put("UpdateTable", new UpdateTableOp(state, indexes));
    ops.put("DeleteTable", new DeleteTableOp(state));
    TaggingOps tagging = new TaggingOps(state);
    ops.put("TagResource", tagging::tagResource);
    ops.put("UntagResource", tagging::untagResource);
    ops.put("ListTagsOfResource", tagging::listTagsOfResource);
    TimeToLiveOps ttl = new TimeToLiveOps(state);
    ops.put("UpdateTimeToLive", ttl::update);
    ops.put("DescribeTimeToLive", ttl::describe);
    ServiceInfoOps info = new ServiceInfoOps(state);
    ops.put("DescribeLimits", info::describeLimits);
    ops.put("DescribeEndpoints", info::describeEndpoints);
  }
}

package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.protocol.Operation;
import java.util.Map;

/** Registers the single-item operations: PutItem, GetItem, UpdateItem, DeleteItem. */
public final class ItemOperations {
  private ItemOperations() {}

  public static void register(Map<String, Operation> ops, EngineState state) {
    ItemStore items = state.items();
    ops.put("PutItem", new PutItemOperation(state.catalog(), items));
    ops.put("GetItem", new GetItemOperation(state.catalog(), items));
    ops.put("UpdateItem", new UpdateItemOperation(state.catalog(), items));
    ops.put("DeleteItem", new DeleteItemOperation(state.catalog(), items));
  }
}

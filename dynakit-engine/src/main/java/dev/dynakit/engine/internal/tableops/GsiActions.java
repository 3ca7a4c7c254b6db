package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.CapacitySettings;
import dev.dynakit.engine.internal.table.IndexSpec;
import dev.dynakit.engine.internal.table.Throughput;
import dev.dynakit.engine.internal.table.Violations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads UpdateTable's GlobalSecondaryIndexUpdates and applies the rules that need no table. */
final class GsiActions {
  private static final String PATH = "globalSecondaryIndexUpdates";

  private GsiActions() {}

  /**
   * The actions, shape-checked; null when the member is absent. An entry with no action or more
   * than one is kept as a null element or its first action, and refused by {@link #check}.
   */
  static List<List<GsiAction>> read(Request req, Violations v) {
    if (!req.has("GlobalSecondaryIndexUpdates")) {
      return null;
    }
    List<Request> raw = req.objects("GlobalSecondaryIndexUpdates");
    List<List<GsiAction>> out = new ArrayList<>(raw.size());
    for (int i = 0; i < raw.size(); i++) {
      Request entry = raw.get(i);
      String at = Violations.element(PATH, i);
      List<GsiAction> actions = new ArrayList<>(1);
      Request update = entry.object("Update");
      if (update != null) {
        String path = Violations.path(at, "Update");
        String name = indexName(update, path, v);
        Throughput t =
            ThroughputSpecs.read(
                update, "ProvisionedThroughput", Violations.path(path, "ProvisionedThroughput"), v);
        actions.add(
            new GsiAction(
                GsiAction.UPDATE,
                name,
                null,
                t,
                CapacitySettings.read(update, "index " + name + ": ")));
      }
      Request create = entry.object("Create");
      if (create != null) {
        IndexSpec spec = KeySpecs.index(create, Violations.path(at, "Create"), true, v);
        actions.add(
            new GsiAction(
                GsiAction.CREATE,
                spec.name(),
                spec,
                spec.throughput(),
                CapacitySettings.read(create, "index " + spec.name() + ": ")));
      }
      Request delete = entry.object("Delete");
      if (delete != null) {
        String name = indexName(delete, Violations.path(at, "Delete"), v);
        actions.add(new GsiAction(GsiAction.DELETE, name, null, null, Map.of()));
      }
      out.add(actions);
    }
    return out;
  }

  private static String indexName(Request action, String path, Violations v) {
    String name = action.string("IndexName");
    v.notNull(Violations.path(path, "IndexName"), name);
    v.name(Violations.path(path, "IndexName"), name);
    return name;
  }

  /**
   * One action per entry, one entry per index, and at most one Create or Delete per request;
   * returns the actions in request order.
   */
  static List<GsiAction> check(List<List<GsiAction>> entries) {
    List<GsiAction> actions = new ArrayList<>(entries.size());
    Set<String> names = new HashSet<>();
    int onlineChanges = 0;
    for (List<GsiAction> entry : entries) {
      if (entry.isEmpty()) {
        throw EngineException.validation(
            INVALID
                + "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create,"
                + " GlobalSecondaryIndexUpdate.Delete must not be null");
      }
      if (entry.size() > 1) {
        throw EngineException.validation(
            INVALID
                + "Only one global secondary index action is allowed per"
                + " GlobalSecondaryIndexUpdate object");
      }
      GsiAction a = entry.get(0);
      if (!names.add(a.indexName())) {
        throw EngineException.validation(
            INVALID
                + "Only one global secondary index update per index is allowed simultaneously."
                + " Index: "
                + a.indexName());
      }
      if (!a.is(GsiAction.UPDATE)) {
        onlineChanges++;
      }
      actions.add(a);
    }
    if (onlineChanges > 1) {
      throw onlyOneOnlineChange();
    }
    return actions;
  }

  static EngineException onlyOneOnlineChange() {
    return new EngineException(
        ErrorType.LIMIT_EXCEEDED,
        "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously"
            + " per table");
  }

  /** Whether any action creates or deletes an index. */
  static boolean changesIndexes(List<GsiAction> actions) {
    for (GsiAction a : actions) {
      if (!a.is(GsiAction.UPDATE)) {
        return true;
      }
    }
    return false;
  }
}

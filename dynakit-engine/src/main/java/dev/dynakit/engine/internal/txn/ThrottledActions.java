package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.metering.Throttle;
import java.util.List;

/**
 * The cancellation of a transaction that capacity enforcement throttled: a {@code ThrottlingError}
 * for each write to a table (or through its GSIs) the throttle names, {@code None} for the other
 * actions, as DynamoDB reports a throttled transaction.
 */
final class ThrottledActions {
  private ThrottledActions() {}

  static EngineException cancellation(List<WriteAction> actions, Throttle throttle) {
    CancellationReasons reasons = new CancellationReasons();
    for (WriteAction a : actions) {
      if (a.kind() != WriteAction.Kind.CONDITION_CHECK && named(a, throttle)) {
        reasons.throttled();
      } else {
        reasons.none();
      }
    }
    return reasons.exception();
  }

  private static boolean named(WriteAction a, Throttle throttle) {
    String arn = a.table().def().arn();
    for (Throttle.Reason r : throttle.reasons()) {
      if (r.resource().equals(arn) || r.resource().startsWith(arn + "/index/")) {
        return true;
      }
    }
    return false;
  }
}

package dev.dynakit.engine.internal;

import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.storage.OrderedStore;
import java.time.Clock;
import java.time.Duration;

/**
 * Everything the operations of one engine share: the tables, the store and its one write path (the
 * item store), the clock, the identity (region and account) that goes into ARNs, and how long a
 * table's time-to-live setting stays fixed after a change.
 */
public record EngineState(
    Catalog catalog,
    OrderedStore store,
    ItemStore items,
    Clock clock,
    String region,
    String accountId,
    Duration ttlChangeInterval) {

  /** The ARN of a table in this engine. */
  public String tableArn(String tableName) {
    return "arn:aws:dynamodb:" + region + ":" + accountId + ":table/" + tableName;
  }
}

package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.ListScope;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.token.TokenScope;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What the mass operations of one Adapter share: the batch helper, the runner and its token codec,
 * and the way a list becomes a phase (a consistent read of whole items where it can be).
 */
final class Walks {
  final Adapter adapter;
  final DynamoDbClient client;
  final Batches batches;
  final KeyShape keys;
  final int attempts;
  private final MassRunner runner;

  Walks(
      Adapter adapter,
      DynamoDbClient client,
      Batches batches,
      MassRunner runner,
      KeyShape keys,
      int attempts) {
    this.adapter = adapter;
    this.client = client;
    this.batches = batches;
    this.runner = runner;
    this.keys = keys;
    this.attempts = attempts;
  }

  MassResult run(String operation, String parameters, List<Phase> phases, MassOptions options) {
    TokenScope scope = new TokenScope(operation, adapter.tableName(), parameters);
    return runner.run(
        scope,
        phases,
        options.resumeToken(),
        new MassRunner.Limits(
            options.maxItems(),
            options.maxTime(),
            options.progress(),
            options.checkpoints(),
            options.countFirst()));
  }

  /** The list read, frozen "as of" when asked, consistent when it reads the table. */
  ListScope scope(ListOptions list, MassOptions options) {
    ListOptions.Builder read = list.toBuilder();
    if (options.asOf() != null) {
      read.asOf(options.asOf());
    }
    if (list.index() == null && list.sortBy() == null) {
      read.consistent();
    }
    return adapter.scope(read.build());
  }

  /**
   * A phase over a list read; when the work needs whole items and the read returns less (an index,
   * keys only), the items are read from the table first.
   */
  Phase phase(
      String name,
      ListScope read,
      ListOptions list,
      Phase.Handler handler,
      int slice,
      boolean needsWholeItems) {
    boolean partial = read.indexName() != null || list.keysOnly();
    Phase.Handler work =
        needsWholeItems && partial
            ? new FullItems(batches, adapter.tableName(), keys, handler, attempts)
            : handler;
    return new Phase(name, new ListScopeSource(read), work, slice);
  }

  /** The item at a partial key (a subtree's own row). */
  ScopeSource self(Map<String, ?> key) {
    return new SelfSource(client, adapter.tableName(), adapter.primaryKey(key));
  }

  /** The list of the items under a partial key (not the item itself). */
  ListOptions children(Map<String, ?> key, MassOptions options) {
    return ListOptions.builder().keyCondition(adapter.buildKey(key)).asOf(options.asOf()).build();
  }

  ActionSlices actions(Planned.Planner planner) {
    return new ActionSlices(batches, client, keys, planner, attempts);
  }
}

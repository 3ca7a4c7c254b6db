package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.ListScope;
import dev.dynakit.core.batch.Batches;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The subtree macros and cascades of {@link MassOperations} (see there for what each does). */
final class SubtreeOperations {
  private final Walks walks;
  private final Adapter adapter;
  private final DynamoDbClient client;
  private final Batches batches;
  private final KeyShape keys;
  private final int attempts;

  SubtreeOperations(Walks walks) {
    this.walks = walks;
    this.adapter = walks.adapter;
    this.client = walks.client;
    this.batches = walks.batches;
    this.keys = walks.keys;
    this.attempts = walks.attempts;
  }

  /**
   * Moves the items under {@code from} (not the item at {@code from} itself) under {@code to}: each
   * copy is created only where no item exists (an occupied destination skips the item and leaves it
   * at its source; {@code overwrite} replaces instead) and its source deleted in the same
   * transaction, so a resume never leaves duplicates or orphans.
   */
  MassResult rename(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    Subtrees trees = new Subtrees(adapter);
    trees.requireDisjoint(from, to);
    Plans plans = new Plans(adapter, options, WriteMode.IF_NOT_EXISTS);
    ListOptions children = walks.children(from, options);
    ListScope read = walks.scope(children, options);
    UnaryOperator<Map<String, Object>> swap = trees.swap(from, to, options.mapping());
    Phase phase =
        walks.phase(
            "move",
            read,
            children,
            new MoveSlices(batches, keys, plans.move(swap)),
            MoveSlices.SLICE,
            true);
    return walks.run(
        "rename", subtreeParameters(trees, from, to, plans, options), List.of(phase), options);
  }

  /**
   * Makes the subtree under {@code to} a copy of the one under {@code from} (neither item itself):
   * first everything under {@code to} is deleted, then everything under {@code from} copied. The
   * token records the phase, so a resume in the copy phase never deletes a copy again.
   */
  MassResult cloneWithOverwrite(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    Subtrees trees = new Subtrees(adapter);
    trees.requireDisjoint(from, to);
    Plans clear = new Plans(adapter, options, WriteMode.OVERWRITE);
    Plans copy = new Plans(adapter, options.toBuilder().overwrite().build(), WriteMode.OVERWRITE);
    ListOptions target = walks.children(to, options.toBuilder().asOf(null).build());
    ListOptions source = walks.children(from, options);
    ListScope targetRead = walks.scope(target, options.toBuilder().asOf(null).build());
    ListScope sourceRead = walks.scope(source, options);
    UnaryOperator<Map<String, Object>> swap = trees.swap(from, to, options.mapping());
    List<Phase> phases =
        List.of(
            walks.phase(
                "clear",
                targetRead,
                target,
                new ActionSlices(batches, client, keys, clear.delete(), attempts),
                100,
                false),
            walks.phase(
                "copy",
                sourceRead,
                source,
                new ActionSlices(batches, client, keys, copy.copy(swap), attempts),
                100,
                true));
    return walks.run(
        "cloneWithOverwrite", subtreeParameters(trees, from, to, copy, options), phases, options);
  }

  /**
   * Deletes everything under a key and the item at the key itself (children first). Needs the
   * declaration's structural relationships.
   */
  MassResult deleteAllUnder(Map<String, ?> key, MassOptions options) {
    Subtrees trees = new Subtrees(adapter);
    trees.requireCascades("deleteAllUnder");
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    ListOptions children = walks.children(key, options);
    ListScope read = walks.scope(children, options);
    ActionSlices delete = new ActionSlices(batches, client, keys, plans.delete(), attempts);
    List<Phase> phases =
        List.of(
            walks.phase("children", read, children, delete, 100, false),
            new Phase("self", walks.self(key), delete, 1));
    return walks.run(
        "deleteAllUnder",
        trees.path(key) + '\u0000' + read.signature() + '\u0000' + options.asOf(),
        phases,
        options);
  }

  /**
   * Copies the item at {@code from} and everything under it to {@code to} (the item first).
   * Destinations are replaced unless the options say {@code ifNotExists} / {@code ifExists}. Needs
   * the declaration's structural relationships.
   */
  MassResult cloneAllUnder(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    Subtrees trees = new Subtrees(adapter);
    trees.requireCascades("cloneAllUnder");
    trees.requireDisjoint(from, to);
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    ListOptions children = walks.children(from, options);
    ListScope read = walks.scope(children, options);
    ActionSlices copy =
        new ActionSlices(
            batches, client, keys, plans.copy(trees.swap(from, to, options.mapping())), attempts);
    List<Phase> phases =
        List.of(
            new Phase("self", walks.self(from), copy, 1),
            walks.phase("children", read, children, copy, 100, true));
    return walks.run(
        "cloneAllUnder", subtreeParameters(trees, from, to, plans, options), phases, options);
  }

  /**
   * Moves everything under {@code from}, then the item at {@code from} itself, under {@code to}
   * (children first), each item atomically. Destinations are created only where none exists unless
   * the options say {@code overwrite}. Needs the declaration's structural relationships.
   */
  MassResult moveAllUnder(Map<String, ?> from, Map<String, ?> to, MassOptions options) {
    Subtrees trees = new Subtrees(adapter);
    trees.requireCascades("moveAllUnder");
    trees.requireDisjoint(from, to);
    Plans plans = new Plans(adapter, options, WriteMode.IF_NOT_EXISTS);
    ListOptions children = walks.children(from, options);
    ListScope read = walks.scope(children, options);
    MoveSlices move =
        new MoveSlices(batches, keys, plans.move(trees.swap(from, to, options.mapping())));
    List<Phase> phases =
        List.of(
            walks.phase("children", read, children, move, MoveSlices.SLICE, true),
            new Phase("self", walks.self(from), move, 1));
    return walks.run(
        "moveAllUnder", subtreeParameters(trees, from, to, plans, options), phases, options);
  }

  private static String subtreeParameters(
      Subtrees trees, Map<String, ?> from, Map<String, ?> to, Plans plans, MassOptions options) {
    return trees.path(from)
        + '\u0000'
        + trees.path(to)
        + '\u0000'
        + plans.mode()
        + '\u0000'
        + options.asOf();
  }
}

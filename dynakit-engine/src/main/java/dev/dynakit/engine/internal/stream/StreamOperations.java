package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Registers the DynamoDB Streams operations under their full targets ({@code
 * DynamoDBStreams_20120810.ListStreams} and so on), served on the engine's one endpoint.
 */
public final class StreamOperations {
  /** The target prefix of every DynamoDB Streams operation. */
  public static final String TARGET_PREFIX = "DynamoDBStreams_20120810.";

  private StreamOperations() {}

  /** Registers the operations over {@code streams}, of the tables in {@code catalog}. */
  public static void register(Map<String, Operation> ops, Streams streams, Catalog catalog) {
    Predicate<Table> live = t -> catalog.find(t.name()) == t;
    StreamReads reads = new StreamReads(streams, live, catalog);
    ops.put(TARGET_PREFIX + "ListStreams", reads::listStreams);
    ops.put(TARGET_PREFIX + "DescribeStream", reads::describeStream);
    ops.put(TARGET_PREFIX + "GetShardIterator", reads::getShardIterator);
    ops.put(TARGET_PREFIX + "GetRecords", reads::getRecords);
  }
}

package dev.dynakit.core.stream;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A stream's shards, oldest first, every page of DescribeStream read, and whether the table still
 * writes into it.
 */
record ShardListing(List<Shard> shards, boolean enabled) {
  ShardListing {
    shards = List.copyOf(shards);
  }

  static ShardListing describe(DynamoDbStreamsClient streams, String streamArn) {
    List<Shard> shards = new ArrayList<>();
    String start = null;
    boolean enabled;
    do {
      String from = start;
      DescribeStreamResponse page =
          streams.describeStream(b -> b.streamArn(streamArn).exclusiveStartShardId(from));
      shards.addAll(page.streamDescription().shards());
      // ENABLING counts as enabled: records may still come
      StreamStatus status = page.streamDescription().streamStatus();
      enabled = status != StreamStatus.DISABLED && status != StreamStatus.DISABLING;
      start = page.streamDescription().lastEvaluatedShardId();
    } while (start != null);
    return new ShardListing(shards, enabled);
  }

  static boolean closed(Shard shard) {
    return shard.sequenceNumberRange() != null
        && shard.sequenceNumberRange().endingSequenceNumber() != null;
  }
}

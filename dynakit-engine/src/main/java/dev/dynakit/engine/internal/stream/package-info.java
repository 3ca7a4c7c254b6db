/**
 * DynamoDB Streams: a bounded in-memory log of item changes per stream, split into shards that roll
 * over, and the {@code DynamoDBStreams_20120810} operations that read it through shard iterators.
 * The item store appends a record under the item's lock, in the same critical section as the write,
 * so the order of an item's records is the order of its writes.
 */
@NullMarked
package dev.dynakit.engine.internal.stream;

import org.jspecify.annotations.NullMarked;

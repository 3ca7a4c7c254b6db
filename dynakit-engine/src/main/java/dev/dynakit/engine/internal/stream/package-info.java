/**
 * DynamoDB Streams: a bounded log of item changes per stream, kept in the engine's store and split
 * into shards that roll over, and the {@code DynamoDBStreams_20120810} operations that read it
 * through shard iterators. The item store puts a change's record in the change's own store batch,
 * numbered under the item's lock, so the order of an item's records is the order of its writes and
 * a stored change always has its record; an on-disk engine finds its streams again when it opens.
 */
@NullMarked
package dev.dynakit.engine.internal.stream;

import org.jspecify.annotations.NullMarked;

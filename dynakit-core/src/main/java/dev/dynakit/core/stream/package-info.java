/**
 * Follows a table's DynamoDB stream, as a Lambda trigger would, over any endpoint: {@link
 * dev.dynakit.core.stream.StreamListener} subscribes a {@link
 * dev.dynakit.core.stream.StreamHandler} to a table and delivers its changes at least once, in
 * order per shard, parents before children, keeping its place in a {@link
 * dev.dynakit.core.stream.CheckpointStore}.
 */
@NullMarked
package dev.dynakit.core.stream;

import org.jspecify.annotations.NullMarked;

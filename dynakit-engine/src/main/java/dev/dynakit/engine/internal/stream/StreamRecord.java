package dev.dynakit.engine.internal.stream;

import java.time.Instant;
import java.util.Map;

/** One change in a shard: its sequence number, when it was made, and its response tree. */
record StreamRecord(long sequence, Instant createdAt, Map<String, Object> tree) {}

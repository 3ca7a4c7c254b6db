package dev.dynakit.core.stream;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.Shard;

/**
 * Which shards of a listing a consumer has handled to their end, and which checkpoints it no longer
 * needs. A child shard is read only after its parent is done, so a shard with a checkpointed (or
 * done) child is done even once its own checkpoint is deleted: that is what lets finished shards'
 * checkpoints go without the shards being read again.
 */
final class ShardLineage {
  private final Map<String, ShardCheckpoint> checkpoints;
  private final Map<String, List<String>> children = new HashMap<>();
  private final Set<String> listed = new HashSet<>();
  private final Set<String> done = new HashSet<>();

  /** {@code shards} as DescribeStream lists them (usually oldest first; not relied on). */
  ShardLineage(List<Shard> shards, Map<String, ShardCheckpoint> checkpoints) {
    this.checkpoints = checkpoints;
    for (Shard s : shards) {
      listed.add(s.shardId());
      if (s.parentShardId() != null) {
        children.computeIfAbsent(s.parentShardId(), k -> new ArrayList<>()).add(s.shardId());
      }
    }
    // newest first, so that with parents listed before children one pass settles every shard; the
    // passes repeat until nothing changes, as DescribeStream does not promise that order
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = shards.size() - 1; i >= 0; i--) {
        String id = shards.get(i).shardId();
        if (!done.contains(id) && (finished(id) || children(id).stream().anyMatch(this::reached))) {
          done.add(id);
          changed = true;
        }
      }
    }
  }

  /** Whether {@code shardId} was handled to its end, by its checkpoint or its children's. */
  boolean done(String shardId) {
    return done.contains(shardId) || finished(shardId);
  }

  /**
   * The shards whose checkpoints can go: finished ones no longer listed (trimmed away, never read
   * again), and finished ones each of whose listed children (at least one) has been reached.
   */
  List<String> forgettable() {
    List<String> out = new ArrayList<>();
    for (ShardCheckpoint c : checkpoints.values()) {
      String id = c.shardId();
      List<String> kids = children(id);
      if (c.finished()
          && (!listed.contains(id) || (!kids.isEmpty() && kids.stream().allMatch(this::reached)))) {
        out.add(id);
      }
    }
    return out;
  }

  /**
   * The shards with a checkpoint short of their end that the stream no longer lists: trimmed away
   * (retention) before they were read to their end.
   */
  List<String> unfinishedGone() {
    List<String> out = new ArrayList<>();
    for (ShardCheckpoint c : checkpoints.values()) {
      if (!c.finished() && !listed.contains(c.shardId())) {
        out.add(c.shardId());
      }
    }
    return out;
  }

  private boolean reached(String shardId) {
    return checkpoints.containsKey(shardId) || done.contains(shardId);
  }

  private boolean finished(String shardId) {
    ShardCheckpoint c = checkpoints.get(shardId);
    return c != null && c.finished();
  }

  private List<String> children(String shardId) {
    return children.getOrDefault(shardId, List.of());
  }
}

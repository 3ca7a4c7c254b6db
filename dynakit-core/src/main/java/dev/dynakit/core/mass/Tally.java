package dev.dynakit.core.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The counts of one call of a mass operation, filled in by its handlers. Not thread-safe. */
final class Tally {
  private long processed;
  private long skipped;
  private final List<ItemFailure> failed = new ArrayList<>();
  private final List<ItemFailure> conflicts = new ArrayList<>();

  void processed(long count) {
    processed += count;
  }

  void skipped(long count) {
    skipped += count;
  }

  void failed(Map<String, AttributeValue> key, String reason, @Nullable String message) {
    failed.add(new ItemFailure(key, reason, message));
  }

  void conflict(Map<String, AttributeValue> key, @Nullable String message) {
    conflicts.add(new ItemFailure(key, "VersionConflict", message));
  }

  long handled() {
    return processed + skipped + failed.size() + conflicts.size();
  }

  MassResult result(@Nullable String token) {
    return new MassResult(processed, skipped, failed, conflicts, token);
  }
}

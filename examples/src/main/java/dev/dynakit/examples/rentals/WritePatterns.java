package dev.dynakit.examples.rentals;

import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.WriteOptions;
import java.util.Map;

/**
 * Writes to one rental: two editors racing (optimistic concurrency with the version field), a patch
 * that requires the version it read, and a delete.
 */
final class WritePatterns {
  private final Stage stage;
  private final Adapter rentals;
  private final ItemText text;
  private final Report report;

  WritePatterns(Stage stage) {
    this.stage = stage;
    this.rentals = stage.rentals();
    this.text = stage.text();
    this.report = stage.report();
  }

  void run() {
    Map<String, Object> key = stage.target();
    long version = twoEditors(key);
    version = patch(key, version);
    delete(key, version);
  }

  /** Returns the version after the editor who wins. */
  private long twoEditors(Map<String, Object> key) {
    report.pattern("Optimistic concurrency: two editors change the same rental");
    report.call("k = " + text.key(key));
    report.call(
        "alice = rentals.getByKey(k).orElseThrow(); bob = rentals.getByKey(k).orElseThrow()");
    Map<String, Object> alice = rentals.getByKey(key).orElseThrow();
    Map<String, Object> bob = rentals.getByKey(key).orElseThrow();
    report.result("both read " + text.brief(alice, "status", "_v"));

    report.call(
        "alice.put(\"status\", \"booked\"); alice.put(\"customer\", \"Alice Example\");"
            + " rentals.put(alice)");
    alice.put("status", "booked");
    alice.put("customer", "Alice Example");
    Map<String, Object> written = rentals.put(alice);
    report.result("written: " + text.brief(written, "status", "customer", "_v"));

    report.call("bob.put(\"status\", \"maintenance\"); rentals.put(bob)   // bob still has _v 1");
    bob.put("status", "maintenance");
    try {
      rentals.put(bob);
      throw new IllegalStateException("the stale write should have been refused: " + key);
    } catch (VersionConflictException e) {
      report.result("VersionConflictException: " + e.getMessage());
    }
    report.call("rentals.getByKey(k)");
    Map<String, Object> stored = rentals.getByKey(key).orElseThrow();
    report.result("unchanged by bob: " + text.brief(stored, "status", "customer", "_v"));
    return version(stored);
  }

  private long patch(Map<String, Object> key, long version) {
    report.pattern("Patch: set, add to a number, remove; only if the version is still " + version);
    report.call(
        "rentals.patch(k, Patch.builder().set(\"status\", \"active\").set(\"odometer\", 18250)"
            + ".add(\"days\", 2).remove(\"customer\").build(), WriteOptions.expectingVersion("
            + version
            + "))");
    Map<String, Object> patched =
        rentals
            .patch(
                key,
                Patch.builder()
                    .set("status", "active")
                    .set("odometer", 18250)
                    .add("days", 2)
                    .remove("customer")
                    .build(),
                WriteOptions.expectingVersion(version))
            .orElseThrow();
    report.result(text.full(patched));
    return version(patched);
  }

  private void delete(Map<String, Object> key, long version) {
    report.pattern("Delete, if the version is still " + version + "; then read it again");
    report.call("rentals.delete(k, WriteOptions.expectingVersion(" + version + "))");
    rentals.delete(key, WriteOptions.expectingVersion(version));
    report.result("deleted");
    report.call("rentals.getByKey(k)");
    report.result(rentals.getByKey(key).map(text::full).orElse("Optional.empty: no item"));
  }

  private static long version(Map<String, Object> item) {
    return ((Number) item.get("_v")).longValue();
  }
}

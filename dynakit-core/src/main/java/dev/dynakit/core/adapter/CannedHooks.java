package dev.dynakit.core.adapter;

import dev.dynakit.core.schema.TableSpec;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Ready-made {@link Hooks} for common technical fields. Give them to {@link
 * Adapter.Builder#hooks(Hooks...)}; they compose with each other and with your own. Stamps use the
 * time of the write ({@link WriteContext#now()}, from the Adapter's clock).
 *
 * <pre>{@code
 * Adapter.builder(spec, client)
 *     .hooks(CannedHooks.createdAt("_createdAt", TimeFormat.ISO),
 *            CannedHooks.updatedAt("_updatedAt", TimeFormat.ISO),
 *            CannedHooks.softDelete("_deletedAt"))
 *     .build();
 * }</pre>
 */
public final class CannedHooks {
  private CannedHooks() {}

  /** Stamps the time of the first write on full writes of items that do not carry it yet. */
  public static Hooks createdAt(String field, TimeFormat format) {
    return new StampHooks(field, format, false);
  }

  /** Stamps the time of every write, patches included. */
  public static Hooks updatedAt(String field, TimeFormat format) {
    return new StampHooks(field, format, true);
  }

  /**
   * Expiry for DynamoDB's TTL: every write (patches included) sets {@code field} to the time of the
   * write plus {@code lifetime}, in epoch seconds. Because DynamoDB deletes expired items
   * eventually, not at once, reads hide items past their expiry and lists filter them out.
   */
  public static Hooks ttl(String field, Duration lifetime) {
    return ttl(field, lifetime, Clock.systemUTC());
  }

  /** As {@link #ttl(String, Duration)}, judging expiry on reads by {@code clock}. */
  public static Hooks ttl(String field, Duration lifetime, Clock clock) {
    if (lifetime.isNegative() || lifetime.isZero()) {
      throw new IllegalArgumentException("a TTL lifetime must be positive, got " + lifetime);
    }
    return new TtlHooks(field, lifetime, clock);
  }

  /**
   * Soft delete: {@code delete} stamps {@code field} with the time (ISO-8601) instead of removing
   * the item; reads hide stamped items and lists filter them out. A sparse index on the field lists
   * the deleted items. A stamped item still holds its key: a post to that key fails until the item
   * is really removed (a raw-item write or a put replaces it).
   */
  public static Hooks softDelete(String field) {
    return new SoftDeleteHooks(Objects.requireNonNull(field, "field"));
  }

  /**
   * ETags for Java callers: every read item gets its strong ETag ({@link ETags}) under {@code
   * field}, the version quoted ({@code "3"}, as the REST layer sends) on a table with a version
   * field, else a hash of the item's content (whole-item reads only). Writes drop the field, so an
   * item read can be written back; {@link WriteOptions.Builder#ifMatch} makes a write conditional
   * on an ETag. Give it last, after hooks that change items on reads. {@code field} must not be
   * technical (reads strip technical fields).
   *
   * <pre>{@code
   * Adapter orders = Adapter.builder(spec, client).hooks(CannedHooks.etag(spec, "etag")).build();
   * Map<String, Object> order = orders.getByKey(key).orElseThrow();
   * orders.patch(key, Patch.of(Map.of("status", "paid")),
   *     WriteOptions.builder().ifMatch((String) order.get("etag")).build());
   * }</pre>
   */
  public static Hooks etag(TableSpec spec, String field) {
    return new EtagHooks(Objects.requireNonNull(spec, "spec"), Objects.requireNonNull(field));
  }

  /** Stamps who writes, from {@link WriteOptions.Builder#actor}, on every write that names one. */
  public static Hooks lastModifiedBy(String field) {
    return new LastModifiedByHooks(field, () -> null);
  }

  /**
   * Stamps who writes: the call's actor, or else what {@code who} says (for instance the user of
   * the current request); nothing when both are null.
   */
  public static Hooks lastModifiedBy(String field, Supplier<@Nullable String> who) {
    return new LastModifiedByHooks(field, Objects.requireNonNull(who, "who"));
  }
}

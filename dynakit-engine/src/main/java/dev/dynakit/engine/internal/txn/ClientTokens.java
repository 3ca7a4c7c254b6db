package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.table.CatalogJournal;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The ClientRequestTokens of TransactWriteItems: a token makes a request idempotent for ten minutes
 * after the first request that used it succeeded (measured with the engine's clock). The same token
 * with the same parameters gets the first response again without applying anything; the same token
 * with any parameter changed is an IdempotentParameterMismatchException.
 *
 * <p>A token's record (a digest of the parameters, when it completed, what a replay costs) goes to
 * the store in the transaction's own batch ({@link #record}), under the metadata prefix; an engine
 * opening the store reads back the tokens still in their window. A token read back compares
 * requests by digest, and its replay answers without the first response's item collection metrics.
 */
final class ClientTokens {
  static final Duration WINDOW = Duration.ofMinutes(10);
  private static final byte KIND = 'K';

  /** The first response of a token read back from the store: what a replay of it costs. */
  record Restored(Map<String, Double> replayUnits) {}

  /** The parameters of a token read back from the store, as their digest. */
  private record Digest(String sha256) {}

  /** A token's request, and its response once it succeeded (null while it runs). */
  private record Entry(Object request, @Nullable Object response, @Nullable Instant completedAt) {}

  private final Clock clock;
  private final Map<String, Entry> entries = new HashMap<>();

  /** The tokens of the store still in their window. */
  ClientTokens(Clock clock, OrderedStore store) {
    this.clock = clock;
    load(store);
  }

  /**
   * Claims the token for a request: returns the earlier response to replay, or null when the
   * request must run (then {@link #complete} or {@link #release} must follow).
   */
  synchronized @Nullable Object claim(String token, Object request) {
    Instant now = clock.instant();
    entries.values().removeIf(e -> e.completedAt() != null && expired(e.completedAt(), now));
    Entry e = entries.get(token);
    if (e == null) {
      entries.put(token, new Entry(request, null, null));
      return null;
    }
    if (!sameRequest(e.request(), request)) {
      throw new EngineException(
          ErrorType.IDEMPOTENT_PARAMETER_MISMATCH,
          "The request uses the same client token as a previous, but different, request");
    }
    if (e.response() == null) {
      throw new EngineException(
          ErrorType.TRANSACTION_IN_PROGRESS,
          "A transaction with the same client token is in progress");
    }
    return e.response();
  }

  /**
   * The store change that records a token's request as applied, for the batch that applies it:
   * stored with the transaction, or not at all.
   */
  WriteBatch.Change record(String token, Object request, Map<String, Double> replayUnits) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("digest", digest(request));
    m.put("completedAt", clock.instant().toString());
    m.put("replayUnits", new LinkedHashMap<String, Object>(replayUnits));
    return new WriteBatch.Change(key(token), Json.write(m));
  }

  /** Records the response of a request that succeeded under the token. */
  synchronized void complete(String token, Object request, Object response) {
    entries.put(token, new Entry(request, response, clock.instant()));
  }

  /** Forgets a claim whose request failed, so that it may be retried. */
  synchronized void release(String token) {
    Entry e = entries.get(token);
    if (e != null && e.response() == null) {
      entries.remove(token);
    }
  }

  private static boolean sameRequest(Object earlier, Object request) {
    return earlier instanceof Digest d
        ? d.sha256().equals(digest(request))
        : Objects.equals(earlier, request);
  }

  @SuppressWarnings("unchecked")
  private void load(OrderedStore store) {
    byte[] from = CatalogJournal.key(KIND, new byte[0]);
    byte[] to = CatalogJournal.key((byte) (KIND + 1), new byte[0]);
    Instant now = clock.instant();
    WriteBatch expired = new WriteBatch();
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        Map<String, Object> m = Json.parseObject(e.value());
        Instant completedAt = Instant.parse((String) m.get("completedAt"));
        if (expired(completedAt, now)) {
          expired.delete(e.key());
          continue;
        }
        Map<String, Double> units = new LinkedHashMap<>();
        ((Map<String, Object>) m.get("replayUnits"))
            .forEach((table, u) -> units.put(table, ((Number) u).doubleValue()));
        String token =
            new String(e.key(), from.length, e.key().length - from.length, StandardCharsets.UTF_8);
        entries.put(
            token,
            new Entry(new Digest((String) m.get("digest")), new Restored(units), completedAt));
      }
    }
    store.apply(expired);
  }

  private static byte[] key(String token) {
    return CatalogJournal.key(KIND, token.getBytes(StandardCharsets.UTF_8));
  }

  /** The SHA-256 of the request's JSON text. */
  private static String digest(Object request) {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Json.write(request)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static boolean expired(Instant completedAt, Instant now) {
    return !now.isBefore(completedAt.plus(WINDOW));
  }
}

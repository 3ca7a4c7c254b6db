package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The ClientRequestTokens of TransactWriteItems: a token makes a request idempotent for ten minutes
 * after the first request that used it succeeded (measured with the engine's clock). The same token
 * with the same parameters gets the first response again without applying anything; the same token
 * with any parameter changed is an IdempotentParameterMismatchException.
 */
final class ClientTokens {
  static final Duration WINDOW = Duration.ofMinutes(10);

  /** A token's request, and its response once it succeeded (null while it runs). */
  private record Entry(Object request, @Nullable Object response, @Nullable Instant completedAt) {}

  private final Clock clock;
  private final Map<String, Entry> entries = new HashMap<>();

  ClientTokens(Clock clock) {
    this.clock = clock;
  }

  /**
   * Claims the token for a request: returns the earlier response to replay, or null when the
   * request must run (then {@link #complete} or {@link #release} must follow).
   */
  synchronized @Nullable Object claim(String token, Object request) {
    Instant now = clock.instant();
    entries.values().removeIf(e -> e.completedAt() != null && expired(e, now));
    Entry e = entries.get(token);
    if (e == null) {
      entries.put(token, new Entry(request, null, null));
      return null;
    }
    if (!Objects.equals(e.request(), request)) {
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

  private static boolean expired(Entry e, Instant now) {
    return !now.isBefore(e.completedAt().plus(WINDOW));
  }
}

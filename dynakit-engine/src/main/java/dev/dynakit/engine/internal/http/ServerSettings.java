package dev.dynakit.engine.internal.http;

import dev.dynakit.engine.internal.http.auth.SignatureCheck;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How an engine server defends itself and whom it serves; built by {@code EngineServer.Builder},
 * which checks every value.
 *
 * @param maxBodyBytes the largest request body accepted (413 beyond)
 * @param maxConnections the most connections open at once; more are closed as they are accepted
 * @param headerTimeout how long a request's line and headers may take to arrive, from its first
 *     byte (or from the connection's opening, for its first request)
 * @param bodyTimeout how long a request's body may take to arrive, from the end of its headers
 * @param idleTimeout how long a kept-alive connection may wait for its next request
 * @param access which browser origins and {@code Host} names are served
 * @param signatures the check of each request's signature, or null when any signature is accepted
 */
public record ServerSettings(
    int maxBodyBytes,
    int maxConnections,
    Duration headerTimeout,
    Duration bodyTimeout,
    Duration idleTimeout,
    LocalAccess access,
    @Nullable SignatureCheck signatures) {

  /** The most connections open at once by default: far more than any test suite opens. */
  public static final int DEFAULT_MAX_CONNECTIONS = 1000;

  /** Every SDK sends a request's head in one go; 10 seconds leaves room for a busy machine. */
  public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);

  /** Enough for 17 MiB over a slow link (about 300 KB/s). */
  public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(60);

  /**
   * Longer than the SDKs' own idle limits (the Java SDK's pool drops a connection after 60
   * seconds), so that a client never reuses a connection we are closing at the same moment.
   */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(120);
}

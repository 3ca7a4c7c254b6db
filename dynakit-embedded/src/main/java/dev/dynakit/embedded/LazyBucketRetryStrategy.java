package dev.dynakit.embedded;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.retries.AdaptiveRetryStrategy;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RecordSuccessResponse;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;

/**
 * One of the SDK's retry strategies, consulted only once a call has failed.
 *
 * <p>Why: the SDK's standard and legacy strategies look up their retry token bucket in a store
 * guarded by one lock twice per call, even when the first attempt succeeds and the bucket is left
 * as it was. Over a network the calling threads wait on sockets and rarely meet at that lock; in
 * process every call is CPU-bound, and with more threads than cores they queue on it (16 threads
 * ran a third as many in-process GetItems per second as 2). A first attempt that succeeds takes and
 * returns nothing from the bucket, so skipping the bucket until a failure changes no decision: the
 * first failure takes the SDK strategy's own token and everything from there on is the SDK's.
 *
 * <p>The adaptive strategy limits the rate of first attempts too, so it is never wrapped.
 */
final class LazyBucketRetryStrategy implements RetryStrategy {
  private final RetryStrategy sdk;

  /** A token of this strategy: the SDK's own token once the call has failed, before that none. */
  private static final class Token implements RetryToken {
    private final String scope;
    private final @Nullable RetryToken sdkToken;

    Token(String scope, @Nullable RetryToken sdkToken) {
      this.scope = scope;
      this.sdkToken = sdkToken;
    }
  }

  LazyBucketRetryStrategy(RetryStrategy sdk) {
    this.sdk = sdk;
  }

  /**
   * A client built by {@code build} from {@code settings}, its retry strategy wrapped: the strategy
   * to wrap is the one the SDK resolved for a first build (the caller's or the default, with the
   * client's default retry conditions added), so a second build is made with it. Settings with a
   * legacy retry policy, and the adaptive strategy, give the first client as it is.
   */
  static <C extends SdkClient> C buildWith(
      ClientOverrideConfiguration.Builder settings,
      Function<ClientOverrideConfiguration, C> build) {
    C client = build.apply(settings.build());
    if (settings.retryPolicy() != null) {
      return client;
    }
    Optional<RetryStrategy> lazy =
        around(client.serviceClientConfiguration().overrideConfiguration().retryStrategy());
    if (lazy.isEmpty()) {
      return client;
    }
    client.close();
    return build.apply(settings.retryStrategy(lazy.get()).build());
  }

  /**
   * The wrapped form of a client's resolved retry strategy (its own, with the client's default
   * retry conditions added), or empty for the adaptive strategy and for clients that resolved to
   * none.
   */
  static Optional<RetryStrategy> around(Optional<RetryStrategy> resolved) {
    return resolved
        .filter(s -> !(s instanceof AdaptiveRetryStrategy || s instanceof LazyBucketRetryStrategy))
        .map(LazyBucketRetryStrategy::new);
  }

  @Override
  public AcquireInitialTokenResponse acquireInitialToken(AcquireInitialTokenRequest request) {
    return AcquireInitialTokenResponse.create(new Token(request.scope(), null), Duration.ZERO);
  }

  @Override
  public RefreshRetryTokenResponse refreshRetryToken(RefreshRetryTokenRequest request) {
    Token token = (Token) request.token();
    RetryToken sdkToken =
        token.sdkToken != null
            ? token.sdkToken
            : sdk.acquireInitialToken(AcquireInitialTokenRequest.create(token.scope)).token();
    try {
      RefreshRetryTokenResponse refreshed =
          sdk.refreshRetryToken(request.toBuilder().token(sdkToken).build());
      return RefreshRetryTokenResponse.create(
          new Token(token.scope, refreshed.token()), refreshed.delay());
    } catch (TokenAcquisitionFailedException e) {
      Token failed = new Token(token.scope, e.token());
      throw e.delay().isPresent()
          ? new TokenAcquisitionFailedException(
              e.getMessage(), failed, e.getCause(), e.delay().get())
          : new TokenAcquisitionFailedException(e.getMessage(), failed, e.getCause());
    }
  }

  @Override
  public RecordSuccessResponse recordSuccess(RecordSuccessRequest request) {
    Token token = (Token) request.token();
    if (token.sdkToken == null) {
      return RecordSuccessResponse.create(token);
    }
    RetryToken after = sdk.recordSuccess(RecordSuccessRequest.create(token.sdkToken)).token();
    return RecordSuccessResponse.create(new Token(token.scope, after));
  }

  @Override
  public int maxAttempts() {
    return sdk.maxAttempts();
  }

  @Override
  public boolean useClientDefaults() {
    // the SDK strategy inside is a client's resolved one: it has them already
    return false;
  }

  /** The SDK strategy's builder: what it builds is the SDK's strategy, unwrapped. */
  @Override
  public Builder<?, ?> toBuilder() {
    return sdk.toBuilder();
  }

  @Override
  public void close() {
    sdk.close();
  }

  @Override
  public String toString() {
    return "LazyBucketRetryStrategy(" + sdk + ")";
  }
}

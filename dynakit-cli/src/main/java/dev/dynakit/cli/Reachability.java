package dev.dynakit.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryUtils;
import software.amazon.awssdk.retries.StandardRetryStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;

/**
 * How the CLI's SDK client fails when DynamoDB cannot be reached: at once, with one message that
 * names the endpoint ("Cannot reach DynamoDB at http://127.0.0.1:8000: connection refused"), rather
 * than after the SDK's retries, with the SDK's wording and the JDK's exception names. Throttling,
 * server errors and network failures after a connection keep being retried.
 */
final class Reachability implements ExecutionInterceptor {
  /** As many attempts as the SDK's own default for DynamoDB. */
  private static final int ATTEMPTS = 9;

  private final URI endpoint;

  Reachability(URI endpoint) {
    this.endpoint = endpoint;
  }

  /** Retries what may pass (throttling, 5xx, a broken connection), never an unreachable host. */
  static RetryStrategy retryStrategy() {
    return StandardRetryStrategy.builder()
        .maxAttempts(ATTEMPTS)
        .retryOnException(Reachability::worthRetrying)
        .treatAsThrottling(t -> t instanceof SdkException e && RetryUtils.isThrottlingException(e))
        // the SDK's defaults would add their own conditions, a refused connection among them
        .useClientDefaults(false)
        .build();
  }

  static boolean worthRetrying(Throwable failure) {
    if (!(failure instanceof SdkException e) || unreachable(e).isPresent()) {
      return false;
    }
    return RetryUtils.isRetryableException(e)
        || RetryUtils.isThrottlingException(e)
        || RetryUtils.isClockSkewException(e)
        || (e instanceof SdkServiceException s && s.statusCode() >= 500)
        || (e instanceof SdkClientException && e.getCause() instanceof IOException);
  }

  /** Why no connection could be made, when that is what the failure is. */
  static Optional<String> unreachable(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ConnectException) {
        return Optional.of("connection refused (is it running?)");
      }
      if (t instanceof UnknownHostException) {
        return Optional.of("unknown host");
      }
      if (t instanceof NoRouteToHostException) {
        return Optional.of("no route to host");
      }
      if (t instanceof SocketTimeoutException
          && String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT).contains("connect")) {
        return Optional.of("no answer to the connection attempt");
      }
    }
    return Optional.empty();
  }

  @Override
  public Throwable modifyException(
      Context.FailedExecution context, ExecutionAttributes attributes) {
    Throwable failure = context.exception();
    String where = "Cannot reach DynamoDB at " + endpoint + ": ";
    Optional<String> reason = unreachable(failure);
    if (reason.isPresent()) {
      SdkClientException named = SdkClientException.create(where + reason.get());
      named.addSuppressed(failure); // the SDK's own account, for a debugger, not for the user
      return named;
    }
    String message = String.valueOf(failure.getMessage());
    if (failure instanceof SdkClientException && message.startsWith("Unable to load credentials")) {
      return SdkClientException.create(
          "No AWS credentials for DynamoDB at "
              + endpoint
              + ": set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE");
    }
    return failure;
  }
}

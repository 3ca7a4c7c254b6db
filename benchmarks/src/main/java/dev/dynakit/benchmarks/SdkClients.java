package dev.dynakit.benchmarks;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The SDK clients of the measurements: over HTTP, the sync client on the Apache 5 HTTP client, the
 * SDK's default sync transport (what an application gets without choosing); in process, the clients
 * of {@code DynakitClients}; all with the same retry and timeout settings.
 *
 * <p>No API call timeout unless one is asked for ({@code --api-call-timeout-seconds}), as the SDK's
 * default client has none: with one, the SDK schedules a timer task for every call on a shared
 * scheduler thread and cancels it at the end, which wakes that thread and keeps each cancelled task
 * queued for the whole timeout. At 17k in-process calls a second on one thread, that was a quarter
 * of the process's CPU samples (async-profiler, 2026-12-02), a cost of the client settings rather
 * than of either transport. A stuck call is still bounded: by the HTTP client's socket timeout, and
 * for the whole run by {@code SdkLoad}'s watchdog.
 */
final class SdkClients {
  private static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(30);

  private SdkClients() {}

  /**
   * A client of {@code endpoint} with enough pooled connections for {@code maxThreads}. Retries are
   * off, so that an error is counted instead of hidden behind a slower success; a server that stops
   * answering fails the call after the socket timeout.
   */
  static DynamoDbClient http(URI endpoint, int maxThreads, Duration apiCallTimeout) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
        .httpClient(
            Apache5HttpClient.builder()
                .maxConnections(Math.max(maxThreads, 1))
                .socketTimeout(SOCKET_TIMEOUT)
                .build())
        .overrideConfiguration(o -> settings(o, apiCallTimeout))
        .build();
  }

  /** The direct in-process client ({@code DynakitClients.inProcessDirect}), same settings. */
  static DynamoDbClient inProcess(DynakitEngine engine, Duration apiCallTimeout) {
    return DynakitClients.inProcessDirect(engine, o -> settings(o, apiCallTimeout));
  }

  /** The default in-process client, through the whole wire format, with the same settings. */
  static DynamoDbClient inProcessWire(DynakitEngine engine, Duration apiCallTimeout) {
    return DynakitClients.inProcess(engine, o -> settings(o, apiCallTimeout));
  }

  /** Retries off; an API call timeout only when {@code apiCallTimeout} is positive. */
  private static void settings(ClientOverrideConfiguration.Builder o, Duration apiCallTimeout) {
    o.retryStrategy(AwsRetryStrategy.doNotRetry());
    if (apiCallTimeout.compareTo(Duration.ZERO) > 0) {
      o.apiCallTimeout(apiCallTimeout);
    }
  }
}

package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.test.DynakitClients;
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
 */
final class SdkClients {
  private SdkClients() {}

  /**
   * A client of {@code endpoint} with enough pooled connections for {@code maxThreads}. Retries are
   * off, so that an error is counted instead of hidden behind a slower success; every call is
   * bounded in time, so a stuck server cannot stall the run.
   */
  static DynamoDbClient http(URI endpoint, int maxThreads) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
        .httpClient(Apache5HttpClient.builder().maxConnections(Math.max(maxThreads, 1)).build())
        .overrideConfiguration(SdkClients::settings)
        .build();
  }

  /** The in-process client a user gets from {@code DynakitClients}, with the same settings. */
  static DynamoDbClient inProcess(DynakitEngine engine) {
    return DynakitClients.inProcess(engine, SdkClients::settings);
  }

  /** The in-process client through the whole wire format, with the same settings. */
  static DynamoDbClient inProcessWire(DynakitEngine engine) {
    return DynakitClients.inProcessWire(engine, SdkClients::settings);
  }

  private static void settings(ClientOverrideConfiguration.Builder o) {
    o.retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallTimeout(Duration.ofSeconds(30));
  }
}

package dev.dynakit.benchmarks;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The SDK client every HTTP measurement uses: the sync client on the Apache 5 HTTP client, the
 * SDK's default sync transport (what an application gets without choosing).
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
        .overrideConfiguration(
            o ->
                o.retryStrategy(AwsRetryStrategy.doNotRetry())
                    .apiCallTimeout(Duration.ofSeconds(30)))
        .build();
  }
}

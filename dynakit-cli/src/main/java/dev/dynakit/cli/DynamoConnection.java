package dev.dynakit.cli;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The DynamoDB a provisioning command talks to: the one at {@code --endpoint}, or an embedded
 * in-memory engine (a dry run) without it. Closing it closes the client and the embedded engine. A
 * client for an endpoint fails at once, naming it, when it cannot be reached ({@link
 * Reachability}).
 */
final class DynamoConnection implements AutoCloseable {
  private static final String LOCAL_KEY = "dynakit";

  private final DynamoDbClient client;
  private final @Nullable DynakitEngine engine;
  private final String where;

  private DynamoConnection(DynamoDbClient client, @Nullable DynakitEngine engine, String where) {
    this.client = client;
    this.engine = engine;
    this.where = where;
  }

  /** An in-memory engine in this JVM, gone when the command ends. */
  static DynamoConnection embedded() {
    DynakitEngine engine = DynakitEngine.inMemory();
    return new DynamoConnection(
        DynakitClients.inProcess(engine), engine, "the embedded in-memory engine");
  }

  /**
   * The service at {@code endpoint}, with the AWS SDK's default credentials and region. For a local
   * endpoint ({@link #isLocal}) only the explicit settings are looked at (system properties,
   * environment, profile file), falling back to dummy credentials and us-east-1: a local DynamoDB
   * needs no real credentials, and asking the EC2 metadata service would only be slow.
   */
  static DynamoConnection at(URI endpoint) {
    DynamoDbClientBuilder builder =
        DynamoDbClient.builder()
            .endpointOverride(endpoint)
            .httpClientBuilder(
                UrlConnectionHttpClient.builder()
                    .connectionTimeout(Duration.ofSeconds(5))
                    .socketTimeout(Duration.ofSeconds(60)))
            .overrideConfiguration(
                o ->
                    o.retryStrategy(Reachability.retryStrategy())
                        .addExecutionInterceptor(new Reachability(endpoint)));
    if (isLocal(endpoint)) {
      builder
          .credentialsProvider(
              AwsCredentialsProviderChain.builder()
                  .credentialsProviders(
                      SystemPropertyCredentialsProvider.create(),
                      EnvironmentVariableCredentialsProvider.create(),
                      ProfileCredentialsProvider.create(),
                      StaticCredentialsProvider.create(
                          AwsBasicCredentials.create(LOCAL_KEY, LOCAL_KEY)))
                  .build())
          .region(localRegion());
    }
    DynamoDbClient client;
    try {
      client = builder.build();
    } catch (SdkClientException e) {
      if (String.valueOf(e.getMessage()).startsWith("Unable to load region")) {
        throw CommandFailure.failed(
            "No AWS region for DynamoDB at " + endpoint + ": set AWS_REGION, or AWS_PROFILE");
      }
      throw e;
    }
    return new DynamoConnection(client, null, "DynamoDB at " + endpoint);
  }

  /** Plain HTTP (AWS serves only HTTPS) or a loopback host. */
  static boolean isLocal(URI endpoint) {
    if ("http".equalsIgnoreCase(endpoint.getScheme())) {
      return true;
    }
    String host = endpoint.getHost() == null ? "" : endpoint.getHost().toLowerCase(Locale.ROOT);
    return host.equals("localhost")
        || host.startsWith("127.")
        || host.equals("[::1]")
        || host.equals("::1");
  }

  private static Region localRegion() {
    try {
      return new AwsRegionProviderChain(
              new SystemSettingsRegionProvider(), new AwsProfileRegionProvider())
          .getRegion();
    } catch (SdkClientException none) {
      return DynakitClients.REGION;
    }
  }

  DynamoDbClient client() {
    return client;
  }

  /** Where the commands work, for the first line of the text output. */
  String where() {
    return where;
  }

  boolean isEmbedded() {
    return engine != null;
  }

  @Override
  public void close() {
    client.close();
    if (engine != null) {
      engine.close();
    }
  }
}

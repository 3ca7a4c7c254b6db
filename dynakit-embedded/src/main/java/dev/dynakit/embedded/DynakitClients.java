package dev.dynakit.embedded;

import dev.dynakit.engine.DynakitEngine;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.http.auth.scheme.NoAuthAuthScheme;
import software.amazon.awssdk.http.auth.spi.scheme.AuthSchemeOption;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbBaseClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Ready-made AWS SDK clients for a Dynakit engine: static credentials {@code dynakit}/{@code
 * dynakit} (none in process), region {@code us-east-1}, the SDK's default retry behaviour. The
 * caller closes the client; closing it never closes the engine.
 */
public final class DynakitClients {
  /** The access key id (and secret) the clients sign with; the engine accepts any. */
  public static final String ACCESS_KEY = "dynakit";

  /** The region the clients are configured for. */
  public static final Region REGION = Region.US_EAST_1;

  // the in-process clients never contact it, but the SDK wants an endpoint
  private static final URI IN_PROCESS_ENDPOINT = URI.create("http://dynakit.invalid");
  // what the SDK's endpoint rules answer for an overridden endpoint, without running them per call
  private static final CompletableFuture<Endpoint> IN_PROCESS_ENDPOINT_RESOLVED =
      CompletableFuture.completedFuture(Endpoint.builder().url(IN_PROCESS_ENDPOINT).build());
  private static final DynamoDbEndpointProvider IN_PROCESS_ENDPOINT_PROVIDER =
      parameters -> IN_PROCESS_ENDPOINT_RESOLVED;
  private static final List<AuthSchemeOption> NO_AUTH =
      List.of(AuthSchemeOption.builder().schemeId(NoAuthAuthScheme.SCHEME_ID).build());
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

  private DynakitClients() {}

  /**
   * A client that runs every request on {@code engine} in this JVM, without sockets, through the
   * whole wire format: the SDK signs and marshals each request to JSON as it would for DynamoDB,
   * the engine parses it and answers with DynamoDB's JSON (and its CRC32 checksum), which the SDK
   * unmarshals. What production does, on any SDK 2.x version; the default of the command line and
   * of {@code @DynakitTest}. For fewer JSON round trips, see {@link #inProcessDirect}.
   */
  public static DynamoDbClient inProcess(DynakitEngine engine) {
    return inProcess(engine, o -> {});
  }

  /**
   * {@link #inProcess(DynakitEngine)} with the caller's client settings (retry strategy, timeouts,
   * interceptors, metrics), e.g. {@code o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())}.
   */
  public static DynamoDbClient inProcess(
      DynakitEngine engine, Consumer<ClientOverrideConfiguration.Builder> settings) {
    return DynamoDbClient.builder()
        .httpClient(InProcessHttpClient.of(engine))
        .endpointOverride(IN_PROCESS_ENDPOINT)
        .region(REGION)
        .credentialsProvider(credentials())
        .overrideConfiguration(settings)
        .build();
  }

  /** The asynchronous twin of {@link #inProcess(DynakitEngine)}. */
  public static DynamoDbAsyncClient inProcessAsync(DynakitEngine engine) {
    return DynamoDbAsyncClient.builder()
        .httpClient(InProcessAsyncHttpClient.of(engine))
        .endpointOverride(IN_PROCESS_ENDPOINT)
        .region(REGION)
        .credentialsProvider(credentials())
        .build();
  }

  /**
   * A client that runs every request on {@code engine} in this JVM, without sockets and, where it
   * can, without JSON: an opt-in for load tests, where the SDK's JSON marshalling and unmarshalling
   * cost more than the engine's own work. Requests are not signed (anonymous credentials); a
   * request reaches the engine as the tree its JSON would parse into ({@code
   * DynakitEngine.handle(String, Map)}), unless the caller adds execution interceptors, which then
   * see the request they sent as JSON; a successful answer reaches the SDK as the engine's plain
   * tree ({@code EngineResponse.result()}). Both conversions go through the SDK model's own field
   * metadata and setters, public SDK API, no reflection. Errors come back as DynamoDB's JSON,
   * mapped to exceptions by the SDK as usual. The retry strategy (the caller's, or the SDK's
   * default) is consulted only after a failed attempt, so that threads making CPU-bound calls do
   * not queue on the SDK's retry bucket; its decisions are the same.
   */
  public static DynamoDbClient inProcessDirect(DynakitEngine engine) {
    return inProcessDirect(engine, o -> {});
  }

  /**
   * {@link #inProcessDirect(DynakitEngine)} with the caller's client settings.
   *
   * <p>An API call timeout ({@code apiCallTimeout}, {@code apiCallAttemptTimeout}) is honoured, and
   * costs what it costs over HTTP: the SDK schedules a timer task per call on a shared thread and
   * cancels it at the end. In process, where a call takes microseconds, that was a quarter of a
   * BatchWriteItem call's CPU at one thread; leave it out unless a test needs it.
   */
  public static DynamoDbClient inProcessDirect(
      DynakitEngine engine, Consumer<ClientOverrideConfiguration.Builder> settings) {
    ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder();
    settings.accept(override);
    PendingRequests pending = directExchange(override, true);
    return LazyBucketRetryStrategy.buildWith(
        override,
        o ->
            direct(
                DynamoDbClient.builder().httpClient(InProcessHttpClient.direct(engine, pending)),
                o));
  }

  /** The asynchronous twin of {@link #inProcessDirect(DynakitEngine)}. */
  public static DynamoDbAsyncClient inProcessDirectAsync(DynakitEngine engine) {
    ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder();
    PendingRequests pending = directExchange(override, false);
    return LazyBucketRetryStrategy.buildWith(
        override,
        o ->
            direct(
                DynamoDbAsyncClient.builder()
                    .httpClient(InProcessAsyncHttpClient.direct(engine, pending)),
                o));
  }

  /**
   * Adds the interceptors of a direct in-process client to {@code override}: requests as objects
   * ({@link DirectRequests}, unless the caller has interceptors of their own, which must see the
   * requests they sent) and answers as objects ({@link DirectResponses}). Returns the requests in
   * flight, for the transport.
   */
  private static PendingRequests directExchange(
      ClientOverrideConfiguration.Builder override, boolean sync) {
    PendingRequests pending = new PendingRequests();
    if (override.executionInterceptors().isEmpty()) {
      override.addExecutionInterceptor(
          sync ? DirectRequests.onCallerThread(pending) : DirectRequests.withTickets(pending));
    }
    override.addExecutionInterceptor(DirectResponses.INSTANCE);
    return pending;
  }

  /**
   * {@code builder} set up for a direct in-process client: no signing (anonymous credentials alone
   * still hash every payload for a signature nobody checks), the in-process endpoint, resolved once
   * rather than by the endpoint rules on every call, and the region.
   */
  private static <B extends DynamoDbBaseClientBuilder<B, C>, C> C direct(
      B builder, ClientOverrideConfiguration override) {
    return builder
        .endpointOverride(IN_PROCESS_ENDPOINT)
        .endpointProvider(IN_PROCESS_ENDPOINT_PROVIDER)
        .region(REGION)
        .credentialsProvider(AnonymousCredentialsProvider.create())
        .authSchemeProvider(parameters -> NO_AUTH)
        .overrideConfiguration(override)
        .build();
  }

  /**
   * A client of {@code engine} over {@code transport}: {@link #inProcess}, {@link
   * #inProcessDirect}, or, for {@link Transport#HTTP}, {@link #http} to {@code endpoint} (where the
   * caller serves the engine, e.g. {@code EngineServer.endpoint()}; ignored in process).
   */
  public static DynamoDbClient of(
      Transport transport, DynakitEngine engine, @Nullable URI endpoint) {
    return switch (transport) {
      case IN_PROCESS -> inProcess(engine);
      case IN_PROCESS_DIRECT -> inProcessDirect(engine);
      case HTTP -> http(endpoint);
    };
  }

  /** The asynchronous twin of {@link #of(Transport, DynakitEngine, URI)}. */
  public static DynamoDbAsyncClient asyncOf(
      Transport transport, DynakitEngine engine, @Nullable URI endpoint) {
    return switch (transport) {
      case IN_PROCESS -> inProcessAsync(engine);
      case IN_PROCESS_DIRECT -> inProcessDirectAsync(engine);
      case HTTP -> httpAsync(endpoint);
    };
  }

  /**
   * A client for the engine (or any DynamoDB-compatible service) at {@code endpoint}, e.g. {@code
   * EngineServer.endpoint()}, over the SDK's URL-connection HTTP client.
   */
  public static DynamoDbClient http(URI endpoint) {
    return DynamoDbClient.builder()
        .httpClientBuilder(
            UrlConnectionHttpClient.builder()
                .connectionTimeout(CONNECT_TIMEOUT)
                .socketTimeout(READ_TIMEOUT))
        .endpointOverride(Objects.requireNonNull(endpoint, "endpoint"))
        .region(REGION)
        .credentialsProvider(credentials())
        .build();
  }

  /** The asynchronous twin of {@link #http(URI)}, over the SDK's Netty HTTP client. */
  public static DynamoDbAsyncClient httpAsync(URI endpoint) {
    return DynamoDbAsyncClient.builder()
        .httpClientBuilder(
            NettyNioAsyncHttpClient.builder()
                .connectionTimeout(CONNECT_TIMEOUT)
                .readTimeout(READ_TIMEOUT))
        .endpointOverride(Objects.requireNonNull(endpoint, "endpoint"))
        .region(REGION)
        .credentialsProvider(credentials())
        .build();
  }

  /**
   * A DynamoDB Streams client that runs every request on {@code engine} in this JVM, through the
   * whole wire format, as {@link #inProcess(DynakitEngine)} does; the engine serves the Streams
   * operations beside DynamoDB's.
   */
  public static DynamoDbStreamsClient streamsInProcess(DynakitEngine engine) {
    return DynamoDbStreamsClient.builder()
        .httpClient(InProcessHttpClient.of(engine))
        .endpointOverride(IN_PROCESS_ENDPOINT)
        .region(REGION)
        .credentialsProvider(credentials())
        .build();
  }

  /**
   * A DynamoDB Streams client for the engine (or any DynamoDB-compatible service) at {@code
   * endpoint}, the same endpoint {@link #http(URI)} talks to.
   */
  public static DynamoDbStreamsClient streamsHttp(URI endpoint) {
    return DynamoDbStreamsClient.builder()
        .httpClientBuilder(
            UrlConnectionHttpClient.builder()
                .connectionTimeout(CONNECT_TIMEOUT)
                .socketTimeout(READ_TIMEOUT))
        .endpointOverride(Objects.requireNonNull(endpoint, "endpoint"))
        .region(REGION)
        .credentialsProvider(credentials())
        .build();
  }

  private static StaticCredentialsProvider credentials() {
    return StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, ACCESS_KEY));
  }
}

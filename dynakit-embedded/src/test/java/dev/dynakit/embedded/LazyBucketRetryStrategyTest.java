package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.RetryableException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.retries.AdaptiveRetryStrategy;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RecordSuccessResponse;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The in-process client's retry strategy: the SDK's strategy is left alone while calls succeed, and
 * decides exactly as it would on its own once one fails.
 */
class LazyBucketRetryStrategyTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aSucceedingCallNeverReachesTheSdkStrategy() {
    RecordingStrategy sdk = new RecordingStrategy();
    LazyBucketRetryStrategy lazy = new LazyBucketRetryStrategy(sdk);

    RetryToken token =
        lazy.acquireInitialToken(AcquireInitialTokenRequest.create("dynamodb")).token();
    lazy.recordSuccess(RecordSuccessRequest.create(token));

    assertThat(sdk.calls).isEmpty();
  }

  @Test
  void aFailedCallIsTheSdkStrategysFromTheFirstFailureOn() {
    RecordingStrategy sdk = new RecordingStrategy();
    LazyBucketRetryStrategy lazy = new LazyBucketRetryStrategy(sdk);
    RetryToken token =
        lazy.acquireInitialToken(AcquireInitialTokenRequest.create("dynamodb")).token();

    RefreshRetryTokenResponse first = lazy.refreshRetryToken(refresh(token));
    RefreshRetryTokenResponse second = lazy.refreshRetryToken(refresh(first.token()));
    lazy.recordSuccess(RecordSuccessRequest.create(second.token()));

    assertThat(first.delay()).isEqualTo(Duration.ofMillis(7));
    assertThat(sdk.calls)
        .containsExactly("acquire dynamodb", "refresh sdk-0", "refresh sdk-1", "success sdk-2");
  }

  @Test
  void theSdkStrategysRefusalIsPassedOnWithItsDelay() {
    RecordingStrategy sdk = new RecordingStrategy();
    sdk.refuse = true;
    LazyBucketRetryStrategy lazy = new LazyBucketRetryStrategy(sdk);
    RetryToken token =
        lazy.acquireInitialToken(AcquireInitialTokenRequest.create("dynamodb")).token();

    assertThatThrownBy(() -> lazy.refreshRetryToken(refresh(token)))
        .isInstanceOfSatisfying(
            TokenAcquisitionFailedException.class,
            e -> {
              assertThat(e).hasMessage("no more");
              assertThat(e.delay()).contains(Duration.ofSeconds(1));
              assertThat(e.token()).isNotNull();
            });
  }

  @Test
  void anInProcessClientRetriesAsOftenAsTheSdkWould() {
    for (RetryStrategy strategy :
        List.of(
            AwsRetryStrategy.doNotRetry(),
            fastStandard(),
            AwsRetryStrategy.legacyRetryStrategy().toBuilder()
                .backoffStrategy(BackoffStrategy.retryImmediately())
                .build())) {
      assertThat(attempts(true, o -> o.retryStrategy(strategy)))
          .as("%s", strategy)
          .isEqualTo(attempts(false, o -> o.retryStrategy(strategy)))
          .isEqualTo(strategy.maxAttempts());
    }
  }

  @Test
  void theDefaultInProcessClientRetriesAsTheSdksDefaultDoes() {
    try (DynamoDbClient client = DynakitClients.inProcessDirect(engine)) {
      assertThat(client.serviceClientConfiguration().overrideConfiguration().retryStrategy())
          .containsInstanceOf(LazyBucketRetryStrategy.class);
    }
    assertThat(attempts(true, o -> {})).isEqualTo(attempts(false, o -> {})).isGreaterThan(1);
  }

  @Test
  void choicesByModeAndLegacyPoliciesRetryAsTheSdkWould() {
    assertThat(attempts(true, o -> o.retryStrategy(RetryMode.STANDARD)))
        .isEqualTo(attempts(false, o -> o.retryStrategy(RetryMode.STANDARD)))
        .isEqualTo(3);
    assertThat(attempts(true, o -> o.retryStrategy(b -> b.maxAttempts(2))))
        .isEqualTo(attempts(false, o -> o.retryStrategy(b -> b.maxAttempts(2))))
        .isEqualTo(2);
    assertThat(attempts(true, o -> o.retryPolicy(RetryPolicy.none())))
        .isEqualTo(attempts(false, o -> o.retryPolicy(RetryPolicy.none())))
        .isEqualTo(1);
  }

  @Test
  void itsBuilderBuildsTheSdkStrategyUnwrapped() {
    RetryStrategy rebuilt =
        LazyBucketRetryStrategy.around(Optional.of(fastStandard())).orElseThrow().toBuilder()
            .maxAttempts(2)
            .build();

    assertThat(rebuilt).isNotInstanceOf(LazyBucketRetryStrategy.class);
    assertThat(rebuilt.maxAttempts()).isEqualTo(2);
  }

  @Test
  void theAdaptiveStrategyIsLeftAsItIs() {
    AdaptiveRetryStrategy adaptive = AwsRetryStrategy.adaptiveRetryStrategy();
    assertThat(LazyBucketRetryStrategy.around(Optional.of(adaptive))).isEmpty();
    assertThat(LazyBucketRetryStrategy.around(Optional.of(fastStandard())))
        .containsInstanceOf(LazyBucketRetryStrategy.class);
  }

  /** How many attempts a ListTables makes when every attempt fails with a retryable error. */
  private int attempts(boolean direct, Consumer<ClientOverrideConfiguration.Builder> settings) {
    AtomicInteger attempts = new AtomicInteger();
    ExecutionInterceptor failing =
        new ExecutionInterceptor() {
          @Override
          public void beforeTransmission(
              Context.BeforeTransmission context, ExecutionAttributes attributes) {
            attempts.incrementAndGet();
            throw RetryableException.create("the line is down");
          }
        };
    Consumer<ClientOverrideConfiguration.Builder> failingSettings =
        o -> {
          settings.accept(o);
          o.addExecutionInterceptor(failing);
        };
    try (DynamoDbClient client =
        direct
            ? DynakitClients.inProcessDirect(engine, failingSettings)
            : DynakitClients.inProcess(engine, failingSettings)) {
      assertThatThrownBy(client::listTables).hasMessageContaining("the line is down");
    }
    return attempts.get();
  }

  private static RetryStrategy fastStandard() {
    return AwsRetryStrategy.standardRetryStrategy().toBuilder()
        .maxAttempts(5)
        .backoffStrategy(BackoffStrategy.retryImmediately())
        .build();
  }

  private static RefreshRetryTokenRequest refresh(RetryToken token) {
    return RefreshRetryTokenRequest.builder()
        .token(token)
        .failure(RetryableException.create("failed"))
        .build();
  }

  /** An SDK strategy that numbers its tokens and writes down every call it gets. */
  private static final class RecordingStrategy implements RetryStrategy {
    final List<String> calls = new ArrayList<>();
    boolean refuse;
    private int next;

    private record Numbered(String name) implements RetryToken {}

    private Numbered nextToken() {
      return new Numbered("sdk-" + next++);
    }

    @Override
    public AcquireInitialTokenResponse acquireInitialToken(AcquireInitialTokenRequest request) {
      calls.add("acquire " + request.scope());
      return AcquireInitialTokenResponse.create(nextToken(), Duration.ZERO);
    }

    @Override
    public RefreshRetryTokenResponse refreshRetryToken(RefreshRetryTokenRequest request) {
      calls.add("refresh " + ((Numbered) request.token()).name());
      if (refuse) {
        throw new TokenAcquisitionFailedException(
            "no more", nextToken(), request.failure(), Duration.ofSeconds(1));
      }
      return RefreshRetryTokenResponse.create(nextToken(), Duration.ofMillis(7));
    }

    @Override
    public RecordSuccessResponse recordSuccess(RecordSuccessRequest request) {
      calls.add("success " + ((Numbered) request.token()).name());
      return RecordSuccessResponse.create(request.token());
    }

    @Override
    public int maxAttempts() {
      return 3;
    }

    /** Never asked: the wrapper hands out the SDK strategy's builder, tested on a real one. */
    @Override
    public Builder<?, ?> toBuilder() {
      throw new UnsupportedOperationException("RecordingStrategy has no builder");
    }
  }
}

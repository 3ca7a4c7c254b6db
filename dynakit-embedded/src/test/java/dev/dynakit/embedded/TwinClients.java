package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynakit.engine.DynakitEngine;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Two engines in the same state, one reached by the direct in-process client, the other through the
 * wire format: every call is made on both, and the SDK must give equal answers (or equal errors).
 * Engines run on one fixed clock, so that timestamps agree.
 */
final class TwinClients implements AutoCloseable {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-01T10:15:30.123Z"), ZoneOffset.UTC);

  private final DynakitEngine directEngine = DynakitEngine.builder().clock(CLOCK).build();
  private final DynakitEngine wireEngine = DynakitEngine.builder().clock(CLOCK).build();
  final DynamoDbClient direct = DynakitClients.inProcessDirect(directEngine);
  final DynamoDbClient wire = DynakitClients.inProcess(wireEngine);

  /** Makes the call on both; their answers must be equal. Returns the direct client's answer. */
  <T> T same(Function<DynamoDbClient, T> call) {
    return same(call, Function.identity());
  }

  /**
   * Makes the call on both and compares the answers after {@code comparable} (which drops what
   * legitimately differs between two engines, such as a table's random id).
   */
  <T, C> T same(Function<DynamoDbClient, T> call, Function<T, C> comparable) {
    T fromWire = call.apply(wire);
    T fromDirect = call.apply(direct);
    C expected = comparable.apply(fromWire);
    C actual = comparable.apply(fromDirect);
    if (expected instanceof SdkResponse) {
      // a response's equals also compares its request id, which is never the same twice
      assertThat(((SdkPojo) actual).equalsBySdkFields(expected))
          .as("%s%nequals%n%s", actual, expected)
          .isTrue();
    } else {
      assertThat(actual).isEqualTo(expected);
    }
    return fromDirect;
  }

  /** Makes a call that must fail, on both; the errors must be alike. */
  void sameError(Function<DynamoDbClient, ?> call) {
    Throwable fromWire = catchThrowable(() -> call.apply(wire));
    Throwable fromDirect = catchThrowable(() -> call.apply(direct));
    assertThat(fromWire).isInstanceOf(DynamoDbException.class);
    assertThat(fromDirect).isExactlyInstanceOf(fromWire.getClass());
    DynamoDbException d = (DynamoDbException) fromDirect;
    DynamoDbException w = (DynamoDbException) fromWire;
    assertThat(d.awsErrorDetails().errorCode()).isEqualTo(w.awsErrorDetails().errorCode());
    assertThat(d.awsErrorDetails().errorMessage()).isEqualTo(w.awsErrorDetails().errorMessage());
    assertThat(d.statusCode()).isEqualTo(w.statusCode());
    if (w instanceof TransactionCanceledException) {
      assertThat(((TransactionCanceledException) d).cancellationReasons())
          .isEqualTo(((TransactionCanceledException) w).cancellationReasons());
    }
  }

  @Override
  public void close() {
    direct.close();
    wire.close();
    directEngine.close();
    wireEngine.close();
  }
}

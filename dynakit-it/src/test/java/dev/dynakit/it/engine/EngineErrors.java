package dev.dynakit.it.engine;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** Assertions on the errors the engine sends, as the SDK sees them. */
final class EngineErrors {
  private EngineErrors() {}

  /** Asserts the call fails with the given DynamoDB error code and a message containing text. */
  static void assertError(ThrowingCallable call, String errorCode, String messagePart) {
    assertThatThrownBy(call)
        .isInstanceOf(DynamoDbException.class)
        .satisfies(
            e -> {
              DynamoDbException d = (DynamoDbException) e;
              org.assertj.core.api.Assertions.assertThat(d.awsErrorDetails().errorCode())
                  .isEqualTo(errorCode);
              org.assertj.core.api.Assertions.assertThat(d.awsErrorDetails().errorMessage())
                  .contains(messagePart);
              org.assertj.core.api.Assertions.assertThat(d.statusCode()).isEqualTo(400);
            });
  }
}

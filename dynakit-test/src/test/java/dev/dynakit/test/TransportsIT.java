package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletionException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The AWS SDK over every transport: an engine error arrives as the SDK's exception with DynamoDB's
 * error code, status and request id (and a body whose CRC32 the SDK checked).
 */
@DynakitTest
class TransportsIT {
  // Kinesis streaming destinations are an AWS integration a local engine will not offer
  private static final String UNSUPPORTED_TABLE = "orders";

  @TransportTest
  void unsupportedOperation_isUnknownOperationException(DynamoDbClient dynamo) {
    assertThatThrownBy(
            () -> dynamo.describeKinesisStreamingDestination(b -> b.tableName(UNSUPPORTED_TABLE)))
        .isInstanceOfSatisfying(
            DynamoDbException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(400);
              assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException");
              assertThat(e.requestId()).isNotBlank();
              assertThat(e.retryable()).isFalse();
            });
  }

  @TransportTest
  void unsupportedOperation_async_isUnknownOperationException(DynamoDbAsyncClient dynamo) {
    assertThatThrownBy(
            () ->
                dynamo
                    .describeKinesisStreamingDestination(b -> b.tableName(UNSUPPORTED_TABLE))
                    .join())
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOfSatisfying(
            DynamoDbException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(400);
              assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException");
            });
  }
}

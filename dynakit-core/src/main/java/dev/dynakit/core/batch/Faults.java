package dev.dynakit.core.batch;

import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkServiceException;

/**
 * Which failures are worth sending again: throttling and server errors. Whatever else DynamoDB
 * refuses (validation, conditions, missing tables) will be refused again.
 */
final class Faults {
  private static final Set<String> THROTTLING =
      Set.of(
          "ProvisionedThroughputExceededException",
          "RequestLimitExceeded",
          "ThrottlingException",
          "InternalServerError",
          "InternalServerErrorException",
          "ServiceUnavailable");

  private Faults() {}

  static boolean retryable(RuntimeException failure) {
    if (!(failure instanceof SdkServiceException)) {
      return false;
    }
    SdkServiceException service = (SdkServiceException) failure;
    if (service.statusCode() >= 500 || service.isThrottlingException()) {
      return true;
    }
    return failure instanceof AwsServiceException && THROTTLING.contains(code(failure));
  }

  /** DynamoDB's error code of a failure, or its class name. */
  static String code(RuntimeException failure) {
    if (failure instanceof AwsServiceException) {
      AwsServiceException aws = (AwsServiceException) failure;
      if (aws.awsErrorDetails() != null && aws.awsErrorDetails().errorCode() != null) {
        return aws.awsErrorDetails().errorCode();
      }
    }
    return failure.getClass().getSimpleName();
  }
}

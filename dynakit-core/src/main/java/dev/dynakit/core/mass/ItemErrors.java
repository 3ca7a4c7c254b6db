package dev.dynakit.core.mass;

import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Tells errors that concern one item (it is too large, it breaks a key or index rule) from errors
 * that stop the work (throttling, server errors, a missing table): the first are recorded as failed
 * items and the work goes on; the second stop the call with a resume token.
 */
final class ItemErrors {
  private ItemErrors() {}

  static boolean itemSpecific(DynamoDbException e) {
    return "ValidationException".equals(code(e));
  }

  static String code(DynamoDbException e) {
    if (e.awsErrorDetails() != null && e.awsErrorDetails().errorCode() != null) {
      return e.awsErrorDetails().errorCode();
    }
    return e.getClass().getSimpleName();
  }
}

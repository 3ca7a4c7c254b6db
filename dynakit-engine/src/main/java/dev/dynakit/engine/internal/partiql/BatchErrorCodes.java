package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.ErrorType;

/** The {@code Code} of a BatchExecuteStatement response's error, by the engine's error type. */
final class BatchErrorCodes {
  private BatchErrorCodes() {}

  static String of(ErrorType type) {
    return switch (type) {
      case CONDITIONAL_CHECK_FAILED -> "ConditionalCheckFailed";
      case DUPLICATE_ITEM -> "DuplicateItem";
      case VALIDATION, SERIALIZATION -> "ValidationError";
      case RESOURCE_NOT_FOUND -> "ResourceNotFound";
      case PROVISIONED_THROUGHPUT_EXCEEDED -> "ProvisionedThroughputExceeded";
      case THROTTLING -> "ThrottlingError";
      case TRANSACTION_CONFLICT -> "TransactionConflict";
      case ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED -> "ItemCollectionSizeLimitExceeded";
      case REQUEST_LIMIT_EXCEEDED -> "RequestLimitExceeded";
      case ACCESS_DENIED -> "AccessDenied";
      default -> "InternalServerError";
    };
  }
}

package dev.dynakit.engine.error;

/** DynamoDB's error types, with the wire name, HTTP status and retryability of each. */
public enum ErrorType {
  VALIDATION("com.amazon.coral.validate#ValidationException", 400, false),
  SERIALIZATION("com.amazon.coral.service#SerializationException", 400, false),
  UNKNOWN_OPERATION("com.amazon.coral.service#UnknownOperationException", 400, false),
  MISSING_AUTHENTICATION_TOKEN(
      "com.amazon.coral.service#MissingAuthenticationTokenException", 400, false),
  ACCESS_DENIED("com.amazon.coral.service#AccessDeniedException", 400, false),
  UNRECOGNIZED_CLIENT("com.amazon.coral.service#UnrecognizedClientException", 400, false),
  INVALID_SIGNATURE("com.amazon.coral.service#InvalidSignatureException", 400, false),
  INCOMPLETE_SIGNATURE("com.amazon.coral.service#IncompleteSignatureException", 400, false),
  RESOURCE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400, false),
  RESOURCE_IN_USE("com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400, false),
  CONDITIONAL_CHECK_FAILED(
      "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400, false),
  TRANSACTION_CANCELED("com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400, false),
  TRANSACTION_CONFLICT("com.amazonaws.dynamodb.v20120810#TransactionConflictException", 400, true),
  TRANSACTION_IN_PROGRESS(
      "com.amazonaws.dynamodb.v20120810#TransactionInProgressException", 400, false),
  IDEMPOTENT_PARAMETER_MISMATCH(
      "com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException", 400, false),
  ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED(
      "com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException", 400, false),
  DUPLICATE_ITEM("com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400, false),
  PROVISIONED_THROUGHPUT_EXCEEDED(
      "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", 400, true),
  THROTTLING("com.amazon.coral.availability#ThrottlingException", 400, true),
  REQUEST_LIMIT_EXCEEDED("com.amazonaws.dynamodb.v20120810#RequestLimitExceeded", 400, true),
  EXPIRED_ITERATOR("com.amazonaws.dynamodb.v20120810#ExpiredIteratorException", 400, false),
  TRIMMED_DATA_ACCESS("com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException", 400, false),
  LIMIT_EXCEEDED("com.amazonaws.dynamodb.v20120810#LimitExceededException", 400, false),
  BACKUP_NOT_FOUND("com.amazonaws.dynamodb.v20120810#BackupNotFoundException", 400, false),
  BACKUP_IN_USE("com.amazonaws.dynamodb.v20120810#BackupInUseException", 400, false),
  TABLE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#TableNotFoundException", 400, false),
  TABLE_ALREADY_EXISTS("com.amazonaws.dynamodb.v20120810#TableAlreadyExistsException", 400, false),
  POINT_IN_TIME_RECOVERY_UNAVAILABLE(
      "com.amazonaws.dynamodb.v20120810#PointInTimeRecoveryUnavailableException", 400, false),
  INTERNAL_SERVER_ERROR("com.amazonaws.dynamodb.v20120810#InternalServerError", 500, true);

  private final String wireName;
  private final int httpStatus;
  private final boolean retryable;

  ErrorType(String wireName, int httpStatus, boolean retryable) {
    this.wireName = wireName;
    this.httpStatus = httpStatus;
    this.retryable = retryable;
  }

  /** The {@code __type} DynamoDB sends for this error. */
  public String wireName() {
    return wireName;
  }

  public int httpStatus() {
    return httpStatus;
  }

  public boolean retryable() {
    return retryable;
  }
}

package dev.dynakit.rest;

import dev.dynakit.core.DynakitException;
import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.InvalidFilterException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.FilterRule;
import dev.dynakit.core.schema.TableSpec;
import java.lang.System.Logger.Level;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * Errors to HTTP statuses and error bodies (where the reference toolkit answers 500, see the module
 * README): requests the toolkit or the REST layer refuses are 400 with a code naming the problem,
 * version conflicts and failed conditions 409, a missing item 404, DynamoDB's own refusals keep the
 * reference's statuses (422 validation, 429 throttling, 503 unavailable), and anything else is a
 * bug: 500 with an error id that is logged together with the stack trace, which never reaches the
 * client.
 */
public final class ErrorMapping {
  private static final System.Logger LOG = System.getLogger("dev.dynakit.rest");
  private static final SecureRandom IDS = new SecureRandom();

  private static final Set<String> CONSISTENCY =
      Set.of(
          "ConditionalCheckFailedException",
          "TransactionCanceledException",
          "TransactionConflictException");
  private static final Set<String> THROTTLE =
      Set.of(
          "ProvisionedThroughputExceededException",
          "RequestLimitExceeded",
          "ItemCollectionSizeLimitExceededException",
          "LimitExceededException",
          "ThrottlingException");

  private ErrorMapping() {}

  /**
   * The error response of a failure.
   *
   * @param spec the table's declaration (distinguishes an unknown filter field from a refused
   *     operator), or null
   */
  public static RestError toError(Throwable failure, @Nullable TableSpec spec, RestPolicy policy) {
    StatusCodes statuses = policy.statusCodes();
    if (failure instanceof RestException) {
      return ((RestException) failure).toError();
    }
    if (failure instanceof InvalidFilterException) {
      return filter((InvalidFilterException) failure, spec);
    }
    if (failure instanceof MalformedKeyException) {
      return new RestError(400, "BadKey", failure.getMessage());
    }
    if (failure instanceof MarshallingException) {
      return new RestError(400, "BadValue", failure.getMessage());
    }
    if (failure instanceof InvalidExpressionException) {
      return new RestError(400, "InvalidRequest", failure.getMessage());
    }
    if (failure instanceof DynakitException) {
      RestError known = ToolkitErrors.toError((DynakitException) failure, statuses);
      if (known != null) {
        return known;
      }
    }
    if (failure instanceof AwsServiceException) {
      return service((AwsServiceException) failure, statuses);
    }
    if (failure instanceof SdkClientException) {
      return new RestError(
          statuses.transientFailure(),
          "ServiceUnavailable",
          "the database could not be reached; retry later");
    }
    return internal(failure, statuses);
  }

  /** The error response of a failure, rendered with the policy. */
  public static RestResponse toResponse(
      Throwable failure, @Nullable TableSpec spec, RestPolicy policy) {
    return RestResponse.error(toError(failure, spec, policy), policy);
  }

  /** A 500 for a bug: logged with an id and the stack trace; the client sees only the id. */
  static RestError internal(Throwable failure, StatusCodes statuses) {
    byte[] id = new byte[6];
    IDS.nextBytes(id);
    String errorId = HexFormat.of().formatHex(id);
    LOG.log(Level.ERROR, "internal error " + errorId, failure);
    return new RestError(
        statuses.internal(), "InternalError", "internal server error (error id " + errorId + ")");
  }

  private static RestError filter(InvalidFilterException e, @Nullable TableSpec spec) {
    String code;
    if (e.operator() == null) {
      code = "BadFilterField";
    } else {
      FilterRule rule = spec == null ? null : spec.filterable().get(e.field());
      FilterOp op = FilterOp.fromCode(e.operator());
      code =
          rule != null && op != null && !rule.ops().contains(op) ? "BadFilterOp" : "BadFilterValue";
    }
    return new RestError(400, code, "filter " + e.getMessage());
  }

  private static RestError service(AwsServiceException e, StatusCodes statuses) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    String message =
        e.awsErrorDetails() == null || e.awsErrorDetails().errorMessage() == null
            ? "the database refused the request"
            : e.awsErrorDetails().errorMessage();
    if (code != null && CONSISTENCY.contains(code)) {
      return new RestError(statuses.consistency(), code, message);
    }
    if ("ValidationException".equals(code)) {
      return new RestError(statuses.validation(), code, message);
    }
    if (code != null && THROTTLE.contains(code)) {
      return new RestError(statuses.throttle(), code, message);
    }
    if (e.statusCode() >= 500) {
      return new RestError(
          statuses.transientFailure(), code == null ? "ServiceUnavailable" : code, message);
    }
    return internal(e, statuses);
  }
}

package dev.dynakit.core.adapter;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.VersionRequiredException;
import java.math.BigDecimal;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns a failed condition into the toolkit error that says why, from the item DynamoDB returned
 * with the failure ({@code ReturnValuesOnConditionCheckFailure = ALL_OLD}). A failure the toolkit
 * cannot explain (a caller's own condition) stays the SDK exception.
 */
final class FailureClassifier {
  private final @Nullable String versionField;

  FailureClassifier(@Nullable String versionField) {
    this.versionField = versionField;
  }

  RuntimeException classify(
      Expectation expectation,
      @Nullable Map<String, AttributeValue> stored,
      RuntimeException failure) {
    boolean missing = stored == null || stored.isEmpty();
    switch (expectation.existence()) {
      case MUST_NOT_EXIST:
        if (!missing) {
          return new ItemExistsException(expectation.key(), failure);
        }
        break;
      case MUST_NOT_EXIST_UNVERSIONED:
        if (!missing) {
          return new VersionRequiredException(expectation.key(), failure);
        }
        break;
      case MUST_EXIST:
        if (missing) {
          return new ItemNotFoundException(expectation.key(), failure);
        }
        break;
      default:
        break;
    }
    Long expected = expectation.expectedVersion();
    if (!missing && expected != null) {
      Long actual = version(stored);
      if (!expected.equals(actual)) {
        return new VersionConflictException(expectation.key(), expected, actual, failure);
      }
    }
    return failure;
  }

  /** The version of a stored item, or null when it has none. */
  @Nullable Long version(Map<String, AttributeValue> stored) {
    if (versionField == null) {
      return null;
    }
    AttributeValue value = stored.get(versionField);
    if (value == null || value.n() == null) {
      return null;
    }
    try {
      return new BigDecimal(value.n()).longValueExact();
    } catch (ArithmeticException e) {
      return null;
    }
  }
}

package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;

/** The errors of PartiQL statements, in DynamoDB's words where they are published. */
final class PartiqlErrors {
  private PartiqlErrors() {}

  /** A statement that does not parse: DynamoDB's envelope around a short detail. */
  static EngineException malformed(String detail) {
    return EngineException.validation(
        "Statement wasn't well formed, can't be processed: " + detail);
  }

  static EngineException parameterCountMismatch() {
    return EngineException.validation("Number of parameters in request and statement don't match.");
  }

  /** An UPDATE or DELETE (or a batch or transaction read) that does not name one item. */
  static EngineException missingKeyEquality() {
    return EngineException.validation(
        "Where clause does not contain a mandatory equality on all key attributes");
  }

  static EngineException duplicateItem() {
    return new EngineException(ErrorType.DUPLICATE_ITEM, "Duplicate primary key exists in table");
  }

  /** A statement form DynamoDB's dialect has, that this engine does not run. */
  static EngineException unsupported(String what) {
    return EngineException.validation("Unsupported operation: " + what);
  }

  static EngineException invalidNextToken() {
    // DynamoDB publishes no text for a token it did not issue; this one names the member
    return EngineException.validation("Invalid NextToken: it was not issued for this statement");
  }
}

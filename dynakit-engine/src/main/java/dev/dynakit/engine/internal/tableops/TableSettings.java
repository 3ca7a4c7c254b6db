package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import java.util.List;

/** The enumerated table settings (billing mode and table class) and their checks. */
final class TableSettings {
  static final String PROVISIONED = "PROVISIONED";
  static final String PAY_PER_REQUEST = "PAY_PER_REQUEST";
  static final List<String> BILLING_MODES = List.of(PROVISIONED, PAY_PER_REQUEST);

  static final String STANDARD = "STANDARD";
  static final List<String> TABLE_CLASSES = List.of(STANDARD, "STANDARD_INFREQUENT_ACCESS");

  private TableSettings() {}

  /** DynamoDB checks the table class by hand, with its own message rather than an enum error. */
  static void checkTableClass(String tableClass) {
    if (tableClass != null && !TABLE_CLASSES.contains(tableClass)) {
      throw EngineException.validation(
          "Invalid table-class parameter provided. Please try again with a valid table-class"
              + " value: [STANDARD, STANDARD_INFREQUENT_ACCESS].");
    }
  }

  /** The ARN of an index of the table with ARN {@code tableArn}. */
  static String indexArn(String tableArn, String indexName) {
    return tableArn + "/index/" + indexName;
  }
}

package dev.dynakit.core.batch;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write with its position in the caller's input (so that what is left over is returned in input
 * order) and its table and key (so that DynamoDB's answer can be matched to it).
 */
record Sequenced(long seq, BatchWrite write, TableKey key) {
  /** A table and a primary key: what one request may write once only. */
  record TableKey(String table, Map<String, AttributeValue> key) {}
}

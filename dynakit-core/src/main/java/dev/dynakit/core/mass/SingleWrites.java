package dev.dynakit.core.mass;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Sends one transaction action as its single request (PutItem, UpdateItem, DeleteItem), asking for
 * the stored item when its condition fails.
 */
final class SingleWrites {
  private static final ReturnValuesOnConditionCheckFailure ALL_OLD =
      ReturnValuesOnConditionCheckFailure.ALL_OLD;

  private SingleWrites() {}

  /**
   * How a single write went: applied; refused by its condition (with the stored item, if any); or
   * refused for the item itself (DynamoDB's code and message). Other failures are thrown.
   */
  record Attempt(
      boolean applied,
      boolean conditionFailed,
      @Nullable Map<String, AttributeValue> stored,
      @Nullable String code,
      @Nullable String message) {}

  /** Sends the action and says how it went; throws what stops the work (throttling, 5xx, …). */
  static Attempt attempt(DynamoDbClient client, TransactWriteItem action) {
    try {
      send(client, action);
      return new Attempt(true, false, null, null, null);
    } catch (ConditionalCheckFailedException e) {
      Map<String, AttributeValue> stored = e.hasItem() && !e.item().isEmpty() ? e.item() : null;
      return new Attempt(false, true, stored, null, null);
    } catch (DynamoDbException e) {
      if (!ItemErrors.itemSpecific(e)) {
        throw e;
      }
      return new Attempt(
          false, false, null, ItemErrors.code(e), e.awsErrorDetails().errorMessage());
    }
  }

  /** The key of the item an action writes. */
  static Map<String, AttributeValue> keyOf(TransactWriteItem action, KeyShape keys) {
    if (action.put() != null) {
      return keys.of(action.put().item());
    }
    return action.update() != null ? action.update().key() : action.delete().key();
  }

  /** Whether the action can go into a BatchWriteItem: an unconditional put or delete. */
  static boolean batchable(TransactWriteItem action) {
    if (action.put() != null) {
      return action.put().conditionExpression() == null;
    }
    return action.delete() != null && action.delete().conditionExpression() == null;
  }

  static void send(DynamoDbClient client, TransactWriteItem action) {
    if (action.put() != null) {
      Put put = action.put();
      client.putItem(
          PutItemRequest.builder()
              .tableName(put.tableName())
              .item(put.item())
              .conditionExpression(put.conditionExpression())
              .expressionAttributeNames(
                  put.hasExpressionAttributeNames() ? put.expressionAttributeNames() : null)
              .expressionAttributeValues(
                  put.hasExpressionAttributeValues() ? put.expressionAttributeValues() : null)
              .returnValuesOnConditionCheckFailure(ALL_OLD)
              .build());
    } else if (action.update() != null) {
      Update update = action.update();
      client.updateItem(
          UpdateItemRequest.builder()
              .tableName(update.tableName())
              .key(update.key())
              .updateExpression(update.updateExpression())
              .conditionExpression(update.conditionExpression())
              .expressionAttributeNames(
                  update.hasExpressionAttributeNames() ? update.expressionAttributeNames() : null)
              .expressionAttributeValues(
                  update.hasExpressionAttributeValues() ? update.expressionAttributeValues() : null)
              .returnValuesOnConditionCheckFailure(ALL_OLD)
              .build());
    } else if (action.delete() != null) {
      Delete delete = action.delete();
      client.deleteItem(
          DeleteItemRequest.builder()
              .tableName(delete.tableName())
              .key(delete.key())
              .conditionExpression(delete.conditionExpression())
              .expressionAttributeNames(
                  delete.hasExpressionAttributeNames() ? delete.expressionAttributeNames() : null)
              .expressionAttributeValues(
                  delete.hasExpressionAttributeValues() ? delete.expressionAttributeValues() : null)
              .returnValuesOnConditionCheckFailure(ALL_OLD)
              .build());
    } else {
      throw new IllegalArgumentException("a mass write is a put, an update or a delete: " + action);
    }
  }
}

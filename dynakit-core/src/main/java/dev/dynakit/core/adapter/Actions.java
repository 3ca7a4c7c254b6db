package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Expression;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Writes are built as transaction actions, one representation for the single request and for the
 * transaction it may become; this turns an action into its single request and back. Expression maps
 * are set only when not empty (DynamoDB refuses empty ones).
 */
final class Actions {
  private Actions() {}

  static TransactWriteItem put(
      String table, Map<String, AttributeValue> item, @Nullable Expression condition) {
    Put.Builder put = Put.builder().tableName(table).item(item);
    if (condition != null) {
      put.conditionExpression(condition.text())
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
      names(condition.names(), put::expressionAttributeNames);
      values(condition.values(), put::expressionAttributeValues);
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  static TransactWriteItem update(
      String table,
      Map<String, AttributeValue> key,
      Expression update,
      @Nullable Expression condition) {
    Update.Builder builder =
        Update.builder().tableName(table).key(key).updateExpression(update.text());
    if (condition != null) {
      builder
          .conditionExpression(condition.text())
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
    names(Expression.mergedNames(update, condition), builder::expressionAttributeNames);
    values(Expression.mergedValues(update, condition), builder::expressionAttributeValues);
    return TransactWriteItem.builder().update(builder.build()).build();
  }

  static TransactWriteItem delete(
      String table, Map<String, AttributeValue> key, @Nullable Expression condition) {
    Delete.Builder delete = Delete.builder().tableName(table).key(key);
    if (condition != null) {
      delete
          .conditionExpression(condition.text())
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
      names(condition.names(), delete::expressionAttributeNames);
      values(condition.values(), delete::expressionAttributeValues);
    }
    return TransactWriteItem.builder().delete(delete.build()).build();
  }

  static TransactWriteItem check(
      String table, Map<String, AttributeValue> key, Expression condition) {
    ConditionCheck.Builder check =
        ConditionCheck.builder()
            .tableName(table)
            .key(key)
            .conditionExpression(condition.text())
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    names(condition.names(), check::expressionAttributeNames);
    values(condition.values(), check::expressionAttributeValues);
    return TransactWriteItem.builder().conditionCheck(check.build()).build();
  }

  /** The PutItem request of {@link #put}, made without the transaction action in between. */
  static PutItemRequest putRequest(
      String table,
      Map<String, AttributeValue> item,
      @Nullable Expression condition,
      @Nullable ReturnConsumedCapacity capacity) {
    PutItemRequest.Builder request =
        PutItemRequest.builder().tableName(table).item(item).returnConsumedCapacity(capacity);
    if (condition != null) {
      request
          .conditionExpression(condition.text())
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
      names(condition.names(), request::expressionAttributeNames);
      values(condition.values(), request::expressionAttributeValues);
    }
    return request.build();
  }

  static PutItemRequest putRequest(Put put, @Nullable ReturnConsumedCapacity capacity) {
    PutItemRequest.Builder request =
        PutItemRequest.builder()
            .tableName(put.tableName())
            .item(put.item())
            .conditionExpression(put.conditionExpression())
            .returnValuesOnConditionCheckFailure(put.returnValuesOnConditionCheckFailure())
            .returnConsumedCapacity(capacity);
    if (put.hasExpressionAttributeNames()) {
      request.expressionAttributeNames(put.expressionAttributeNames());
    }
    if (put.hasExpressionAttributeValues()) {
      request.expressionAttributeValues(put.expressionAttributeValues());
    }
    return request.build();
  }

  static UpdateItemRequest updateRequest(
      Update update,
      @Nullable ReturnValue returnValues,
      @Nullable ReturnConsumedCapacity capacity) {
    UpdateItemRequest.Builder request =
        UpdateItemRequest.builder()
            .tableName(update.tableName())
            .key(update.key())
            .updateExpression(update.updateExpression())
            .conditionExpression(update.conditionExpression())
            .returnValuesOnConditionCheckFailure(update.returnValuesOnConditionCheckFailure())
            .returnValues(returnValues)
            .returnConsumedCapacity(capacity);
    if (update.hasExpressionAttributeNames()) {
      request.expressionAttributeNames(update.expressionAttributeNames());
    }
    if (update.hasExpressionAttributeValues()) {
      request.expressionAttributeValues(update.expressionAttributeValues());
    }
    return request.build();
  }

  static DeleteItemRequest deleteRequest(Delete delete, @Nullable ReturnConsumedCapacity capacity) {
    DeleteItemRequest.Builder request =
        DeleteItemRequest.builder()
            .tableName(delete.tableName())
            .key(delete.key())
            .conditionExpression(delete.conditionExpression())
            .returnValuesOnConditionCheckFailure(delete.returnValuesOnConditionCheckFailure())
            .returnConsumedCapacity(capacity);
    if (delete.hasExpressionAttributeNames()) {
      request.expressionAttributeNames(delete.expressionAttributeNames());
    }
    if (delete.hasExpressionAttributeValues()) {
      request.expressionAttributeValues(delete.expressionAttributeValues());
    }
    return request.build();
  }

  private static void names(
      Map<String, String> names, java.util.function.Consumer<Map<String, String>> setter) {
    if (!names.isEmpty()) {
      setter.accept(names);
    }
  }

  private static void values(
      Map<String, AttributeValue> values,
      java.util.function.Consumer<Map<String, AttributeValue>> setter) {
    if (!values.isEmpty()) {
      setter.accept(values);
    }
  }
}

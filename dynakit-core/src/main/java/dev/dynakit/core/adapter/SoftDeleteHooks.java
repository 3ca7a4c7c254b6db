package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.expr.UpdateBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Soft delete: a delete becomes an update that stamps the field (and bumps the version), only if
 * the item exists; reads hide stamped items and lists filter them out.
 */
final class SoftDeleteHooks implements Hooks {
  private final String field;

  SoftDeleteHooks(String field) {
    this.field = field;
  }

  @Override
  public TransactWriteItem updateInput(TransactWriteItem action, WriteContext context) {
    Delete delete = action.delete();
    if (delete == null || context.kind() != WriteKind.DELETE) {
      return action;
    }
    Map<String, String> names = new LinkedHashMap<>(delete.expressionAttributeNames());
    Map<String, AttributeValue> values = new LinkedHashMap<>(delete.expressionAttributeValues());
    Placeholders placeholders =
        Placeholders.avoiding(
            context.adapter().spec().itemConverter(), names.keySet(), values.keySet());
    UpdateBuilder update =
        UpdateBuilder.create().set(FieldPath.of(field), context.now().toString());
    String versionField = context.adapter().spec().versionField();
    if (versionField != null) {
      update.add(FieldPath.of(versionField), 1);
    }
    Expression stamp = update.build(placeholders);
    Expression exists =
        new Cond.Exists(FieldPath.of(context.adapter().spec().partitionKey().name()))
            .render(placeholders);
    String condition =
        delete.conditionExpression() == null
            ? exists.text()
            : "(" + exists.text() + ") AND (" + delete.conditionExpression() + ")";
    names.putAll(Expression.mergedNames(stamp, exists));
    values.putAll(Expression.mergedValues(stamp, exists));
    Update.Builder soft =
        Update.builder()
            .tableName(delete.tableName())
            .key(delete.key())
            .updateExpression(stamp.text())
            .conditionExpression(condition)
            .expressionAttributeNames(names)
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (!values.isEmpty()) {
      soft.expressionAttributeValues(values);
    }
    return TransactWriteItem.builder().update(soft.build()).build();
  }

  @Override
  public List<String> requiredAttributes() {
    return List.of(field);
  }

  @Override
  public @Nullable Map<String, Object> revive(
      Map<String, Object> item, @Nullable List<String> fields) {
    return item.containsKey(field) ? null : item;
  }

  @Override
  public ListInput prepareListInput(ListInput input, Map<String, Object> example) {
    return input.andFilter(new Cond.NotExists(FieldPath.of(field)));
  }
}

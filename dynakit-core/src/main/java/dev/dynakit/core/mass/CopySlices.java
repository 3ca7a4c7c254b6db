package dev.dynakit.core.mass;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.batch.BatchWrite;
import dev.dynakit.core.batch.BatchWriteOutcome;
import dev.dynakit.core.batch.Batches;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * Copies each item of a slice to what the mapper makes of it. Overwriting copies go out with
 * BatchWriteItem; conditional ones item by item with PutItem. Handling a slice twice is harmless:
 * an overwrite writes the same item again, and a conditional copy that finds its own earlier copy
 * (the stored item equals the one it would write) counts it as processed.
 */
final class CopySlices implements Phase.Handler {
  private final Batches batches;
  private final DynamoDbClient client;
  private final String table;
  private final KeyShape keys;
  private final Mapping.Mapper mapper;
  private final WriteMode mode;
  private final int attempts;

  CopySlices(
      Batches batches,
      DynamoDbClient client,
      String table,
      KeyShape keys,
      Mapping.Mapper mapper,
      WriteMode mode,
      int attempts) {
    this.batches = batches;
    this.client = client;
    this.table = table;
    this.keys = keys;
    this.mapper = mapper;
    this.mode = mode;
    this.attempts = attempts;
  }

  @Override
  public void handle(List<Map<String, AttributeValue>> items, Tally tally) {
    List<Map<String, AttributeValue>> copies = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> source : items) {
      Mapping mapping = mapper.map(source);
      if (mapping.item() != null) {
        copies.add(mapping.item());
      } else if (mapping.reason() != null) {
        tally.failed(keys.of(source), mapping.reason(), mapping.message());
      } else {
        tally.skipped(1);
      }
    }
    if (mode == WriteMode.OVERWRITE) {
      overwrite(copies, tally);
    } else {
      for (Map<String, AttributeValue> copy : copies) {
        conditional(copy, tally);
      }
    }
  }

  private void overwrite(List<Map<String, AttributeValue>> copies, Tally tally) {
    List<BatchWrite> puts = new ArrayList<>(copies.size());
    for (Map<String, AttributeValue> copy : copies) {
      puts.add(BatchWrite.put(table, copy));
    }
    BatchWriteOutcome outcome = batches.write(puts);
    if (!outcome.complete()) {
      throw new BatchIncompleteException("BatchWriteItem", outcome.unprocessed().size(), attempts);
    }
    tally.processed(copies.size());
  }

  private void conditional(Map<String, AttributeValue> copy, Tally tally) {
    String condition =
        mode == WriteMode.IF_NOT_EXISTS ? "attribute_not_exists(#k)" : "attribute_exists(#k)";
    try {
      client.putItem(
          PutItemRequest.builder()
              .tableName(table)
              .item(copy)
              .conditionExpression(condition)
              .expressionAttributeNames(Map.of("#k", keys.hash()))
              .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
              .build());
      tally.processed(1);
    } catch (ConditionalCheckFailedException e) {
      if (mode == WriteMode.IF_NOT_EXISTS && copy.equals(e.item())) {
        tally.processed(1);
      } else {
        tally.skipped(1);
      }
    } catch (DynamoDbException e) {
      if (!ItemErrors.itemSpecific(e)) {
        throw e;
      }
      tally.failed(keys.of(copy), ItemErrors.code(e), e.awsErrorDetails().errorMessage());
    }
  }
}

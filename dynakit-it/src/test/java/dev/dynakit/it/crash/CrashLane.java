package dev.dynakit.it.crash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * One thread of the crash campaign's load, writing only its own keys ({@code L<lane>-<n>}), one
 * request at a time: puts, updates and deletes, transactions of two to four writes with a condition
 * check that fails now and then (the transaction is then cancelled), and batch writes of two to
 * ten. Each request is logged before it is sent ({@code I}) and its answer after it came ({@code A}
 * or {@code C}): whatever is answered is in the log before anyone could have been told.
 */
final class CrashLane implements Runnable {
  private static final int STEPS_BETWEEN_DEADLINE_CHECKS = 16;
  private static final Map<String, String> PAD_NAME = Map.of("#pad", "pad");

  private final DynamoDbClient client;
  private final CrashLog log;
  private final int lane;
  private final Random random;
  // the versions this lane knows its keys to have (absent: no item)
  private final Map<String, Long> versions;
  private final long deadlineNanos;
  private long seq;

  CrashLane(
      DynamoDbClient client,
      CrashLog log,
      int lane,
      int cycle,
      Random random,
      Map<String, Long> versions,
      long deadlineNanos) {
    this.client = client;
    this.log = log;
    this.lane = lane;
    this.random = random;
    this.versions = versions;
    this.deadlineNanos = deadlineNanos;
    this.seq = ((long) cycle * CrashLoad.LANES + lane) * 10_000_000L;
  }

  @Override
  public void run() {
    while (true) {
      for (int i = 0; i < STEPS_BETWEEN_DEADLINE_CHECKS; i++) {
        step();
      }
      if (System.nanoTime() > deadlineNanos) {
        return;
      }
    }
  }

  private void step() {
    seq++;
    int dice = random.nextInt(100);
    CrashOp op;
    if (dice < 30) {
      op = new CrashOp("put", List.of(put(key())));
    } else if (dice < 55) {
      op = new CrashOp("update", List.of(update(key())));
    } else if (dice < 65) {
      op = new CrashOp("delete", List.of(new CrashOp.Write('D', key(), null, null)));
    } else if (dice < 85) {
      op = transaction();
    } else {
      op = batch();
    }
    log.append("I " + lane + " " + seq + " " + op.text());
    boolean applied = send(op);
    if (applied) {
      for (CrashOp.Write w : op.writes()) {
        if (w.type() == 'D') {
          versions.remove(w.key());
        } else if (w.type() != 'C') {
          versions.put(w.key(), seq);
        }
      }
    }
    log.append((applied ? "A " : "C ") + lane + " " + seq);
  }

  private CrashOp transaction() {
    List<CrashOp.Write> writes = new ArrayList<>();
    for (String key : distinctKeys(2 + random.nextInt(3) + 1)) {
      if (writes.size() == 0 && random.nextBoolean()) {
        // the condition check goes first, on a key the transaction does not write
        Long v = versions.get(key);
        if (random.nextInt(4) == 0) {
          // a condition that fails: the whole transaction is cancelled
          v = v == null ? Long.valueOf(-1) : v + 1;
        }
        writes.add(new CrashOp.Write('C', key, null, v));
        continue;
      }
      int kind = random.nextInt(3);
      writes.add(
          kind == 0 ? put(key) : kind == 1 ? update(key) : new CrashOp.Write('D', key, null, null));
    }
    return new CrashOp("txn", writes);
  }

  private CrashOp batch() {
    List<CrashOp.Write> writes = new ArrayList<>();
    for (String key : distinctKeys(2 + random.nextInt(24))) {
      writes.add(random.nextInt(4) == 0 ? new CrashOp.Write('D', key, null, null) : put(key));
    }
    return new CrashOp("batch", writes);
  }

  private CrashOp.Write put(String key) {
    return new CrashOp.Write('P', key, g(), null);
  }

  private CrashOp.Write update(String key) {
    return new CrashOp.Write('U', key, g(), null);
  }

  private String g() {
    int n = random.nextInt(6);
    return n == 5 ? null : "g" + n;
  }

  private String key() {
    return "L" + lane + "-" + random.nextInt(CrashLoad.KEYS_PER_LANE);
  }

  private Set<String> distinctKeys(int count) {
    Set<String> keys = new LinkedHashSet<>();
    while (keys.size() < count) {
      keys.add(key());
    }
    return keys;
  }

  /** Sends the request; true when it was applied, false when the transaction was cancelled. */
  private boolean send(CrashOp op) {
    switch (op.kind()) {
      case "put" ->
          client.putItem(b -> b.tableName(CrashTable.NAME).item(item(op.writes().get(0))));
      case "update" -> {
        CrashOp.Write w = op.writes().get(0);
        client.updateItem(
            b ->
                b.tableName(CrashTable.NAME)
                    .key(key(w.key()))
                    .updateExpression(updateExpression(w))
                    .expressionAttributeNames(PAD_NAME)
                    .expressionAttributeValues(updateValues(w)));
      }
      case "delete" ->
          client.deleteItem(b -> b.tableName(CrashTable.NAME).key(key(op.writes().get(0).key())));
      case "txn" -> {
        List<TransactWriteItem> items = new ArrayList<>();
        for (CrashOp.Write w : op.writes()) {
          items.add(transactItem(w));
        }
        try {
          client.transactWriteItems(b -> b.transactItems(items));
        } catch (TransactionCanceledException e) {
          return false;
        }
      }
      default -> {
        List<WriteRequest> requests = new ArrayList<>();
        for (CrashOp.Write w : op.writes()) {
          requests.add(
              w.type() == 'D'
                  ? WriteRequest.builder().deleteRequest(d -> d.key(key(w.key()))).build()
                  : WriteRequest.builder().putRequest(p -> p.item(item(w))).build());
        }
        BatchWriteItemResponse r =
            client.batchWriteItem(b -> b.requestItems(Map.of(CrashTable.NAME, requests)));
        if (r.hasUnprocessedItems() && !r.unprocessedItems().isEmpty()) {
          throw new IllegalStateException("unprocessed items: " + r.unprocessedItems());
        }
      }
    }
    return true;
  }

  private TransactWriteItem transactItem(CrashOp.Write w) {
    return switch (w.type()) {
      case 'P' ->
          TransactWriteItem.builder().put(p -> p.tableName(CrashTable.NAME).item(item(w))).build();
      case 'U' ->
          TransactWriteItem.builder()
              .update(
                  u ->
                      u.tableName(CrashTable.NAME)
                          .key(key(w.key()))
                          .updateExpression(updateExpression(w))
                          .expressionAttributeNames(PAD_NAME)
                          .expressionAttributeValues(updateValues(w)))
              .build();
      case 'D' ->
          TransactWriteItem.builder()
              .delete(d -> d.tableName(CrashTable.NAME).key(key(w.key())))
              .build();
      default ->
          TransactWriteItem.builder()
              .conditionCheck(
                  c -> {
                    c.tableName(CrashTable.NAME).key(key(w.key()));
                    if (w.v() == null) {
                      c.conditionExpression("attribute_not_exists(pk)");
                    } else if (w.v() < 0) {
                      c.conditionExpression("attribute_exists(pk)");
                    } else {
                      c.conditionExpression("v = :cv")
                          .expressionAttributeValues(
                              Map.of(":cv", AttributeValue.fromN(Long.toString(w.v()))));
                    }
                  })
              .build();
    };
  }

  private Map<String, AttributeValue> item(CrashOp.Write w) {
    return CrashTable.item(w.key(), new CrashModel.Item(w.g(), seq));
  }

  private static Map<String, AttributeValue> key(String key) {
    return Map.of("pk", AttributeValue.fromS(key));
  }

  private static String updateExpression(CrashOp.Write w) {
    // pad is a reserved word: named through #pad
    return w.g() == null ? "SET v = :v, #pad = :pad REMOVE g" : "SET v = :v, #pad = :pad, g = :g";
  }

  private Map<String, AttributeValue> updateValues(CrashOp.Write w) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":v", AttributeValue.fromN(Long.toString(seq)));
    values.put(":pad", AttributeValue.fromS(CrashTable.PAD));
    if (w.g() != null) {
      values.put(":g", AttributeValue.fromS(w.g()));
    }
    return values;
  }
}

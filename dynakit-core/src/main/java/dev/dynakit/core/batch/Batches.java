package dev.dynakit.core.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.IntConsumer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Batch and transaction requests that lose nothing, over any number of tables.
 *
 * <pre>{@code
 * Batches batches = Batches.builder(client).parallelism(4).build();
 * BatchWriteOutcome outcome = batches.putAll("Orders", items);
 * if (!outcome.complete()) {
 *   retryLater(outcome.unprocessed());
 * }
 * List<Map<String, AttributeValue>> found = batches.getAll("Orders", keys).items();
 * batches.transactWrite(List.of(debit, credit));
 * }</pre>
 *
 * <p>Batches learn each table's key attributes once with DescribeTable (they need them to match
 * DynamoDB's answers to the writes and keys sent), unless they are given with {@link
 * Builder#keySchema}. Thread-safe.
 */
public final class Batches {
  private final KeySchemas keys;
  private final BatchWriter writer;
  private final BatchReader reader;
  private final TransactionRunner transactions;

  private Batches(Builder builder) {
    BatchTransport transport =
        builder.transport != null ? builder.transport : BatchTransport.of(builder.client);
    this.keys = new KeySchemas(builder.client, builder.keySchemas);
    this.writer = new BatchWriter(transport, keys, builder.budget, builder.parallelism);
    this.reader = new BatchReader(transport, keys, builder.budget, builder.parallelism);
    this.transactions = new TransactionRunner(transport, keys, builder.budget);
  }

  public static Builder builder(DynamoDbClient client) {
    return new Builder(client);
  }

  /**
   * Applies puts and deletes with BatchWriteItem, 25 per request, resending what DynamoDB leaves
   * unprocessed or refuses for throttling or a 5xx error until everything is applied or the budget
   * runs out. Writes of one key are applied in input order.
   *
   * @return how many writes were applied and, when the budget ran out, exactly the writes that were
   *     not (in input order)
   * @throws BatchWriteFailedException when DynamoDB refuses a request for another reason; it holds
   *     the writes not applied
   */
  public BatchWriteOutcome write(Iterable<BatchWrite> writes) {
    return writer.write(writes, n -> {});
  }

  /**
   * As {@link #write(Iterable)}, telling {@code applied} each time some writes were applied (with
   * how many). With parallelism, it is called from several threads.
   */
  public BatchWriteOutcome write(Iterable<BatchWrite> writes, IntConsumer applied) {
    return writer.write(writes, Objects.requireNonNull(applied, "applied"));
  }

  /** Puts whole items into one table; see {@link #write(Iterable)}. */
  public BatchWriteOutcome putAll(String table, Iterable<Map<String, AttributeValue>> items) {
    List<BatchWrite> writes = new ArrayList<>();
    for (Map<String, AttributeValue> item : items) {
      writes.add(BatchWrite.put(table, item));
    }
    return write(writes);
  }

  /** Deletes items of one table by key; see {@link #write(Iterable)}. */
  public BatchWriteOutcome deleteAll(String table, Iterable<Map<String, AttributeValue>> keys) {
    List<BatchWrite> writes = new ArrayList<>();
    for (Map<String, AttributeValue> key : keys) {
      writes.add(BatchWrite.delete(table, key));
    }
    return write(writes);
  }

  /**
   * Reads items of one table by key with BatchGetItem, 100 distinct keys per request, resending
   * unprocessed keys within the budget. A key asked twice is read once.
   *
   * @return the items in the order of the keys (null where there is none), and the keys left unread
   *     when the budget ran out
   */
  public BatchGetOutcome getAll(String table, List<Map<String, AttributeValue>> keys) {
    return getAll(table, keys, GetOptions.DEFAULT);
  }

  /** As {@link #getAll(String, List)}, with read options. */
  public BatchGetOutcome getAll(
      String table, List<Map<String, AttributeValue>> keys, GetOptions options) {
    return reader.read(table, keys, options);
  }

  /**
   * Applies the actions as one TransactWriteItems with a fresh idempotency token.
   *
   * @return the idempotency token used
   * @throws dev.dynakit.core.TransactionLimitExceededException when there are more than 100 actions
   *     (nothing is sent)
   * @throws TransactionFailedException when DynamoDB cancels the transaction (explained per action)
   *     or the budget runs out while it keeps throttling or failing
   */
  public String transactWrite(List<TransactWriteItem> actions) {
    String token = UUID.randomUUID().toString();
    transactions.write(actions, token);
    return token;
  }

  /**
   * As {@link #transactWrite(List)} with the caller's idempotency token (at most 36 characters):
   * DynamoDB applies a transaction sent again with the same token and actions within ten minutes
   * only once.
   */
  public void transactWrite(List<TransactWriteItem> actions, String clientRequestToken) {
    transactions.write(actions, Objects.requireNonNull(clientRequestToken, "clientRequestToken"));
  }

  /**
   * Reads items with one TransactGetItems.
   *
   * @return the items in the order of the gets, null where there is none
   * @throws dev.dynakit.core.TransactionLimitExceededException when there are more than 100 gets
   * @throws TransactionFailedException when DynamoDB cancels the read (explained per get)
   */
  public List<@Nullable Map<String, AttributeValue>> transactGet(List<TransactGetItem> gets) {
    return transactions.get(gets);
  }

  /**
   * Explains a cancellation of a transaction the caller sent: for each action that failed, its
   * index in {@code actions}, table, key, DynamoDB's reason and the stored item when it was asked
   * for.
   */
  public List<ActionFailure> explain(
      TransactionCanceledException cancellation, List<TransactWriteItem> actions) {
    return transactions.explainWrites(cancellation, actions);
  }

  /** Builds {@link Batches}. */
  public static final class Builder {
    private final DynamoDbClient client;
    private RetryBudget budget = RetryBudget.standard();
    private int parallelism = 1;
    private final Map<String, List<String>> keySchemas = new LinkedHashMap<>();
    private @Nullable BatchTransport transport;

    private Builder(DynamoDbClient client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /** How long to keep resending; {@link RetryBudget#standard()} by default. */
    public Builder retry(RetryBudget budget) {
      this.budget = Objects.requireNonNull(budget, "budget");
      return this;
    }

    /**
     * How many requests of one call may be in flight at once; 1 (the caller's thread) by default.
     */
    public Builder parallelism(int requests) {
      if (requests < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1, got " + requests);
      }
      this.parallelism = requests;
      return this;
    }

    /**
     * The key attributes of a table (hash first, then range if any), so that it is not described.
     */
    public Builder keySchema(String table, List<String> keyAttributes) {
      if (keyAttributes.isEmpty() || keyAttributes.size() > 2) {
        throw new IllegalArgumentException(
            "a table key has one or two attributes, got " + keyAttributes);
      }
      keySchemas.put(Objects.requireNonNull(table, "table"), List.copyOf(keyAttributes));
      return this;
    }

    /**
     * Sends through {@code value} instead of straight to the client (which still describes tables
     * whose key schema is not given): to observe or decorate every request and resend.
     */
    public Builder transport(BatchTransport value) {
      this.transport = Objects.requireNonNull(value, "transport");
      return this;
    }

    public Batches build() {
      return new Batches(this);
    }
  }
}

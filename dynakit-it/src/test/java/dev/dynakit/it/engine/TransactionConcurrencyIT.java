package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Many threads moving money between a few accounts with TransactWriteItems, while others take
 * snapshots with TransactGetItems: no snapshot ever sees a transfer half done, the total is
 * conserved, and the final balances are exactly the initial ones plus the committed transfers.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class TransactionConcurrencyIT {
  private static final int ACCOUNTS = 10;
  private static final long INITIAL = 1_000;
  private static final int WRITERS = 8;
  private static final int READERS = 2;
  private static final int TRANSFERS_PER_WRITER = 100;

  /** One committed transfer. */
  record Transfer(int from, int to, long amount) {}

  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("bank");
    for (int i = 0; i < ACCOUNTS; i++) {
      String pk = account(i);
      fx.client.putItem(b -> b.tableName("bank").item(item("pk", pk, "balance", INITIAL)));
    }
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private static String account(int i) {
    return "acct" + i;
  }

  @Test
  void randomTransfers_conserveTheTotal_andEveryCommittedTransferIsVisible() throws Exception {
    ConcurrentLinkedQueue<Transfer> committed = new ConcurrentLinkedQueue<>();
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger snapshots = new AtomicInteger();
    AtomicBoolean writing = new AtomicBoolean(true);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
    List<Future<?>> writers = new ArrayList<>();
    for (int t = 0; t < WRITERS; t++) {
      writers.add(
          pool.submit(
              () -> {
                int done = 0;
                while (done < TRANSFERS_PER_WRITER) {
                  ThreadLocalRandom random = ThreadLocalRandom.current();
                  int from = random.nextInt(ACCOUNTS);
                  int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                  long amount = 1 + random.nextInt(300);
                  if (transfer(from, to, amount)) {
                    committed.add(new Transfer(from, to, amount));
                    done++;
                  } else {
                    refused.incrementAndGet();
                  }
                }
                return null;
              }));
    }
    List<Future<?>> readers = new ArrayList<>();
    for (int t = 0; t < READERS; t++) {
      readers.add(
          pool.submit(
              () -> {
                while (writing.get()) {
                  long[] balances = snapshot();
                  long sum = 0;
                  for (long b : balances) {
                    assertThat(b).isNotNegative();
                    sum += b;
                  }
                  assertThat(sum).isEqualTo(ACCOUNTS * INITIAL);
                  snapshots.incrementAndGet();
                  // Leave the writers room: a snapshot locks every account.
                  Thread.sleep(1);
                }
                return null;
              }));
    }
    for (Future<?> f : writers) {
      f.get(180, TimeUnit.SECONDS);
    }
    writing.set(false);
    for (Future<?> f : readers) {
      f.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();

    long[] expected = new long[ACCOUNTS];
    java.util.Arrays.fill(expected, INITIAL);
    for (Transfer t : committed) {
      expected[t.from()] -= t.amount();
      expected[t.to()] += t.amount();
    }
    assertThat(committed).hasSize(WRITERS * TRANSFERS_PER_WRITER);
    assertThat(snapshot()).containsExactly(expected);
    assertThat(snapshots.get()).isPositive();
  }

  /** Moves {@code amount} if the payer has it; false when the transaction was cancelled. */
  private boolean transfer(int from, int to, long amount) {
    Map<String, AttributeValue> values = Map.of(":a", n(Long.toString(amount)));
    try {
      fx.client.transactWriteItems(
          b ->
              b.transactItems(
                  TransactWriteItem.builder()
                      .update(
                          Update.builder()
                              .tableName("bank")
                              .key(key(account(from)))
                              .updateExpression("SET balance = balance - :a")
                              .conditionExpression("balance >= :a")
                              .expressionAttributeValues(values)
                              .build())
                      .build(),
                  TransactWriteItem.builder()
                      .update(
                          Update.builder()
                              .tableName("bank")
                              .key(key(account(to)))
                              .updateExpression("SET balance = balance + :a")
                              .conditionExpression("attribute_exists(pk)")
                              .expressionAttributeValues(values)
                              .build())
                      .build()));
      return true;
    } catch (TransactionCanceledException e) {
      return false;
    }
  }

  private long[] snapshot() {
    List<TransactGetItem> gets = new ArrayList<>();
    for (int i = 0; i < ACCOUNTS; i++) {
      gets.add(
          TransactGetItem.builder()
              .get(Get.builder().tableName("bank").key(key(account(i))).build())
              .build());
    }
    List<ItemResponse> responses =
        fx.client.transactGetItems(b -> b.transactItems(gets)).responses();
    long[] balances = new long[ACCOUNTS];
    for (int i = 0; i < ACCOUNTS; i++) {
      balances[i] = Long.parseLong(responses.get(i).item().get("balance").n());
    }
    return balances;
  }
}

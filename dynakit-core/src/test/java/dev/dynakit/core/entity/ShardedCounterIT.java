package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.entity.Shop.Vote;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.ShardSpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Write sharding: counters spread over shards and summed; sharded lists read from every shard. */
@DynakitTest
class ShardedCounterIT {
  static final int THREADS = 8;
  static final int INCREMENTS_PER_THREAD = 60;

  static final TableSpec SPEC =
      Shop.SPEC.toBuilder()
          .entity(
              EntitySpec.builder("counter")
                  .field("itemId", "string")
                  .field("votes", "number")
                  .key("PK", "COUNT#{itemId}#{shard}")
                  .key("SK", "COUNT")
                  .shards(ShardSpec.random(10)))
          .build();

  DynamoDbClient client;
  EntityTable shop;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    shop = Shop.create(client, SPEC);
  }

  @Test
  void increment_fromEightThreads_totalEqualsTheIncrements_spreadOverShards() throws Exception {
    EntityView<Map<String, Object>> counters = shop.entity("counter");
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      done.add(
          pool.submit(
              () -> {
                start.await();
                for (int i = 0; i < INCREMENTS_PER_THREAD; i++) {
                  counters.increment(Map.of("itemId", "item42"), "votes", 1);
                }
                return null;
              }));
    }
    start.countDown();
    for (Future<?> future : done) {
      future.get(2, TimeUnit.MINUTES);
    }
    pool.shutdown();

    assertThat(counters.total(Map.of("itemId", "item42"), "votes"))
        .isEqualByComparingTo(Integer.toString(THREADS * INCREMENTS_PER_THREAD));
    Set<String> shards = new HashSet<>();
    for (Map<String, AttributeValue> item : client.scan(b -> b.tableName("shop")).items()) {
      shards.add(item.get("PK").s());
      assertThat(item.get("_type").s()).isEqualTo("counter");
    }
    assertThat(shards).hasSizeGreaterThan(1).allMatch(pk -> pk.matches("COUNT#item42#[0-9]"));
    assertThat(counters.total(Map.of("itemId", "item7"), "votes")).isZero();
  }

  @Test
  void votersOfItem_readsEveryShard_mergedInVoterOrder_andVoteCountAddsTheShards() {
    EntityView<Vote> votes = shop.entity("vote", Vote.class);
    List<String> voters = List.of("zoe", "adam", "mia", "bo", "li", "kai", "eve", "ann", "tom");
    for (String voter : voters) {
      votes.put(new Vote("item42", voter));
    }
    votes.put(new Vote("item43", "someone"));

    PatternPage page = shop.pattern("votersOfItem", Map.of("itemId", "item42"));

    assertThat(page.list("vote", Vote.class))
        .extracting(Vote::voter)
        .containsExactlyElementsOf(voters.stream().sorted().toList());
    assertThat(shop.count("voteCount", Map.of("itemId", "item42"))).isEqualTo(voters.size());
    assertThat(shop.pattern("voteCount", Map.of("itemId", "item42")).count()).isEqualTo(9);
    assertThat(votes.get(Map.of("itemId", "item42", "voter", "mia")))
        .contains(new Vote("item42", "mia"));
  }
}

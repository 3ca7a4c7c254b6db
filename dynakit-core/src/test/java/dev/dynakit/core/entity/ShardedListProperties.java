package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.entity.Shop.Vote;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A sharded list (the shop's votes, ten shards) read page by page through resume tokens equals the
 * sorted model exactly, whatever the page size: the k-way merge and the per-shard positions lose,
 * repeat and reorder nothing.
 */
class ShardedListProperties {
  private static final AtomicInteger ITEMS = new AtomicInteger();
  private static DynakitEngine engine;
  private static DynamoDbClient client;
  private static EntityTable shop;

  @BeforeContainer
  static void start() {
    engine = DynakitEngine.inMemory();
    client = DynakitClients.inProcess(engine);
    shop = Shop.create(client, Shop.SPEC);
  }

  @AfterContainer
  static void stop() {
    client.close();
    engine.close();
  }

  @Provide
  Arbitrary<Set<String>> voters() {
    return Arbitraries.strings()
        .alpha()
        .numeric()
        .withChars('-')
        .ofMinLength(1)
        .ofMaxLength(6)
        .set()
        .ofMaxSize(40);
  }

  @Property(tries = 40)
  void mergedPages_equalTheSortedModel_acrossResumeTokens(
      @ForAll("voters") Set<String> voters,
      @ForAll @IntRange(min = 1, max = 12) int pageSize,
      @ForAll boolean counted) {
    String itemId = "item" + ITEMS.incrementAndGet();
    EntityView<Vote> votes = shop.entity("vote", Vote.class);
    for (String voter : voters) {
      votes.put(new Vote(itemId, voter));
    }

    List<String> read = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      PatternPage page = shop.pattern("votersOfItem", Map.of("itemId", itemId), pageSize, cursor);
      assertThat(page.items()).hasSizeLessThanOrEqualTo(pageSize);
      page.list("vote", Vote.class).forEach(v -> read.add(v.voter()));
      cursor = page.cursor();
      pages++;
    } while (cursor != null && pages <= voters.size() + 2);

    assertThat(cursor).isNull();
    assertThat(read).containsExactlyElementsOf(voters.stream().sorted().toList());
    if (counted) {
      assertThat(shop.count("voteCount", Map.of("itemId", itemId))).isEqualTo(voters.size());
    }
  }
}

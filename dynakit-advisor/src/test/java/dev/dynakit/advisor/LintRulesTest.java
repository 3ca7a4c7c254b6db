package dev.dynakit.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.advisor.Finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each lint rule: a declaration (and traffic model) that triggers it, and one that does not. */
class LintRulesTest {
  /** A hierarchical table keyed by {@code pk}, with {@code extra} options spliced in. */
  static String hierarchical(String pk, String extra) {
    return """
        {"table": "things", "keyFields": ["%s", "id"], "structuralKey": "_sk",
         "technicalPrefix": "_", "versionField": "_v"%s}
        """
        .formatted(pk, extra.isEmpty() ? "" : ", " + extra);
  }

  /** A single-table design with one entity whose keys are {@code keys}, and its patterns. */
  static String single(String keys, String patterns, String extra) {
    return """
        {"table": "single", "partitionKey": "PK", "sortKey": "SK", "technicalPrefix": "_",
         "typeField": "_type"%s,
         "entities": {"thing": {"fields": {"id": "string", "sub": "string"}, "keys": {%s}}},
         "accessPatterns": {%s}}
        """
        .formatted(extra.isEmpty() ? "" : ", " + extra, keys, patterns);
  }

  static String traffic(String fields, String patterns) {
    return """
        {"table": "t", "fields": {%s}, "patterns": [%s]}
        """
        .formatted(fields, patterns);
  }

  static List<Finding> lint(String spec, String rule) {
    return Advisor.of(spec, "spec").lint().findings(rule);
  }

  static List<Finding> lint(String spec, String traffic, String rule) {
    return Advisor.of(spec, "spec").traffic(traffic, "traffic").lint().findings(rule);
  }

  @Test
  void lowCardinalityPartitionKey() {
    assertThat(lint(hierarchical("status", ""), "pk-low-cardinality"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
    assertThat(lint(hierarchical("isActive", ""), "pk-low-cardinality")).hasSize(1);
    assertThat(lint(hierarchical("userId", ""), "pk-low-cardinality")).isEmpty();
    // the traffic model's distribution decides over the name: 12 values are few
    String twelve = traffic("\"userId\": {\"distribution\": \"uniform\", \"count\": 12}", "");
    assertThat(lint(hierarchical("userId", ""), twelve, "pk-low-cardinality")).hasSize(1);
  }

  @Test
  void lowCardinalityIndexKey_isANoteAndSparseQueuesAreExempt() {
    String byStatus =
        "\"indices\": {\"byStatus\": {\"type\": \"gsi\", \"pk\": \"status\", \"sk\": \"id\"}}";
    assertThat(lint(hierarchical("userId", byStatus), "pk-low-cardinality"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
    String sparse =
        "\"indices\": {\"byStatus\": {\"type\": \"gsi\", \"pk\": \"status\", \"sk\": \"id\","
            + " \"sparse\": {\"when\": {\"field\": \"status\", \"eq\": \"open\"}}}}";
    assertThat(lint(hierarchical("userId", sparse), "pk-low-cardinality")).isEmpty();
  }

  @Test
  void monotonicPartitionKey() {
    assertThat(lint(hierarchical("createdAt", ""), "pk-monotonic")).hasSize(1);
    assertThat(lint(hierarchical("day", ""), "pk-monotonic")).hasSize(1);
    assertThat(lint(hierarchical("deviceId", ""), "pk-monotonic")).isEmpty();
    // a field named neutrally is monotonic when the traffic model says it follows time
    String today = traffic("\"bucket\": {\"distribution\": \"today\"}", "");
    assertThat(lint(hierarchical("bucket", ""), today, "pk-monotonic")).hasSize(1);
    assertThat(lint(hierarchical("bucket", ""), "pk-monotonic")).isEmpty();
  }

  @Test
  void constantKeyOutsideItsHonestRange() {
    String constant =
        single(
            "\"PK\": \"ALL\", \"SK\": \"THING#{id}\"",
            "\"list\": {\"key\": {\"PK\": \"ALL\"}, \"returns\": [\"thing\"]}",
            "");
    String heavy =
        traffic(
            "",
            "{\"name\": \"put\", \"type\": \"write\", \"entity\": \"thing\", \"perSecond\": 5000,"
                + " \"itemBytes\": 500}");
    String light =
        traffic(
            "",
            "{\"name\": \"put\", \"type\": \"write\", \"entity\": \"thing\", \"perSecond\": 10,"
                + " \"itemBytes\": 500}");
    assertThat(lint(constant, heavy, "constant-key"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
    // small reference data: few writes, and a week's retention keeps it well under 10 GB
    String kept = light.replaceFirst("\\{", "{\"retentionDays\": 7, ");
    assertThat(lint(constant, kept, "constant-key")).isEmpty();
    // kept for ever, even 10 writes/s outgrow the 10 GB of one partition-key value within a year
    assertThat(lint(constant, light, "constant-key"))
        .singleElement()
        .satisfies(f -> assertThat(f.reason()).contains("grows past 10 GB"));
    // without traffic the rule can only remind of the range
    assertThat(lint(constant, "constant-key"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
  }

  @Test
  void sortKeyNoPatternUses() {
    String gets =
        single(
            "\"PK\": \"THING#{id}\", \"SK\": \"SUB#{sub}\"",
            "\"get\": {\"key\": {\"PK\": \"THING#{id}\", \"SK\": \"SUB#{sub}\"},"
                + " \"returns\": [\"thing\"]}",
            "");
    assertThat(lint(gets, "sk-unused")).hasSize(1);
    String list =
        single(
            "\"PK\": \"THING#{id}\", \"SK\": \"SUB#{sub}\"",
            "\"subs\": {\"key\": {\"PK\": \"THING#{id}\", \"SK\": {\"beginsWith\": \"SUB#\"}},"
                + " \"returns\": [\"thing\"]}",
            "");
    assertThat(lint(list, "sk-unused")).isEmpty();
  }

  @Test
  void rangePatternWithoutSortKey() {
    String byDate =
        "\"indices\": {\"byDate\": {\"type\": \"gsi\", \"pk\": \"userId\","
            + " \"sk\": \"createdAt\"}}";
    String fields = "\"userId\": {\"distribution\": \"uniform\", \"count\": 1000}";
    String onTable =
        traffic(
            fields,
            "{\"name\": \"recent\", \"type\": \"read\", \"key\": {\"userId\": \"{userId}\"},"
                + " \"range\": \"createdAt\", \"perSecond\": 1}");
    assertThat(lint(hierarchical("userId", byDate), onTable, "range-without-sk")).hasSize(1);
    String onIndex =
        traffic(
            fields,
            "{\"name\": \"recent\", \"type\": \"read\", \"index\": \"byDate\","
                + " \"key\": {\"userId\": \"{userId}\"}, \"range\": \"createdAt\", \"perSecond\": 1}");
    assertThat(lint(hierarchical("userId", byDate), onIndex, "range-without-sk")).isEmpty();
  }

  @Test
  void localIndex() {
    String lsi = "\"indices\": {\"byDate\": {\"type\": \"lsi\", \"sk\": \"createdAt\"}}";
    assertThat(lint(hierarchical("userId", lsi), "lsi")).hasSize(1);
    assertThat(lint(hierarchical("userId", ""), "lsi")).isEmpty();
  }

  @Test
  void writeAmplificationPerIndexAndInTotal() {
    StringBuilder four = new StringBuilder("\"indices\": {");
    for (int i = 0; i < 4; i++) {
      four.append(i == 0 ? "" : ", ")
          .append("\"gsi")
          .append(i)
          .append("\": {\"type\": \"gsi\", \"pk\": \"f")
          .append(i)
          .append("\", \"projection\": \"all\"}");
    }
    four.append('}');
    List<Finding> findings =
        lint(hierarchical("userId", four.toString()), "gsi-write-amplification");
    assertThat(findings).filteredOn(f -> f.severity() == Severity.INFO).hasSize(4);
    assertThat(findings)
        .filteredOn(f -> f.severity() == Severity.WARNING)
        .singleElement()
        .satisfies(f -> assertThat(f.reason()).contains("5.0 times"));
    String one =
        "\"indices\": {\"gsi\": {\"type\": \"gsi\", \"pk\": \"f\", \"projection\": \"keys-only\"}}";
    assertThat(lint(hierarchical("userId", one), "gsi-write-amplification"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
    assertThat(lint(hierarchical("userId", ""), "gsi-write-amplification")).isEmpty();
  }

  @Test
  void allProjectionWhereKeysOnlyIsCheaper() {
    String all =
        "\"indices\": {\"byTag\": {\"type\": \"gsi\", \"pk\": \"tag\", \"projection\": \"all\"}}";
    String fields =
        "\"userId\": {\"distribution\": \"uniform\", \"count\": 1000000},"
            + " \"tag\": {\"distribution\": \"uniform\", \"count\": 100000}";
    String bigItemsFewReads =
        traffic(
            fields,
            "{\"name\": \"put\", \"type\": \"write\", \"perSecond\": 1000, \"itemBytes\": 20000},"
                + " {\"name\": \"tagged\", \"type\": \"read\", \"index\": \"byTag\","
                + " \"key\": {\"tag\": \"{tag}\"}, \"perSecond\": 10, \"itemsPerRead\": 5}");
    assertThat(lint(hierarchical("userId", all), bigItemsFewReads, "all-projection")).hasSize(1);
    String smallItemsManyReads =
        traffic(
            fields,
            "{\"name\": \"put\", \"type\": \"write\", \"perSecond\": 100, \"itemBytes\": 300},"
                + " {\"name\": \"tagged\", \"type\": \"read\", \"index\": \"byTag\","
                + " \"key\": {\"tag\": \"{tag}\"}, \"perSecond\": 5000, \"itemsPerRead\": 20}");
    assertThat(lint(hierarchical("userId", all), smallItemsManyReads, "all-projection")).isEmpty();
  }

  @Test
  void patternNeedingAScan() {
    String fields =
        "\"userId\": {\"distribution\": \"uniform\", \"count\": 1000000},"
            + " \"status\": {\"distribution\": \"categorical\", \"values\": {\"open\": 0.9, \"closed\": 0.1}}";
    String byStatus =
        traffic(
            fields,
            "{\"name\": \"open\", \"type\": \"read\", \"key\": {\"status\": \"open\"}, \"perSecond\": 1}");
    assertThat(lint(hierarchical("userId", ""), byStatus, "scan-pattern")).hasSize(1);
    String byUser =
        traffic(
            fields,
            "{\"name\": \"mine\", \"type\": \"read\", \"key\": {\"userId\": \"{userId}\"}, \"perSecond\": 1}");
    assertThat(lint(hierarchical("userId", ""), byUser, "scan-pattern")).isEmpty();
  }

  @Test
  void filterDiscardingMostOfWhatItReads() {
    String fields =
        "\"userId\": {\"distribution\": \"uniform\", \"count\": 1000000},"
            + " \"status\": {\"distribution\": \"categorical\", \"values\": {\"open\": 0.9, \"closed\": 0.1}}";
    String closed =
        traffic(
            fields,
            "{\"name\": \"closedOfUser\", \"type\": \"read\", \"key\": {\"userId\": \"{userId}\"},"
                + " \"filter\": {\"status\": \"closed\"}, \"perSecond\": 1}");
    assertThat(lint(hierarchical("userId", ""), closed, "filter-discards"))
        .singleElement()
        .satisfies(f -> assertThat(f.reason()).contains("keeps 10.0 %"));
    String open =
        traffic(
            fields,
            "{\"name\": \"openOfUser\", \"type\": \"read\", \"key\": {\"userId\": \"{userId}\"},"
                + " \"filter\": {\"status\": \"open\"}, \"perSecond\": 1}");
    assertThat(lint(hierarchical("userId", ""), open, "filter-discards")).isEmpty();
  }

  @Test
  void technicalFieldsOutsideThePrefix() {
    assertThat(lint(hierarchical("userId", "\"typeField\": \"kind\""), "technical-unprefixed"))
        .singleElement()
        .satisfies(f -> assertThat(f.subject()).isEqualTo("typeField kind"));
    assertThat(lint(hierarchical("userId", "\"typeField\": \"_kind\""), "technical-unprefixed"))
        .isEmpty();
    String noPrefix =
        "{\"table\": \"things\", \"keyFields\": [\"userId\"], \"typeField\": \"kind\"}";
    assertThat(lint(noPrefix, "technical-unprefixed")).hasSize(1);
  }

  @Test
  void ttlFieldNotEpochSeconds() {
    String iso =
        hierarchical(
            "userId", "\"ttlField\": \"_expiresAt\", \"codecs\": {\"_expiresAt\": \"instantIso\"}");
    assertThat(lint(iso, "ttl-not-epoch"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
    String seconds =
        hierarchical(
            "userId",
            "\"ttlField\": \"_expiresAt\", \"codecs\": {\"_expiresAt\": \"instantEpochSeconds\"}");
    assertThat(lint(seconds, "ttl-not-epoch")).isEmpty();
  }

  @Test
  void sparseIndexWithoutPredicate() {
    String bare =
        "\"indices\": {\"queue\": {\"type\": \"gsi\", \"pk\": \"queuedAt\","
            + " \"projection\": \"keys-only\", \"sparse\": true}}";
    assertThat(lint(hierarchical("userId", bare), "sparse-without-predicate")).hasSize(1);
    String stated =
        "\"indices\": {\"queue\": {\"type\": \"gsi\", \"pk\": \"queuedAt\","
            + " \"projection\": \"keys-only\","
            + " \"sparse\": {\"when\": {\"field\": \"queuedAt\", \"exists\": true}}}}";
    assertThat(lint(hierarchical("userId", stated), "sparse-without-predicate")).isEmpty();
  }

  @Test
  void shardingMissingOnAHotKey() {
    String fields = "\"userId\": {\"distribution\": \"uniform\", \"count\": 1000000}";
    String hot =
        traffic(
            fields,
            "{\"name\": \"vote\", \"type\": \"write\", \"perSecond\": 100, \"itemBytes\": 100,"
                + " \"hot\": true}");
    assertThat(lint(hierarchical("userId", ""), hot, "shard-missing")).hasSize(1);
    String sharded =
        traffic(
            fields,
            "{\"name\": \"vote\", \"type\": \"write\", \"perSecond\": 100, \"itemBytes\": 100,"
                + " \"hot\": true, \"shards\": 4}");
    assertThat(lint(hierarchical("userId", ""), sharded, "shard-missing")).isEmpty();
  }

  @Test
  void shardingPresentOnAColdKey() {
    String fields = "\"itemId\": {\"distribution\": \"zipf\", \"s\": 1.2, \"count\": 1000}";
    String cold =
        traffic(
            fields,
            "{\"name\": \"vote\", \"type\": \"write\", \"perSecond\": 10, \"itemBytes\": 100,"
                + " \"shards\": 10}");
    assertThat(lint(hierarchical("itemId", ""), cold, "shard-unneeded")).hasSize(1);
    String hot =
        traffic(
            fields,
            "{\"name\": \"vote\", \"type\": \"write\", \"perSecond\": 20000, \"itemBytes\": 100,"
                + " \"shards\": 10}");
    assertThat(lint(hierarchical("itemId", ""), hot, "shard-unneeded")).isEmpty();
  }

  @Test
  void keysPredictedAboveTheirCeiling() {
    String zipf =
        traffic(
            "\"userId\": {\"distribution\": \"zipf\", \"s\": 1.1, \"count\": 1000000}",
            "{\"name\": \"put\", \"type\": \"write\", \"perSecond\": 20000, \"itemBytes\": 500}");
    assertThat(lint(hierarchical("userId", ""), zipf, "key-throttles"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
    String uniform =
        traffic(
            "\"userId\": {\"distribution\": \"uniform\", \"count\": 1000000}",
            "{\"name\": \"put\", \"type\": \"write\", \"perSecond\": 20000, \"itemBytes\": 500}");
    assertThat(lint(hierarchical("userId", ""), uniform, "key-throttles")).isEmpty();
  }

  @Test
  void itemCollectionPast10GbUnderAnLsi() {
    String lsi = "\"indices\": {\"byDate\": {\"type\": \"lsi\", \"sk\": \"createdAt\"}}";
    String heavy =
        traffic(
            "\"userId\": {\"distribution\": \"zipf\", \"s\": 1.3, \"count\": 100000}",
            "{\"name\": \"put\", \"type\": \"write\", \"perSecond\": 500, \"itemBytes\": 2000}");
    assertThat(lint(hierarchical("userId", lsi), heavy, "collection-10gb")).hasSize(1);
    assertThat(lint(hierarchical("userId", ""), heavy, "collection-10gb")).isEmpty();
  }
}

package dev.dynakit.engine.internal.stream;

import static dev.dynakit.engine.internal.stream.StreamTestCalls.iterator;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.shards;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@SuppressWarnings("unchecked")
class StreamsTest {
  private static final String EXPIRED = "com.amazonaws.dynamodb.v20120810#ExpiredIteratorException";
  private static final String TRIMMED =
      "com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException";

  private final ManualClock clock = new ManualClock(Instant.parse("2026-03-04T05:06:07Z"));
  private DynakitEngine engine =
      DynakitEngine.builder().clock(clock).ttlSweepInterval(Duration.ofHours(1)).build();

  @AfterEach
  void close() {
    engine.close();
  }

  private record Answer(int status, Map<String, Object> body) {}

  private Answer raw(String target, String json) {
    EngineResponse r =
        engine.handle(target, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    return new Answer(r.status(), Json.parseObject(r.body()));
  }

  private Map<String, Object> db(String op, String json) {
    Answer a = raw(DynakitEngine.TARGET_PREFIX + op, json);
    assertThat(a.status()).as(a.body().toString()).isEqualTo(200);
    return a.body();
  }

  private Map<String, Object> streams(String op, String json) {
    Answer a = raw("DynamoDBStreams_20120810." + op, json);
    assertThat(a.status()).as(a.body().toString()).isEqualTo(200);
    return a.body();
  }

  private String streamsError(String op, String json) {
    Answer a = raw("DynamoDBStreams_20120810." + op, json);
    assertThat(a.status()).as(a.body().toString()).isEqualTo(400);
    return (String) a.body().get("__type");
  }

  private String createTable(String viewType) {
    db(
        "CreateTable",
        "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'BillingMode':"
            + "'PAY_PER_REQUEST','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'"
            + viewType
            + "'}}");
    Map<String, Object> t =
        (Map<String, Object>) db("DescribeTable", "{'TableName':'orders'}").get("Table");
    return (String) t.get("LatestStreamArn");
  }

  private void put(String pk, String v) {
    db("PutItem", "{'TableName':'orders','Item':{'pk':{'S':'" + pk + "'},'v':{'S':'" + v + "'}}}");
  }

  private void delete(String pk) {
    db("DeleteItem", "{'TableName':'orders','Key':{'pk':{'S':'" + pk + "'}}}");
  }

  private Map<String, Object> getRecords(String iterator) {
    return streams("GetRecords", "{'ShardIterator':'" + iterator + "'}");
  }

  /** Every record of the stream, shard after shard from the oldest (parents before children). */
  private List<Map<String, Object>> readAll(String arn) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> shard : shards(engine, arn)) {
      String it = iterator(engine, arn, (String) shard.get("ShardId"), "TRIM_HORIZON", null);
      while (it != null) {
        Map<String, Object> r = getRecords(it);
        List<Map<String, Object>> records = (List<Map<String, Object>>) r.get("Records");
        out.addAll(records);
        it = (String) r.get("NextShardIterator");
        if (records.isEmpty()
            && ((Map<String, Object>) shard.get("SequenceNumberRange")).get("EndingSequenceNumber")
                == null) {
          break;
        }
      }
    }
    return out;
  }

  private static Map<String, Object> data(Map<String, Object> record) {
    return (Map<String, Object>) record.get("dynamodb");
  }

  @ParameterizedTest
  @ValueSource(strings = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"})
  void recordsCarryTheImagesOfTheirViewType(String viewType) {
    String arn = createTable(viewType);
    put("a", "1");
    put("a", "2");
    delete("a");
    List<Map<String, Object>> records = readAll(arn);
    assertThat(records)
        .extracting(r -> r.get("eventName"))
        .containsExactly("INSERT", "MODIFY", "REMOVE");
    boolean news = viewType.startsWith("NEW");
    boolean olds = viewType.contains("OLD");
    Map<String, Object> modify = data(records.get(1));
    assertThat(modify.get("Keys")).isEqualTo(Map.of("pk", Map.of("S", "a")));
    assertThat(modify.containsKey("NewImage")).isEqualTo(news);
    assertThat(modify.containsKey("OldImage")).isEqualTo(olds);
    if (news) {
      assertThat(modify.get("NewImage"))
          .isEqualTo(Map.of("pk", Map.of("S", "a"), "v", Map.of("S", "2")));
      assertThat(data(records.get(2))).doesNotContainKey("NewImage");
    }
    if (olds) {
      assertThat(modify.get("OldImage"))
          .isEqualTo(Map.of("pk", Map.of("S", "a"), "v", Map.of("S", "1")));
      assertThat(data(records.get(0))).doesNotContainKey("OldImage");
    }
    Map<String, Object> first = records.get(0);
    assertThat(first.get("eventVersion")).isEqualTo("1.1");
    assertThat(first.get("eventSource")).isEqualTo("aws:dynamodb");
    assertThat(first.get("awsRegion")).isEqualTo("us-east-1");
    assertThat(first).doesNotContainKey("userIdentity");
    assertThat(data(first).get("StreamViewType")).isEqualTo(viewType);
    assertThat(data(first).get("ApproximateCreationDateTime"))
        .isEqualTo(clock.instant().getEpochSecond());
    List<String> sequences =
        records.stream().map(r -> (String) data(r).get("SequenceNumber")).toList();
    assertThat(sequences).allMatch(s -> s.length() >= 21 && s.chars().allMatch(Character::isDigit));
    assertThat(sequences).isSortedAccordingTo(String::compareTo).doesNotHaveDuplicates();
  }

  @Test
  void writesThatChangeNothingHaveNoRecord() {
    String arn = createTable("NEW_AND_OLD_IMAGES");
    delete("missing");
    put("a", "1");
    put("a", "1");
    db(
        "UpdateItem",
        "{'TableName':'orders','Key':{'pk':{'S':'a'}},'UpdateExpression':'SET v = :v',"
            + "'ExpressionAttributeValues':{':v':{'S':'1'}}}");
    assertThat(readAll(arn)).extracting(r -> r.get("eventName")).containsExactly("INSERT");
  }

  @Test
  void transactionsBatchWritesAndTtlDeletesAreRecorded() {
    String arn = createTable("NEW_AND_OLD_IMAGES");
    db(
        "UpdateTimeToLive",
        "{'TableName':'orders','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'exp'}}");
    db(
        "TransactWriteItems",
        "{'TransactItems':[{'Put':{'TableName':'orders','Item':{'pk':{'S':'x'}}}},"
            + "{'Put':{'TableName':'orders','Item':{'pk':{'S':'y'},'exp':{'N':'"
            + (clock.instant().getEpochSecond() + 10)
            + "'}}}}]}");
    db(
        "BatchWriteItem",
        "{'RequestItems':{'orders':[{'PutRequest':{'Item':{'pk':{'S':'z'}}}},"
            + "{'DeleteRequest':{'Key':{'pk':{'S':'x'}}}}]}}");
    clock.advance(Duration.ofMinutes(1));
    assertThat(engine.sweepExpiredItems()).isEqualTo(1);
    List<Map<String, Object>> records = readAll(arn);
    assertThat(records)
        .extracting(
            r -> r.get("eventName") + " " + ((Map<String, Object>) data(r).get("Keys")).get("pk"))
        .containsExactly(
            "INSERT {S=x}", "INSERT {S=y}", "INSERT {S=z}", "REMOVE {S=x}", "REMOVE {S=y}");
    assertThat(records.get(4).get("userIdentity"))
        .isEqualTo(Map.of("Type", "Service", "PrincipalId", "dynamodb.amazonaws.com"));
    assertThat(records.get(3)).doesNotContainKey("userIdentity");
  }

  @Test
  void everyIteratorTypeStartsWhereDynamoDbSays() {
    String arn = createTable("KEYS_ONLY");
    put("a", "1");
    put("b", "1");
    put("c", "1");
    String shard = (String) shards(engine, arn).get(0).get("ShardId");
    List<Map<String, Object>> all = readAll(arn);
    String second = (String) data(all.get(1)).get("SequenceNumber");
    assertThat(keysRead(iterator(engine, arn, shard, "TRIM_HORIZON", null)))
        .containsExactly("a", "b", "c");
    assertThat(keysRead(iterator(engine, arn, shard, "AT_SEQUENCE_NUMBER", second)))
        .containsExactly("b", "c");
    assertThat(keysRead(iterator(engine, arn, shard, "AFTER_SEQUENCE_NUMBER", second)))
        .containsExactly("c");
    String latest = iterator(engine, arn, shard, "LATEST", null);
    assertThat(keysRead(latest)).isEmpty();
    put("d", "1");
    assertThat(keysRead(latest)).containsExactly("d");
    assertThat(
            streamsError(
                "GetShardIterator",
                "{'StreamArn':'"
                    + arn
                    + "','ShardId':'"
                    + shard
                    + "','ShardIteratorType':'AT_SEQUENCE_NUMBER'}"))
        .endsWith("ValidationException");
    assertThat(
            streamsError(
                "GetShardIterator",
                "{'StreamArn':'"
                    + arn
                    + "x','ShardId':'"
                    + shard
                    + "','ShardIteratorType':'LATEST'}"))
        .endsWith("ResourceNotFoundException");
  }

  private List<String> keysRead(String iterator) {
    List<Map<String, Object>> records =
        (List<Map<String, Object>>) getRecords(iterator).get("Records");
    return records.stream()
        .map(
            r ->
                (String)
                    ((Map<String, Object>) ((Map<String, Object>) data(r).get("Keys")).get("pk"))
                        .get("S"))
        .toList();
  }

  @Test
  void shardsRollOverAfterTheirRecordsOrTheirAgeIntoChildShards() {
    engine.close();
    engine =
        DynakitEngine.builder()
            .clock(clock)
            .ttlSweepInterval(Duration.ofHours(1))
            .streamShardRollover(3, Duration.ofHours(4))
            .build();
    String arn = createTable("KEYS_ONLY");
    for (int i = 0; i < 7; i++) {
      put("k" + i, "v");
    }
    List<Map<String, Object>> shards = shards(engine, arn);
    assertThat(shards).hasSize(3);
    assertThat(shards.get(0)).doesNotContainKey("ParentShardId");
    assertThat(shards.get(1).get("ParentShardId")).isEqualTo(shards.get(0).get("ShardId"));
    assertThat(shards.get(2).get("ParentShardId")).isEqualTo(shards.get(1).get("ShardId"));
    assertThat((Map<String, Object>) shards.get(0).get("SequenceNumberRange"))
        .containsKey("EndingSequenceNumber");
    assertThat((Map<String, Object>) shards.get(2).get("SequenceNumberRange"))
        .doesNotContainKey("EndingSequenceNumber");
    assertThat(readAll(arn)).hasSize(7);
    // a closed shard read to its end has no next iterator
    Map<String, Object> end =
        getRecords(
            iterator(engine, arn, (String) shards.get(0).get("ShardId"), "TRIM_HORIZON", null));
    assertThat((List<Object>) end.get("Records")).hasSize(3);
    assertThat(end).doesNotContainKey("NextShardIterator");
    clock.advance(Duration.ofHours(4));
    assertThat(shards(engine, arn)).hasSize(4);
  }

  @Test
  void recordsOlderThanTheRetentionAreTrimmed() {
    String arn = createTable("KEYS_ONLY");
    put("old", "1");
    String shard = (String) shards(engine, arn).get(0).get("ShardId");
    String early = iterator(engine, arn, shard, "TRIM_HORIZON", null);
    String oldSequence = (String) data(readAll(arn).get(0)).get("SequenceNumber");
    clock.advance(Duration.ofHours(2));
    put("new", "1");
    clock.advance(Duration.ofHours(22).plusSeconds(1));
    // a fresh iterator from the trim horizon sees only what is left
    String current =
        (String) shards(engine, arn).get(shards(engine, arn).size() - 1).get("ShardId");
    assertThat(readAll(arn)).hasSize(1);
    assertThat(
            streamsError(
                "GetShardIterator",
                "{'StreamArn':'"
                    + arn
                    + "','ShardId':'"
                    + shard
                    + "','ShardIteratorType':'AT_SEQUENCE_NUMBER','SequenceNumber':'"
                    + oldSequence
                    + "'}"))
        .isEqualTo(TRIMMED);
    assertThat(current).isNotNull();
    // an iterator handed out before the trim points at trimmed data (and has expired anyway)
    assertThat(streamsError("GetRecords", "{'ShardIterator':'" + early + "'}"))
        .isIn(TRIMMED, EXPIRED);
  }

  @Test
  void anIteratorPointingBeforeTheTrimHorizonIsRefusedAsTrimmed() {
    String arn = createTable("KEYS_ONLY");
    put("a", "1");
    String shard = (String) shards(engine, arn).get(0).get("ShardId");
    clock.advance(Duration.ofHours(3));
    put("b", "1");
    clock.advance(Duration.ofHours(21));
    clock.advance(Duration.ofMinutes(-10));
    String it = iterator(engine, arn, shard, "TRIM_HORIZON", null);
    clock.advance(Duration.ofMinutes(11));
    // 'a' is now older than 24 hours: the iterator that pointed at it reads trimmed data
    assertThat(streamsError("GetRecords", "{'ShardIterator':'" + it + "'}")).isEqualTo(TRIMMED);
  }

  @Test
  void iteratorsExpireAfterFifteenMinutes() {
    String arn = createTable("KEYS_ONLY");
    String shard = (String) shards(engine, arn).get(0).get("ShardId");
    String it = iterator(engine, arn, shard, "LATEST", null);
    clock.advance(Duration.ofMinutes(14));
    Map<String, Object> r = getRecords(it);
    clock.advance(Duration.ofMinutes(2));
    assertThat(streamsError("GetRecords", "{'ShardIterator':'" + it + "'}")).isEqualTo(EXPIRED);
    // the next iterator GetRecords answered is new, so still valid
    assertThat(getRecords((String) r.get("NextShardIterator"))).containsKey("Records");
  }

  @Test
  void disablingKeepsTheOldStreamReadableAndEnablingAgainStartsANewOne() {
    String first = createTable("NEW_IMAGE");
    put("a", "1");
    db("UpdateTable", "{'TableName':'orders','StreamSpecification':{'StreamEnabled':false}}");
    put("b", "1");
    clock.advance(Duration.ofSeconds(1));
    db(
        "UpdateTable",
        "{'TableName':'orders','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}}");
    Map<String, Object> t =
        (Map<String, Object>) db("DescribeTable", "{'TableName':'orders'}").get("Table");
    String second = (String) t.get("LatestStreamArn");
    assertThat(second).isNotEqualTo(first);
    put("c", "1");
    Map<String, Object> d =
        (Map<String, Object>)
            streams("DescribeStream", "{'StreamArn':'" + first + "'}").get("StreamDescription");
    assertThat(d.get("StreamStatus")).isEqualTo("DISABLED");
    assertThat(readAll(first)).hasSize(1);
    assertThat(readAll(second))
        .extracting(r -> data(r).get("Keys"))
        .containsExactly(Map.of("pk", Map.of("S", "c")));
    List<Map<String, Object>> listed =
        (List<Map<String, Object>>) streams("ListStreams", "{'TableName':'orders'}").get("Streams");
    assertThat(listed).extracting(s -> s.get("StreamArn")).containsExactly(first, second);
    clock.advance(Duration.ofHours(25));
    listed = (List<Map<String, Object>>) streams("ListStreams", "{}").get("Streams");
    assertThat(listed).extracting(s -> s.get("StreamArn")).containsExactly(second);
  }
}

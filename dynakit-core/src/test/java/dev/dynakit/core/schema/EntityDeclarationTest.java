package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.DeclarationException.Problem;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** Every problem of a single-table declaration is found when it is built, and named. */
class EntityDeclarationTest {

  /** A valid base: customers and orders in one partition, orders by status on GSI1. */
  static TableSpec.Builder shop() {
    return TableSpec.builder("shop")
        .partitionKey("PK")
        .sortKey("SK")
        .technicalPrefix("_")
        .typeField("_type")
        .index(IndexSpec.global("GSI1").partitionKey("GSI1PK").sortKey("GSI1SK").build());
  }

  static EntitySpec.Builder customer() {
    return EntitySpec.builder("customer")
        .field("customerId", "string")
        .key("PK", "CUSTOMER#{customerId}")
        .key("SK", "PROFILE");
  }

  static AbstractThrowableAssert<?, ?> refused(TableSpec.Builder b, String field, String rule) {
    return assertThatThrownBy(b::build)
        .isInstanceOf(DeclarationException.class)
        .satisfies(
            e ->
                org.assertj.core.api.Assertions.assertThat(((DeclarationException) e).problems())
                    .anySatisfy(
                        p -> {
                          org.assertj.core.api.Assertions.assertThat(p.field()).isEqualTo(field);
                          org.assertj.core.api.Assertions.assertThat(p.rule()).contains(rule);
                        }));
  }

  @Test
  void build_templateNamingAMissingField_namesTheFieldAndEntity() {
    refused(
        shop()
            .entity(
                EntitySpec.builder("order")
                    .field("orderDate", "localDateIso")
                    .field("orderId", "string")
                    .key("PK", "ORDER#{orderId}")
                    .key("SK", "ORDER#{orderDat}#{orderId}")),
        "entities.order.keys.SK",
        "'{orderDat}' names no field of entity 'order'; did you mean 'orderDate'?");
  }

  @Test
  void build_twoEntitiesThatCanProduceTheSamePrimaryKey_namesBoth() {
    refused(
        shop()
            .entity(customer())
            .entity(
                EntitySpec.builder("account")
                    .field("accountId", "string")
                    .key("PK", "CUSTOMER#{accountId}")
                    .key("SK", "PROFILE")),
        "entities.account.keys",
        "entities 'customer' and 'account' can produce the same primary key");
  }

  @Test
  void build_entitiesApartBySegmentCountOrLiteral_areAccepted() {
    shop()
        .entity(customer())
        .entity(
            EntitySpec.builder("order")
                .field("customerId", "string")
                .field("orderId", "string")
                .key("PK", "CUSTOMER#{customerId}")
                .key("SK", "ORDER#{orderId}"))
        .entity(
            EntitySpec.builder("line")
                .field("orderId", "string")
                .field("line", "number")
                .key("PK", "CUSTOMER#{orderId}")
                .key("SK", "ORDER#{orderId}#{line:3}"))
        .build();
  }

  @Test
  void build_patternWhoseKeyNoEntityCanProduce_isNamed() {
    refused(
        shop()
            .entity(customer())
            .accessPattern(
                AccessPattern.builder("suppliers")
                    .partitionKey("PK", "SUPPLIER#{supplierId}")
                    .returns("customer")),
        "accessPatterns.suppliers.key.PK",
        "no entity can produce the key 'SUPPLIER#{supplierId}' (checked customer)");
  }

  @Test
  void build_patternOnAMissingIndex_namesTheIndex() {
    refused(
        shop()
            .entity(customer())
            .accessPattern(
                AccessPattern.builder("byTier").index("GSI9").partitionKey("GSI9PK", "{tier}")),
        "accessPatterns.byTier.index",
        "'GSI9' is not a declared index");
  }

  @Test
  void build_shardCountOutOfRange_isRefused() {
    for (int count : new int[] {0, 1001}) {
      refused(
          shop()
              .entity(
                  EntitySpec.builder("vote")
                      .field("itemId", "string")
                      .field("voter", "string")
                      .key("PK", "VOTES#{itemId}#{shard}")
                      .key("SK", "VOTER#{voter}")
                      .shards(ShardSpec.by(count, "voter"))),
          "entities.vote.shards.count",
          "must be from 1 to 1000, got " + count);
    }
  }

  @Test
  void build_paddedSlotOnAFieldThatIsNotANumber_isRefused() {
    refused(
        shop()
            .entity(
                EntitySpec.builder("line")
                    .field("orderId", "string")
                    .field("line", "string")
                    .key("PK", "ORDER#{orderId}")
                    .key("SK", "ITEM#{line:4}")),
        "entities.line.keys.SK",
        "'{line:4}' pads 'line', which is declared string");
  }

  @Test
  void build_shardSlotWithoutShards_andShardsByAMissingField_areRefused() {
    refused(
        shop()
            .entity(
                EntitySpec.builder("vote")
                    .field("itemId", "string")
                    .key("PK", "VOTES#{itemId}#{shard}")
                    .key("SK", "V")),
        "entities.vote.shards",
        "declare the shard count");
    refused(
        shop()
            .entity(
                EntitySpec.builder("vote")
                    .field("itemId", "string")
                    .key("PK", "VOTES#{itemId}#{shard}")
                    .key("SK", "V")
                    .shards(ShardSpec.by(4, "voterr"))),
        "entities.vote.shards.by",
        "'voterr' names no field of entity 'vote'");
  }

  @Test
  void build_malformedTemplates_areNamed() {
    refused(
        shop().entity(customer().key("SK", "PROFILE{x")),
        "entities.customer.keys.SK",
        "not closed");
    refused(
        shop().entity(customer().key("SK", "P{customerId}X")),
        "entities.customer.keys.SK",
        "must be followed by '#'");
    refused(
        shop().entity(customer().key("GSI3PK", "X")),
        "entities.customer.keys.GSI3PK",
        "is not a key attribute of the table or an index");
  }

  @Test
  void build_missingPrimaryKeyTemplateOrTypeField_isRefused() {
    refused(
        shop()
            .entity(
                EntitySpec.builder("customer")
                    .field("customerId", "string")
                    .key("PK", "CUSTOMER#{customerId}")),
        "entities.customer.keys",
        "needs a template for the primary-key attribute 'SK'");
    TableSpec.Builder noType =
        TableSpec.builder("shop").partitionKey("PK").sortKey("SK").entity(customer());
    refused(noType, "typeField", "required with entities");
  }

  @Test
  void build_entitiesOnAHierarchicalTable_askForGenericKeys() {
    refused(
        TableSpec.builder("shop").keyField("id").typeField("_type").entity(customer()),
        "entities",
        "declare partitionKey (and sortKey) instead of keyFields");
  }

  @Test
  void fromJson_unknownSortConditionAndFieldType_areNamed() {
    String json =
        "{\"table\":\"shop\",\"partitionKey\":\"PK\",\"sortKey\":\"SK\",\"technicalPrefix\":\"_\","
            + "\"typeField\":\"_type\",\"entities\":{\"customer\":{\"fields\":{\"customerId\":"
            + "\"strng\"},\"keys\":{\"PK\":\"C#{customerId}\",\"SK\":\"P\"}}},"
            + "\"accessPatterns\":{\"p\":{\"key\":{\"PK\":\"C#{customerId}\","
            + "\"SK\":{\"beginWith\":\"P\"}}}}}";
    assertThatThrownBy(() -> TableSpec.fromJson(json))
        .isInstanceOf(DeclarationException.class)
        .satisfies(
            e ->
                org.assertj.core.api.Assertions.assertThat(((DeclarationException) e).problems())
                    .extracting(Problem::field)
                    .contains(
                        "entities.customer.fields.customerId",
                        "accessPatterns.p.key.SK.beginWith"));
  }
}

package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.Wire.at;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CreateTableTest {
  private final Wire wire = new Wire();

  private static final String PK = "{'AttributeName':'pk','AttributeType':'S'}";
  private static final String SK = "{'AttributeName':'sk','AttributeType':'N'}";
  private static final String HASH = "{'AttributeName':'pk','KeyType':'HASH'}";
  private static final String RANGE = "{'AttributeName':'sk','KeyType':'RANGE'}";
  private static final String ON_DEMAND = ",'BillingMode':'PAY_PER_REQUEST'";

  @AfterEach
  void close() {
    wire.close();
  }

  private Wire.Answer create(String defs, String key, String extra) {
    return wire.call(
        "CreateTable",
        "{'TableName':'tab1','AttributeDefinitions':["
            + defs
            + "],'KeySchema':["
            + key
            + "]"
            + extra
            + "}");
  }

  /** Asserts the refusal created no table. */
  private void nothingCreated() {
    assertThat(wire.tableNames()).isEmpty();
  }

  @Test
  void createTable_hashAndRange_isActiveAtOnce() {
    Map<String, Object> d =
        create(
                PK + "," + SK,
                HASH + "," + RANGE,
                ",'ProvisionedThroughput':" + "{'ReadCapacityUnits':5,'WriteCapacityUnits':7}")
            .ok()
            .map("TableDescription");
    assertThat(d.get("TableName")).isEqualTo("tab1");
    assertThat(d.get("TableStatus")).isEqualTo("ACTIVE");
    assertThat(d.get("KeySchema"))
        .isEqualTo(
            List.of(
                Map.of("AttributeName", "pk", "KeyType", "HASH"),
                Map.of("AttributeName", "sk", "KeyType", "RANGE")));
    assertThat(d.get("ProvisionedThroughput"))
        .isEqualTo(
            Map.of(
                "NumberOfDecreasesToday", 0L, "ReadCapacityUnits", 5L, "WriteCapacityUnits", 7L));
    assertThat(d.get("TableArn")).isEqualTo(Wire.ARN_PREFIX + "tab1");
    assertThat(at(d, "BillingModeSummary")).containsEntry("BillingMode", "PROVISIONED");
    assertThat(wire.describe("tab1")).isEqualTo(d);
  }

  @Test
  void createTable_onDemand_reportsZeroThroughputAndSwitchTime() {
    Map<String, Object> d = create(PK, HASH, ON_DEMAND).ok().map("TableDescription");
    assertThat(d.get("ProvisionedThroughput"))
        .isEqualTo(
            Map.of(
                "NumberOfDecreasesToday", 0L, "ReadCapacityUnits", 0L, "WriteCapacityUnits", 0L));
    assertThat(at(d, "BillingModeSummary"))
        .containsEntry("BillingMode", "PAY_PER_REQUEST")
        .containsKey("LastUpdateToPayPerRequestDateTime");
  }

  @Test
  void createTable_existingName_isResourceInUse() {
    create(PK, HASH, ON_DEMAND).ok();
    create(PK, HASH, ON_DEMAND).refused(Wire.IN_USE, "Table already exists: tab1");
  }

  @Test
  void createTable_shortName_failsLengthConstraint() {
    wire.call(
            "CreateTable",
            "{'TableName':'ab','AttributeDefinitions':["
                + PK
                + "],'KeySchema':["
                + HASH
                + "]"
                + ON_DEMAND
                + "}")
        .invalid(
            "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint:"
                + " Member must have length greater than or equal to 3");
    nothingCreated();
  }

  @Test
  void createTable_badAndShortName_reportsBothConstraints() {
    wire.call(
            "CreateTable",
            "{'TableName':'a;','AttributeDefinitions':["
                + PK
                + "],'KeySchema':["
                + HASH
                + "]"
                + ON_DEMAND
                + "}")
        .invalid(
            "2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy constraint:"
                + " Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a;' at"
                + " 'tableName' failed to satisfy constraint: Member must have length greater than"
                + " or equal to 3");
  }

  @Test
  void createTable_longName_failsMaximumLength() {
    String name = "t".repeat(256);
    Wire.Answer a =
        wire.call(
            "CreateTable",
            "{'TableName':'"
                + name
                + "','AttributeDefinitions':["
                + PK
                + "],'KeySchema':["
                + HASH
                + "]"
                + ON_DEMAND
                + "}");
    assertThat(a.message()).endsWith("Member must have length less than or equal to 255");
    String ok = "t".repeat(255);
    wire.call(
            "CreateTable",
            "{'TableName':'"
                + ok
                + "','AttributeDefinitions':["
                + PK
                + "],'KeySchema':["
                + HASH
                + "]"
                + ON_DEMAND
                + "}")
        .ok();
  }

  @Test
  void createTable_missingMembers_areReportedTogether() {
    // a missing TableName is refused first, in words of its own
    wire.call("CreateTable", "{'BillingMode':'PAY_PER_REQUEST'}")
        .invalid("The parameter 'TableName' is required but was not present in the request");
    wire.call("CreateTable", "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST'}")
        .invalid(
            "2 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy"
                + " constraint: Member must not be null; Value null at 'keySchema' failed to"
                + " satisfy constraint: Member must not be null");
  }

  @Test
  void createTable_badEnumsAndThreeKeys_areShapeErrors() {
    create(
            "{'AttributeName':'pk','AttributeType':'X'}",
            "{'AttributeName':'pk','KeyType':'SIDEWAYS'}," + HASH + "," + RANGE,
            ",'BillingMode':'FREE'")
        .invalid(
            "4 validation errors detected: Value 'X' at 'attributeDefinitions.1.member.attributeType'"
                + " failed to satisfy constraint: Member must satisfy enum value set: [B, N, S];"
                + " Value '[KeySchemaElement(attributeName=pk, keyType=SIDEWAYS),"
                + " KeySchemaElement(attributeName=pk, keyType=HASH),"
                + " KeySchemaElement(attributeName=sk, keyType=RANGE)]' at 'keySchema' failed to"
                + " satisfy constraint: Member must have length less than or equal to 2; Value"
                + " 'SIDEWAYS' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member"
                + " must satisfy enum value set: [HASH, RANGE]; Value 'FREE' at 'billingMode' failed"
                + " to satisfy constraint: Member must satisfy enum value set: [PROVISIONED,"
                + " PAY_PER_REQUEST]");
    nothingCreated();
  }

  @Test
  void createTable_provisionedWithoutThroughput_isRefused() {
    create(PK, HASH, "")
        .invalid(
            "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits"
                + " must both be specified when BillingMode is PROVISIONED");
    nothingCreated();
  }

  @Test
  void createTable_onDemandWithThroughput_isRefused() {
    create(
            PK,
            HASH,
            ON_DEMAND + ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}")
        .invalid(
            "One or more parameter values were invalid: Neither ReadCapacityUnits nor"
                + " WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
  }

  @Test
  void createTable_zeroAndMissingCapacity_areShapeErrors() {
    create(PK, HASH, ",'ProvisionedThroughput':{'ReadCapacityUnits':0}")
        .invalid(
            "2 validation errors detected: Value null at 'provisionedThroughput.writeCapacityUnits'"
                + " failed to satisfy constraint: Member must not be null; Value '0' at"
                + " 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member"
                + " must have value greater than or equal to 1");
  }

  @Test
  void createTable_capacityOverQuota_isLimitExceeded() {
    create(PK, HASH, ",'ProvisionedThroughput':{'ReadCapacityUnits':40001,'WriteCapacityUnits':1}")
        .refused(
            Wire.LIMIT,
            "The requested ReadCapacityUnits, 40001, is above the per table maximum for the account"
                + " in us-east-1. Per table maximum: 40000. Refer to the Amazon DynamoDB Developer"
                + " Guide for current limits and how to request higher limits.");
    create(
            PK,
            HASH,
            ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1000000000001}")
        .invalid("Given value 1000000000001 for WriteCapacityUnits is out of bounds");
    nothingCreated();
  }

  @Test
  void createTable_keyWithoutDefinition_isRefused() {
    create(PK, HASH + "," + RANGE, ON_DEMAND)
        .invalid("Invalid KeySchema: Some index key attribute have no definition");
    create(SK, HASH, ON_DEMAND)
        .invalid(
            "One or more parameter values were invalid: Some index key attributes are not defined"
                + " in AttributeDefinitions. Keys: [pk], AttributeDefinitions: [sk]");
    nothingCreated();
  }

  @Test
  void createTable_extraDefinition_isRefused() {
    create(PK + "," + SK, HASH, ON_DEMAND)
        .invalid(
            "One or more parameter values were invalid: Number of attributes in KeySchema does not"
                + " exactly match number of attributes defined in AttributeDefinitions");
  }

  @Test
  void createTable_duplicateDefinition_isRefused() {
    create(PK + ",{'AttributeName':'pk','AttributeType':'N'}", HASH, ON_DEMAND)
        .invalid("Attribute Name is duplicated: pk");
  }

  @Test
  void createTable_keyOrderRules() {
    create(PK + "," + SK, HASH + ",{'AttributeName':'pk','KeyType':'RANGE'}", ON_DEMAND)
        .invalid("Both the Hash Key and the Range Key element in the KeySchema have the same name");
    create(PK + "," + SK, RANGE + "," + HASH, ON_DEMAND)
        .invalid("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
    create(PK + "," + SK, HASH + ",{'AttributeName':'sk','KeyType':'HASH'}", ON_DEMAND)
        .invalid("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
    nothingCreated();
  }

  @Test
  void createTable_binaryAndNumberKeys_areAccepted() {
    Map<String, Object> d =
        create(
                "{'AttributeName':'sk','AttributeType':'N'},{'AttributeName':'pk','AttributeType':'B'}",
                HASH + "," + RANGE,
                ON_DEMAND)
            .ok()
            .map("TableDescription");
    // DynamoDB reports AttributeDefinitions sorted by name
    assertThat(d.get("AttributeDefinitions"))
        .isEqualTo(
            List.of(
                Map.of("AttributeName", "pk", "AttributeType", "B"),
                Map.of("AttributeName", "sk", "AttributeType", "N")));
  }

  @Test
  void createTable_tableClassAndDeletionProtection_areDescribed() {
    Map<String, Object> d =
        create(
                PK,
                HASH,
                ON_DEMAND
                    + ",'TableClass':'STANDARD_INFREQUENT_ACCESS','DeletionProtectionEnabled':true")
            .ok()
            .map("TableDescription");
    assertThat(d.get("TableClassSummary"))
        .isEqualTo(Map.of("TableClass", "STANDARD_INFREQUENT_ACCESS"));
    assertThat(d.get("DeletionProtectionEnabled")).isEqualTo(true);
  }

  @Test
  void createTable_unknownTableClass_isRefused() {
    create(PK, HASH, ON_DEMAND + ",'TableClass':'CHEAP'")
        .invalid(
            "Invalid table-class parameter provided. Please try again with a valid table-class"
                + " value: [STANDARD, STANDARD_INFREQUENT_ACCESS].");
    nothingCreated();
  }

  @Test
  void createTable_streamEnabled_isDescribedWithLabelAndArn() {
    Map<String, Object> d =
        create(
                PK,
                HASH,
                ON_DEMAND
                    + ",'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_AND_OLD_IMAGES'}")
            .ok()
            .map("TableDescription");
    assertThat(d.get("StreamSpecification"))
        .isEqualTo(Map.of("StreamEnabled", true, "StreamViewType", "NEW_AND_OLD_IMAGES"));
    assertThat(d.get("LatestStreamLabel")).isEqualTo("2025-03-04T05:06:07.891");
    assertThat(d.get("LatestStreamArn"))
        .isEqualTo(Wire.ARN_PREFIX + "tab1/stream/2025-03-04T05:06:07.891");
  }

  @Test
  void createTable_streamRules() {
    create(PK, HASH, ON_DEMAND + ",'StreamSpecification':{'StreamEnabled':true}")
        .invalid(
            "One or more parameter values were invalid: Table is being created with a stream"
                + " enabled, UpdateViewType is required");
    create(
            PK,
            HASH,
            ON_DEMAND
                + ",'StreamSpecification':{'StreamEnabled':false,'StreamViewType':'KEYS_ONLY'}")
        .invalid(
            "One or more parameter values were invalid: Table is being created with a stream"
                + " disabled, UpdateViewType should not be specified");
    create(PK, HASH, ON_DEMAND + ",'StreamSpecification':{'StreamViewType':'ALL'}")
        .invalid(
            "2 validation errors detected: Value null at 'streamSpecification.streamEnabled' failed"
                + " to satisfy constraint: Member must not be null; Value 'ALL' at"
                + " 'streamSpecification.streamViewType' failed to satisfy constraint: Member must"
                + " satisfy enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]");
    nothingCreated();
    Map<String, Object> off =
        create(PK, HASH, ON_DEMAND + ",'StreamSpecification':{'StreamEnabled':false}")
            .ok()
            .map("TableDescription");
    assertThat(off).doesNotContainKeys("StreamSpecification", "LatestStreamArn");
  }

  @Test
  void createTable_sseSpecification_isAcceptedAndDescribed() {
    Map<String, Object> d =
        create(
                PK,
                HASH,
                ON_DEMAND
                    + ",'SSESpecification':{'Enabled':true,'SSEType':'KMS','KMSMasterKeyId':'k-1'}")
            .ok()
            .map("TableDescription");
    assertThat(d.get("SSEDescription"))
        .isEqualTo(
            Map.of(
                "Status",
                "ENABLED",
                "SSEType",
                "KMS",
                "KMSMasterKeyArn",
                "arn:aws:kms:us-east-1:000000000000:key/k-1"));
  }

  @Test
  void createTable_sseRules() {
    create(PK, HASH, ON_DEMAND + ",'SSESpecification':{'Enabled':false,'SSEType':'KMS'}")
        .invalid(
            "One or more parameter values were invalid: SSEType can not be specified if Enabled is false");
    create(PK, HASH, ON_DEMAND + ",'SSESpecification':{'Enabled':true,'SSEType':'AES256'}")
        .invalid("One or more parameter values were invalid: SSEType AES256 is not supported");
    create(PK, HASH, ON_DEMAND + ",'SSESpecification':{'Enabled':true,'KMSMasterKeyId':'k'}")
        .invalid(
            "One or more parameter values were invalid: SSEType KMS is required if KMSMasterKeyId"
                + " is specified");
    nothingCreated();
  }

  @Test
  void createTable_tags_areStoredAndValidated() {
    create(PK, HASH, ON_DEMAND + ",'Tags':[{'Key':'env','Value':'prod'},{'Key':'env','Value':'x'}]")
        .invalid("Duplicate Tag Keys provided as input: Duplicate Tag Key found env");
    create(PK, HASH, ON_DEMAND + ",'Tags':[{'Key':'aws:x','Value':'1'}]")
        .invalid("Tag Key cannot be prefixed with aws:, Key: aws:x");
    nothingCreated();
    create(PK, HASH, ON_DEMAND + ",'Tags':[{'Key':'env','Value':'prod'}]").ok();
    assertThat(
            wire.call("ListTagsOfResource", "{'ResourceArn':'" + Wire.ARN_PREFIX + "tab1'}")
                .ok()
                .body())
        .isEqualTo(Map.of("Tags", List.of(Map.of("Key", "env", "Value", "prod"))));
  }

  @Test
  void createTable_tooManyTags_isRefused() {
    StringBuilder tags = new StringBuilder();
    for (int i = 0; i < 51; i++) {
      tags.append(i == 0 ? "" : ",").append("{'Key':'k").append(i).append("','Value':'v'}");
    }
    create(PK, HASH, ON_DEMAND + ",'Tags':[" + tags + "]")
        .invalid("Number of Tags exceed the current limit for the provided ResourceArn");
    nothingCreated();
  }
}

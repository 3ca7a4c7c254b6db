package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TaggingTest {
  private final Wire wire = new Wire();
  private static final String ARN = Wire.ARN_PREFIX + "tab1";

  @BeforeEach
  void table() {
    wire.createSimple("tab1");
  }

  @AfterEach
  void close() {
    wire.close();
  }

  private Wire.Answer tag(String tags) {
    return wire.call("TagResource", "{'ResourceArn':'" + ARN + "','Tags':[" + tags + "]}");
  }

  private Wire.Answer untag(String keys) {
    return wire.call("UntagResource", "{'ResourceArn':'" + ARN + "','TagKeys':[" + keys + "]}");
  }

  private Object tags() {
    return wire.call("ListTagsOfResource", "{'ResourceArn':'" + ARN + "'}").ok().body().get("Tags");
  }

  private static Map<String, Object> t(String key, String value) {
    return Map.of("Key", key, "Value", value);
  }

  @Test
  void tagUntagList_roundTrip() {
    assertThat(tags()).isEqualTo(List.of());
    assertThat(tag("{'Key':'b','Value':'2'},{'Key':'a','Value':''}").ok().body()).isEmpty();
    tag("{'Key':'b','Value':'3'}").ok();
    assertThat(tags()).isEqualTo(List.of(t("a", ""), t("b", "3")));
    assertThat(untag("'a','never-set'").ok().body()).isEmpty();
    assertThat(tags()).isEqualTo(List.of(t("b", "3")));
  }

  @Test
  void tagResource_invalidTags_changeNothing() {
    tag("{'Key':'keep','Value':'1'}").ok();
    tag("{'Key':'good','Value':'1'},{'Key':'" + "k".repeat(129) + "','Value':'1'}")
        .invalid("The Tag Key provided is invalid, Key: " + "k".repeat(129));
    tag("{'Key':'good','Value':'" + "v".repeat(257) + "'}")
        .invalid("The Tag Value provided is invalid, Value: " + "v".repeat(257));
    tag("{'Key':'good'}").invalid("The Tag Value provided is invalid, Value: null");
    tag("{'Value':'x'}").invalid("The Tag Key provided is invalid, Key: null");
    tag("{'Key':'','Value':'x'}").invalid("The Tag Key provided is invalid, Key: ");
    tag("{'Key':'bad#char','Value':'x'}").invalid("The Tag Key provided is invalid, Key: bad#char");
    tag("{'Key':'AWS:x','Value':'x'}").invalid("Tag Key cannot be prefixed with aws:, Key: AWS:x");
    tag("{'Key':'d','Value':'1'},{'Key':'d','Value':'2'}")
        .invalid("Duplicate Tag Keys provided as input: Duplicate Tag Key found d");
    tag("").invalid("Atleast one Tag needs to be provided as Input.");
    assertThat(tags()).isEqualTo(List.of(t("keep", "1")));
  }

  @Test
  void tagResource_limitIsOnTheMergedSet() {
    StringBuilder fifty = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      fifty.append(i == 0 ? "" : ",").append("{'Key':'k").append(i).append("','Value':'v'}");
    }
    tag(fifty.toString()).ok();
    tag("{'Key':'k1','Value':'changed'}").ok();
    tag("{'Key':'k50','Value':'v'}")
        .invalid("Number of Tags exceed the current limit for the provided ResourceArn");
    assertThat((List<?>) tags()).hasSize(50);
  }

  @Test
  void untagResource_rules() {
    untag("").invalid("Atleast one Tag Key needs to be provided as Input.");
    untag("'aws:foo'").invalid("Tag Key cannot be prefixed with aws:, Key: aws:foo");
    StringBuilder keys = new StringBuilder();
    for (int i = 0; i < 51; i++) {
      keys.append(i == 0 ? "" : ",").append("'k").append(i).append("'");
    }
    untag(keys.toString())
        .invalid("Number of Tags exceed the current limit for the provided ResourceArn");
  }

  @Test
  void arns_unknownOrMalformed() {
    wire.call("ListTagsOfResource", "{'ResourceArn':'" + Wire.ARN_PREFIX + "nope'}")
        .refused(
            Wire.NOT_FOUND,
            "Requested resource not found: ResourceArn: " + Wire.ARN_PREFIX + "nope not found");
    wire.call(
            "TagResource",
            "{'ResourceArn':'" + Wire.ARN_PREFIX + "nope','Tags':[{'Key':'a','Value':'b'}]}")
        .refused(
            Wire.NOT_FOUND,
            "Requested resource not found: ResourceArn: " + Wire.ARN_PREFIX + "nope not found");
    wire.call("ListTagsOfResource", "{'ResourceArn':'tab1'}")
        .invalid("One or more parameter values were invalid: ARNs must start with 'arn:': tab1");
    wire.call("ListTagsOfResource", "{'ResourceArn':'arn:aws:s3:::bucket'}")
        .invalid(
            "One or more parameter values were invalid: Provided Arn is not a DynamoDB resource"
                + " arn: arn:aws:s3:::bucket");
    wire.call("ListTagsOfResource", "{'ResourceArn':'" + ARN + "/index/byA'}")
        .invalid(
            "One or more parameter values were invalid: Invalid resource arn provided, only table"
                + " or stream is accepted. Provided resource arn: "
                + ARN
                + "/index/byA");
    String otherRegion = "arn:aws:dynamodb:eu-west-1:000000000000:table/tab1";
    wire.call("ListTagsOfResource", "{'ResourceArn':'" + otherRegion + "'}")
        .invalid("Invalid TableArn: Invalid ResourceArn provided as input " + otherRegion);
    String otherAccount = "arn:aws:dynamodb:us-east-1:123456789012:table/tab1";
    Map<String, String> bodies =
        Map.of(
            "TagResource", ",'Tags':[{'Key':'a','Value':'b'}]",
            "UntagResource", ",'TagKeys':['a']",
            "ListTagsOfResource", "");
    bodies.forEach(
        (op, rest) -> {
          Wire.Answer denied = wire.call(op, "{'ResourceArn':'" + otherAccount + "'" + rest + "}");
          assertThat(denied.status()).isEqualTo(400);
          assertThat(denied.body().get("__type"))
              .isEqualTo("com.amazon.coral.service#AccessDeniedException");
          assertThat((String) denied.body().get("message"))
              .contains(
                  "is not authorized to perform: dynamodb:" + op + " on resource: " + otherAccount);
        });
    wire.call("TagResource", "{}")
        .invalid(
            "2 validation errors detected: Value null at 'resourceArn' failed to satisfy"
                + " constraint: Member must not be null; Value null at 'tags' failed to satisfy"
                + " constraint: Member must not be null");
  }
}

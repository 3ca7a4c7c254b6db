package dev.dynakit.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MarshallingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class RecordCodecTest {
  enum Status {
    OPEN,
    CLOSED
  }

  record Address(String city, int zip) {}

  record Customer(
      String id,
      int visits,
      long points,
      double score,
      BigDecimal balance,
      BigInteger big,
      boolean active,
      Status status,
      UUID ref,
      byte[] avatar,
      Address address,
      List<Address> previous,
      Set<String> tags,
      Map<String, Integer> counts,
      Optional<String> nickname,
      String note) {}

  record Node(String name, List<Node> children) {}

  record Stamped(String id, Instant at) {}

  record Strict(String id) {
    Strict {
      if (id.isEmpty()) {
        throw new IllegalArgumentException("id must not be empty");
      }
    }
  }

  private static Customer customer() {
    return new Customer(
        "c42",
        3,
        9_000_000_000L,
        0.5,
        new BigDecimal("12.30"),
        new BigInteger("123456789012345678901234567890"),
        true,
        Status.OPEN,
        UUID.fromString("00000000-0000-0000-0000-000000000001"),
        new byte[] {1, 2},
        new Address("Oslo", 150),
        List.of(new Address("Bergen", 5003)),
        Set.of("vip"),
        Map.of("logins", 7),
        Optional.of("cc"),
        null);
  }

  @Test
  void record_roundTripsThroughAttributeValues() {
    RecordCodec<Customer> codec = RecordCodec.of(Customer.class);
    Customer original = customer();
    Map<String, AttributeValue> item = codec.toItem(original);
    assertThat(item.get("visits")).isEqualTo(AttributeValue.fromN("3"));
    assertThat(item.get("status")).isEqualTo(AttributeValue.fromS("OPEN"));
    assertThat(item.get("address").m()).containsEntry("city", AttributeValue.fromS("Oslo"));
    assertThat(item.get("tags").ss()).containsExactly("vip");
    assertThat(item).doesNotContainKey("note");
    Customer back = codec.fromItem(item);
    assertThat(back).usingRecursiveComparison().isEqualTo(original);
  }

  @Test
  void absentAttributes_becomeNullOrEmpty() {
    Map<String, Object> item = new HashMap<>(RecordCodec.of(Customer.class).toMap(customer()));
    item.remove("nickname");
    item.remove("address");
    Customer back = RecordCodec.of(Customer.class).fromMap(item);
    assertThat(back.nickname()).isEmpty();
    assertThat(back.address()).isNull();
  }

  @Test
  void absentPrimitive_isRefused() {
    Map<String, Object> item = new HashMap<>(RecordCodec.of(Customer.class).toMap(customer()));
    item.remove("visits");
    assertThatThrownBy(() -> RecordCodec.of(Customer.class).fromMap(item))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Customer.visits")
        .hasMessageContaining("primitive int");
  }

  @Test
  void numbers_areConvertedExactly() {
    Map<String, Object> item = new HashMap<>(RecordCodec.of(Customer.class).toMap(customer()));
    item.put("visits", new BigDecimal("2.5"));
    assertThatThrownBy(() -> RecordCodec.of(Customer.class).fromMap(item))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Customer.visits");
    item.put("visits", new BigDecimal("3000000000"));
    assertThatThrownBy(() -> RecordCodec.of(Customer.class).fromMap(item))
        .isInstanceOf(MarshallingException.class);
  }

  @Test
  void wrongStoredType_namesTheComponent() {
    Map<String, Object> item = new HashMap<>(RecordCodec.of(Customer.class).toMap(customer()));
    item.put("status", "HALF");
    assertThatThrownBy(() -> RecordCodec.of(Customer.class).fromMap(item))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Customer.status")
        .hasMessageContaining("HALF");
  }

  @Test
  void recursiveRecords_work() {
    Node tree = new Node("root", List.of(new Node("leaf", List.of())));
    RecordCodec<Node> codec = RecordCodec.of(Node.class);
    assertThat(codec.fromItem(codec.toItem(tree))).isEqualTo(tree);
  }

  @Test
  void unsupportedComponent_isReportedWhenTheCodecIsMade() {
    assertThatThrownBy(() -> RecordCodec.of(Stamped.class))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Stamped.at")
        .hasMessageContaining("FieldCodec");
  }

  @Test
  void fieldAndTypeCodecs_applyToComponents() {
    Stamped value = new Stamped("s1", Instant.parse("2026-01-02T03:04:05.123Z"));
    RecordCodec<Stamped> byField =
        RecordCodec.builder(Stamped.class).field("at", FieldCodecs.instantEpochMillis()).build();
    assertThat(byField.toItem(value).get("at")).isEqualTo(AttributeValue.fromN("1767323045123"));
    assertThat(byField.fromItem(byField.toItem(value))).isEqualTo(value);
    RecordCodec<Stamped> byType =
        RecordCodec.builder(Stamped.class).codec(Instant.class, FieldCodecs.instantIso()).build();
    assertThat(byType.toMap(value)).containsEntry("at", "2026-01-02T03:04:05.123000000Z");
    assertThatThrownBy(() -> RecordCodec.builder(Stamped.class).field("nope", FieldCodecs.uri()))
        .isInstanceOf(MarshallingException.class);
  }

  @Test
  void compactConstructorRefusal_becomesMarshallingException() {
    assertThatThrownBy(() -> RecordCodec.of(Strict.class).fromMap(Map.of("id", "")))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("id must not be empty");
  }

  @Test
  void recordsInsidePlainItems_areMaps() {
    Map<String, AttributeValue> item =
        Marshalling.toItem(
            Map.of("home", new Address("Oslo", 150), "site", URI.create("x:y").toString()));
    assertThat(item.get("home").m()).containsEntry("zip", AttributeValue.fromN("150"));
  }

  @Test
  void binaryComponents_readAsTheirDeclaredType() {
    record Blob(SdkBytes bytes, java.nio.ByteBuffer buffer) {}
    Blob blob =
        new Blob(SdkBytes.fromByteArray(new byte[] {9}), java.nio.ByteBuffer.wrap(new byte[] {8}));
    Blob back = RecordCodec.of(Blob.class).fromItem(RecordCodec.of(Blob.class).toItem(blob));
    assertThat(back.bytes()).isEqualTo(blob.bytes());
    assertThat(back.buffer()).isEqualTo(java.nio.ByteBuffer.wrap(new byte[] {8}));
  }
}

package dev.dynakit.core.provision;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The descriptor row: a snapshot of the declaration stored in the table under the declared {@code
 * descriptorKey}, so that changes DescribeTable cannot see (searchable fields, type labels,
 * filters, codecs, …) are detected. The row's key is the descriptor key as the partition key and,
 * on a table with a structural key, as the sort key too (the reference toolkit's layout).
 *
 * <p>The snapshot is the declaration's JSON ({@link TableSpec#toJson()}) in a canonical form:
 * object members sorted by name and INCLUDE projection lists sorted, so that a reordering that
 * means nothing is not a change. Its SHA-256 is stored beside it for a cheap comparison.
 */
final class Descriptor {
  /** The attribute holding the canonical declaration JSON. */
  static final String DECLARATION = "__dynakit_descriptor__";

  /** The attribute holding the SHA-256 (hex) of the canonical declaration JSON. */
  static final String HASH = "__dynakit_descriptor_sha256__";

  /** The attribute holding the snapshot format version. */
  static final String VERSION = "__dynakit_descriptor_version__";

  static final int FORMAT_VERSION = 1;

  private static final ObjectMapper CANONICAL =
      new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  private static final TypeReference<Map<String, Object>> TREE = new TypeReference<>() {};

  private Descriptor() {}

  /**
   * The descriptor row's key.
   *
   * @throws ProvisioningException when the descriptor key cannot be a value of the partition key's
   *     type (a number partition key needs a numeric descriptor key)
   */
  static Map<String, AttributeValue> key(TableSpec spec) {
    String value = Objects.requireNonNull(spec.descriptorKey(), "descriptorKey");
    KeyField pk = spec.partitionKey();
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    switch (pk.type()) {
      case STRING -> key.put(pk.name(), AttributeValue.fromS(value));
      case NUMBER -> key.put(pk.name(), AttributeValue.fromN(number(spec, value)));
      case BINARY -> key.put(pk.name(), AttributeValue.fromB(SdkBytes.fromUtf8String(value)));
    }
    StructuralKey sk = spec.structuralKey();
    if (sk != null) {
      key.put(sk.name(), AttributeValue.fromS(value));
    }
    return key;
  }

  private static String number(TableSpec spec, String value) {
    try {
      return new BigDecimal(value).toPlainString();
    } catch (NumberFormatException e) {
      throw new ProvisioningException(
          "descriptorKey '"
              + value
              + "' of table '"
              + spec.tableName()
              + "' is not a number, but the partition key '"
              + spec.partitionKey().name()
              + "' is a number");
    }
  }

  /** The declaration JSON in canonical form. */
  static String canonicalJson(TableSpec spec) {
    return write(canonicalTree(spec.toJson()));
  }

  static String sha256(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** The whole row to write. */
  static Map<String, AttributeValue> item(TableSpec spec) {
    String json = canonicalJson(spec);
    Map<String, AttributeValue> item = new LinkedHashMap<>(key(spec));
    item.put(DECLARATION, AttributeValue.fromS(json));
    item.put(HASH, AttributeValue.fromS(sha256(json)));
    item.put(VERSION, AttributeValue.fromN(Integer.toString(FORMAT_VERSION)));
    return item;
  }

  /** Whether the stored row holds this declaration. */
  static boolean current(TableSpec spec, @Nullable Map<String, AttributeValue> stored) {
    if (stored == null) {
      return false;
    }
    AttributeValue hash = stored.get(HASH);
    return hash != null && sha256(canonicalJson(spec)).equals(hash.s());
  }

  /**
   * What differs between the declaration and the stored snapshot: one difference per top-level
   * option, and per index under {@code indices}; {@code descriptor} alone when the row is absent or
   * unreadable.
   */
  static List<Difference> compare(TableSpec spec, @Nullable Map<String, AttributeValue> stored) {
    if (stored == null) {
      return List.of(Difference.warning("descriptor", "present", "absent"));
    }
    if (current(spec, stored)) {
      return List.of();
    }
    AttributeValue json = stored.get(DECLARATION);
    Map<String, Object> actual = json == null || json.s() == null ? null : parse(json.s());
    if (actual == null) {
      return List.of(
          Difference.warning(
              "descriptor", "a declaration snapshot", "unreadable (no " + DECLARATION + ")"));
    }
    Map<String, Object> expected = canonicalTree(spec.toJson());
    List<Difference> differences = new ArrayList<>();
    for (String option : new TreeSet<>(union(expected, actual))) {
      Object want = expected.get(option);
      Object have = actual.get(option);
      if ("indices".equals(option) && want instanceof Map && have instanceof Map) {
        Map<String, Object> wantIndices = cast(want);
        Map<String, Object> haveIndices = cast(have);
        for (String index : new TreeSet<>(union(wantIndices, haveIndices))) {
          diff(
              differences,
              "descriptor.indices." + index,
              wantIndices.get(index),
              haveIndices.get(index));
        }
      } else {
        diff(differences, "descriptor." + option, want, have);
      }
    }
    if (differences.isEmpty()) {
      // same content, stale or foreign hash: rewriting it settles the difference
      differences.add(Difference.warning("descriptor." + HASH, "current", "stale"));
    }
    return differences;
  }

  private static void diff(
      List<Difference> differences, String path, @Nullable Object want, @Nullable Object have) {
    if (!Objects.equals(want, have)) {
      differences.add(Difference.warning(path, text(want), text(have)));
    }
  }

  private static String text(@Nullable Object value) {
    return value == null ? "absent" : write(value);
  }

  private static TreeSet<String> union(Map<String, Object> a, Map<String, Object> b) {
    TreeSet<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    return keys;
  }

  private static Map<String, Object> canonicalTree(String json) {
    Map<String, Object> tree = Objects.requireNonNull(parse(json), "a declaration is an object");
    Object indices = tree.get("indices");
    if (indices instanceof Map) {
      for (Object index : cast(indices).values()) {
        if (index instanceof Map) {
          Map<String, Object> shape = cast(index);
          Object projection = shape.get("projection");
          if (projection instanceof List) {
            List<Object> sorted = new ArrayList<>((List<?>) projection);
            sorted.sort((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
            shape.put("projection", sorted);
          }
        }
      }
    }
    return tree;
  }

  private static @Nullable Map<String, Object> parse(String json) {
    try {
      return CANONICAL.readValue(json, TREE);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static String write(Object tree) {
    try {
      return CANONICAL.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree is always writable", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object map) {
    return (Map<String, Object>) map;
  }
}

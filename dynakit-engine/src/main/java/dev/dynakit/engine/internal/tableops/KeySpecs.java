package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.IndexSpec;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeyElement;
import dev.dynakit.engine.internal.table.Throughput;
import dev.dynakit.engine.internal.table.Violations;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the key-related members of CreateTable and UpdateTable requests (KeySchema,
 * AttributeDefinitions, secondary-index declarations), recording shape violations as DynamoDB's
 * request model defines them. Semantic rules live in {@link KeyRules} and {@link IndexRules}.
 */
final class KeySpecs {
  static final List<String> KEY_TYPES = List.of("HASH", "RANGE");
  static final List<String> ATTRIBUTE_TYPES = List.of("B", "N", "S");
  static final List<String> PROJECTION_TYPES = List.of("ALL", "INCLUDE", "KEYS_ONLY");

  /** At most this many NonKeyAttributes in one index's projection. */
  static final int MAX_NON_KEY_ATTRIBUTES_PER_INDEX = 20;

  private KeySpecs() {}

  /** AttributeDefinitions, or null when absent; {@code required} records a null violation. */
  static List<KeyAttr> definitions(Request req, boolean required, Violations v) {
    String path = "attributeDefinitions";
    if (!req.has("AttributeDefinitions")) {
      if (required) {
        v.notNull(path, null);
      }
      return null;
    }
    List<Request> raw = req.objects("AttributeDefinitions");
    List<KeyAttr> out = new ArrayList<>(raw.size());
    for (int i = 0; i < raw.size(); i++) {
      Request d = raw.get(i);
      String at = Violations.element(path, i);
      String name = d.string("AttributeName");
      String type = d.string("AttributeType");
      v.notNull(Violations.path(at, "AttributeName"), name);
      v.byteLength(Violations.path(at, "AttributeName"), name, 1, 255);
      v.notNull(Violations.path(at, "AttributeType"), type);
      v.oneOf(Violations.path(at, "AttributeType"), type, ATTRIBUTE_TYPES);
      out.add(new KeyAttr(name, type));
    }
    return out;
  }

  /**
   * The KeySchema member {@code member} of {@code req} (required), with its size bounds; null when
   * absent.
   */
  static List<KeyElement> keySchema(
      Request req, String member, String path, int maxSize, Violations v) {
    if (!req.has(member)) {
      v.notNull(path, null);
      return null;
    }
    List<Request> raw = req.objects(member);
    // echoed in the service model's form: KeySchemaElement(attributeName=pk, keyType=HASH)
    List<String> shown = new ArrayList<>(raw.size());
    for (Request e : raw) {
      shown.add(
          "KeySchemaElement(attributeName="
              + e.string("AttributeName")
              + ", keyType="
              + e.string("KeyType")
              + ")");
    }
    v.size(path, shown, 1, maxSize);
    List<KeyElement> out = new ArrayList<>(raw.size());
    for (int i = 0; i < raw.size(); i++) {
      Request e = raw.get(i);
      String at = Violations.element(path, i);
      String name = e.string("AttributeName");
      String type = e.string("KeyType");
      v.notNull(Violations.path(at, "AttributeName"), name);
      v.byteLength(Violations.path(at, "AttributeName"), name, 1, 255);
      v.notNull(Violations.path(at, "KeyType"), type);
      v.oneOf(Violations.path(at, "KeyType"), type, KEY_TYPES);
      out.add(new KeyElement(name, type));
    }
    return out;
  }

  /**
   * One secondary index declaration at {@code path} (a GSI when {@code global}). LSI key schemas
   * have at most two elements; a GSI's may have up to four HASH and four RANGE elements, checked by
   * {@link IndexRules}.
   */
  static IndexSpec index(Request index, String path, boolean global, Violations v) {
    String name = index.string("IndexName");
    v.notNull(Violations.path(path, "IndexName"), name);
    v.name(Violations.path(path, "IndexName"), name);
    List<KeyElement> key =
        keySchema(index, "KeySchema", Violations.path(path, "KeySchema"), global ? 8 : 2, v);
    String projectionType = null;
    List<String> nonKey = null;
    Request projection = index.object("Projection");
    String projectionPath = Violations.path(path, "Projection");
    if (v.notNull(projectionPath, projection)) {
      projectionType = projection.string("ProjectionType");
      v.oneOf(Violations.path(projectionPath, "ProjectionType"), projectionType, PROJECTION_TYPES);
      nonKey = projection.strings("NonKeyAttributes");
      String nonKeyPath = Violations.path(projectionPath, "NonKeyAttributes");
      v.size(nonKeyPath, nonKey, 1, MAX_NON_KEY_ATTRIBUTES_PER_INDEX);
      if (nonKey != null) {
        for (int i = 0; i < nonKey.size(); i++) {
          v.byteLength(nonKeyPath + "." + (i + 1) + ".member", nonKey.get(i), 1, 255);
        }
      }
    }
    Throughput throughput =
        global
            ? ThroughputSpecs.read(
                index, "ProvisionedThroughput", Violations.path(path, "ProvisionedThroughput"), v)
            : null;
    return new IndexSpec(name, key, projectionType, nonKey, throughput);
  }
}

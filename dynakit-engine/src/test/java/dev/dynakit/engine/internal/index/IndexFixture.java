package dev.dynakit.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.keys.DecodedKey;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An engine driven with JSON requests (single quotes allowed), whose index entries the tests read
 * straight from the store, decoding the keys with {@link KeyCodec}.
 */
final class IndexFixture implements AutoCloseable {
  /**
   * A table {@code idx} (pk S, sk S) with GSIs of every projection, a multi-attribute GSI, an LSI.
   */
  static final String TABLE =
      "{'TableName':'idx','BillingMode':'PAY_PER_REQUEST',"
          + "'AttributeDefinitions':["
          + def("pk", "S")
          + ","
          + def("sk", "S")
          + ","
          + def("g", "S")
          + ","
          + def("gs", "N")
          + ","
          + def("m1", "S")
          + ","
          + def("m2", "N")
          + ","
          + def("m3", "S")
          + ","
          + def("m4", "B")
          + ","
          + def("l", "S")
          + "],"
          + "'KeySchema':["
          + key("pk", "HASH")
          + ","
          + key("sk", "RANGE")
          + "],"
          + "'GlobalSecondaryIndexes':["
          + index("gAll", key("g", "HASH") + "," + key("gs", "RANGE"), "{'ProjectionType':'ALL'}")
          + ","
          + index("gKeys", key("g", "HASH"), "{'ProjectionType':'KEYS_ONLY'}")
          + ","
          + index(
              "gInc", key("g", "HASH"), "{'ProjectionType':'INCLUDE','NonKeyAttributes':['x','y']}")
          + ","
          + index(
              "gMulti",
              key("m1", "HASH")
                  + ","
                  + key("m2", "HASH")
                  + ","
                  + key("m3", "RANGE")
                  + ","
                  + key("m4", "RANGE"),
              "{'ProjectionType':'KEYS_ONLY'}")
          + "],"
          + "'LocalSecondaryIndexes':["
          + index("lsi", key("pk", "HASH") + "," + key("l", "RANGE"), "{'ProjectionType':'ALL'}")
          + "]}";

  final DynakitEngine engine = DynakitEngine.inMemory();

  static String def(String name, String type) {
    return "{'AttributeName':'" + name + "','AttributeType':'" + type + "'}";
  }

  static String key(String name, String type) {
    return "{'AttributeName':'" + name + "','KeyType':'" + type + "'}";
  }

  static String index(String name, String keySchema, String projection) {
    return "{'IndexName':'"
        + name
        + "','KeySchema':["
        + keySchema
        + "],'Projection':"
        + projection
        + "}";
  }

  /** One answer: the status and the parsed body. */
  record Answer(int status, Map<String, Object> body) {
    Answer ok() {
      assertThat(status).as(body.toString()).isEqualTo(200);
      return this;
    }

    Answer refused(String typeSuffix, String message) {
      assertThat(status).as(body.toString()).isEqualTo(400);
      assertThat((String) body.get("__type")).endsWith("#" + typeSuffix);
      assertThat(body.get("message")).isEqualTo(message);
      return this;
    }

    /** A member of the body, its numbers as doubles (the JSON parser reads them as decimals). */
    @SuppressWarnings("unchecked")
    Map<String, Object> map(String member) {
      return (Map<String, Object>) doubles(body.get(member));
    }
  }

  private static Object doubles(Object tree) {
    if (tree instanceof java.math.BigDecimal d) {
      return d.doubleValue();
    }
    if (tree instanceof Map<?, ?> m) {
      Map<Object, Object> out = new java.util.LinkedHashMap<>();
      m.forEach((k, v) -> out.put(k, doubles(v)));
      return out;
    }
    if (tree instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(v -> out.add(doubles(v)));
      return out;
    }
    return tree;
  }

  Answer call(String operation, String json) {
    EngineResponse r =
        engine.handle(
            DynakitEngine.TARGET_PREFIX + operation,
            json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    return new Answer(r.status(), Json.parseObject(r.body()));
  }

  void createIndexedTable() {
    call("CreateTable", TABLE).ok();
  }

  Answer put(String tableName, String item) {
    return call("PutItem", "{'TableName':'" + tableName + "','Item':" + item + "}");
  }

  /** An item from wire JSON (single quotes allowed). */
  static Map<String, AttrValue> item(String json) {
    return WireValues.item(
        Json.parseObject(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
  }

  EngineState state() {
    return EngineAccess.state(engine);
  }

  Table table(String name) {
    return state().catalog().require(name);
  }

  /** One stored index entry, its key decoded. */
  record Entry(DecodedKey key, Map<String, AttrValue> value) {}

  /** The entries of an index, in key order. */
  List<Entry> entries(String tableName, String indexName) {
    Table table = table(tableName);
    return entries(table, table.indexStoreNo(indexName), table.def().index(indexName));
  }

  List<Entry> entries(Table table, int indexNo, IndexDef index) {
    byte[][] range = KeyCodec.indexRange(table.storeId(), indexNo);
    List<String> baseTypes = types(table.def().key().all());
    List<Entry> out = new ArrayList<>();
    try (StoreCursor c = state().store().scan(range[0], range[1], false)) {
      while (c.hasNext()) {
        StoreEntry e = c.next();
        DecodedKey k =
            KeyCodec.decode(
                e.key(), types(index.key().hash()), types(index.key().range()), baseTypes);
        out.add(new Entry(k, ItemCodec.decode(e.value())));
      }
    }
    return out;
  }

  /** How many keys the index's storage range holds, whatever they decode to. */
  int rawCount(Table table, int indexNo) {
    byte[][] range = KeyCodec.indexRange(table.storeId(), indexNo);
    int n = 0;
    try (StoreCursor c = state().store().scan(range[0], range[1], false)) {
      while (c.hasNext()) {
        c.next();
        n++;
      }
    }
    return n;
  }

  private static List<String> types(List<KeyAttr> attrs) {
    List<String> types = new ArrayList<>();
    for (KeyAttr a : attrs) {
      types.add(a.type());
    }
    return types;
  }

  @Override
  public void close() {
    engine.close();
  }
}

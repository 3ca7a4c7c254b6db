package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.internal.protocol.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A table's lasting state as the JSON document the catalog stores: its declaration (keys, indices
 * with their status, billing, stream, class, protection), status and store id, tags, time-to-live
 * setting, stream label, SSE, capacity settings, throughput histories and index storage numbers.
 * Item counts and sizes are not in it: they follow every write, and are counted again from the
 * store when the catalog is loaded.
 */
final class TableRecord {
  private TableRecord() {}

  static byte[] write(Table t) {
    // every index gets its storage number now, so that the record names the number its entries
    // are written under before any is
    for (IndexDef i : t.def().globalIndexes()) {
      t.indexStoreNo(i.name());
    }
    for (IndexDef i : t.def().localIndexes()) {
      t.indexStoreNo(i.name());
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("def", def(t.def()));
    m.put("status", t.status());
    m.put("storeId", t.storeId());
    m.put("tags", new LinkedHashMap<>(t.tags()));
    putIfSet(m, "ttlAttribute", t.ttlAttribute());
    m.put("ttlEnabled", t.ttlEnabled());
    putIfSet(m, "ttlChangedAt", text(t.ttlChangedAt()));
    putIfSet(m, "tableClassUpdatedAt", text(t.tableClassUpdatedAt()));
    putIfSet(m, "streamLabel", t.streamLabel());
    putIfSet(m, "lastUpdateToPayPerRequest", text(t.lastUpdateToPayPerRequest()));
    putIfSet(m, "sse", t.sseSpecification());
    m.put("capacity", new LinkedHashMap<>(t.capacity()));
    m.put("indexes", t.indexRecords());
    m.put("throughputHistory", t.throughputHistory().state());
    return Json.write(m);
  }

  @SuppressWarnings("unchecked")
  static Table read(byte[] bytes) {
    Map<String, Object> m = Json.parseObject(bytes);
    Table t =
        new Table(
            def((Map<String, Object>) m.get("def")),
            ((Number) m.get("storeId")).longValue(),
            (String) m.get("status"));
    ((Map<String, Object>) m.get("tags")).forEach((k, v) -> t.tags().put(k, (String) v));
    Instant ttlChangedAt = instant(m.get("ttlChangedAt"));
    if (m.get("ttlAttribute") != null || ttlChangedAt != null) {
      t.ttl((String) m.get("ttlAttribute"), Boolean.TRUE.equals(m.get("ttlEnabled")), ttlChangedAt);
    }
    Instant classAt = instant(m.get("tableClassUpdatedAt"));
    if (classAt != null) {
      t.tableClassUpdatedAt(classAt);
    }
    t.streamLabel((String) m.get("streamLabel"));
    t.lastUpdateToPayPerRequest(instant(m.get("lastUpdateToPayPerRequest")));
    t.sseSpecification((Map<String, Object>) m.get("sse"));
    ((Map<String, Object>) m.get("capacity"))
        .forEach((k, v) -> t.capacity().put(k, (Map<String, Object>) v));
    t.restoreIndexRecords((Map<String, Object>) m.get("indexes"));
    t.throughputHistory().restore((Map<String, Object>) m.get("throughputHistory"));
    return t;
  }

  private static Map<String, Object> def(TableDef d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", d.name());
    m.put("arn", d.arn());
    m.put("tableId", d.tableId());
    m.put("createdAt", d.createdAt().toString());
    m.put("attributes", attrs(d.attributeDefinitions()));
    m.put("key", key(d.key()));
    m.put("gsis", indexes(d.globalIndexes()));
    m.put("lsis", indexes(d.localIndexes()));
    m.put("billingMode", d.billingMode());
    m.put("throughput", throughput(d.throughput()));
    putIfSet(m, "stream", d.streamSpecification());
    m.put("tableClass", d.tableClass());
    m.put("deletionProtection", d.deletionProtection());
    return m;
  }

  @SuppressWarnings("unchecked")
  private static TableDef def(Map<String, Object> m) {
    return new TableDef(
        (String) m.get("name"),
        (String) m.get("arn"),
        (String) m.get("tableId"),
        Instant.parse((String) m.get("createdAt")),
        attrs(m.get("attributes")),
        key((Map<String, Object>) m.get("key")),
        indexes(m.get("gsis")),
        indexes(m.get("lsis")),
        (String) m.get("billingMode"),
        throughput(m.get("throughput")),
        (Map<String, Object>) m.get("stream"),
        (String) m.get("tableClass"),
        Boolean.TRUE.equals(m.get("deletionProtection")));
  }

  private static List<Object> indexes(List<IndexDef> indexes) {
    List<Object> out = new ArrayList<>();
    for (IndexDef i : indexes) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", i.name());
      m.put("global", i.global());
      m.put("key", key(i.key()));
      m.put("projectionType", i.projectionType());
      m.put("nonKeyAttributes", new ArrayList<Object>(i.nonKeyAttributes()));
      m.put("throughput", throughput(i.throughput()));
      m.put("status", i.status());
      m.put("backfilling", i.backfilling());
      m.put("arn", i.arn());
      m.put("createdAt", i.createdAt().toString());
      out.add(m);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<IndexDef> indexes(Object tree) {
    List<IndexDef> out = new ArrayList<>();
    for (Object o : (List<Object>) tree) {
      Map<String, Object> m = (Map<String, Object>) o;
      List<String> nonKey = new ArrayList<>();
      for (Object a : (List<Object>) m.get("nonKeyAttributes")) {
        nonKey.add((String) a);
      }
      out.add(
          new IndexDef(
              (String) m.get("name"),
              Boolean.TRUE.equals(m.get("global")),
              key((Map<String, Object>) m.get("key")),
              (String) m.get("projectionType"),
              nonKey,
              throughput(m.get("throughput")),
              (String) m.get("status"),
              Boolean.TRUE.equals(m.get("backfilling")),
              (String) m.get("arn"),
              Instant.parse((String) m.get("createdAt"))));
    }
    return out;
  }

  private static Map<String, Object> key(KeySchema k) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hash", attrs(k.hash()));
    m.put("range", attrs(k.range()));
    return m;
  }

  private static KeySchema key(Map<String, Object> m) {
    return new KeySchema(attrs(m.get("hash")), attrs(m.get("range")));
  }

  private static List<Object> attrs(List<KeyAttr> attrs) {
    List<Object> out = new ArrayList<>();
    for (KeyAttr a : attrs) {
      out.add(List.of(a.name(), a.type()));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<KeyAttr> attrs(Object tree) {
    List<KeyAttr> out = new ArrayList<>();
    for (Object o : (List<Object>) tree) {
      List<Object> pair = (List<Object>) o;
      out.add(new KeyAttr((String) pair.get(0), (String) pair.get(1)));
    }
    return out;
  }

  private static List<Object> throughput(Throughput t) {
    return List.of(t.readCapacityUnits(), t.writeCapacityUnits());
  }

  @SuppressWarnings("unchecked")
  private static Throughput throughput(Object tree) {
    List<Object> pair = (List<Object>) tree;
    return new Throughput(((Number) pair.get(0)).longValue(), ((Number) pair.get(1)).longValue());
  }

  static @Nullable String text(@Nullable Instant at) {
    return at == null ? null : at.toString();
  }

  static @Nullable Instant instant(@Nullable Object text) {
    return text == null ? null : Instant.parse((String) text);
  }

  private static void putIfSet(Map<String, Object> m, String name, @Nullable Object value) {
    if (value != null) {
      m.put(name, value);
    }
  }
}

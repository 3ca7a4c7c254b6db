package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes response trees as JSON bytes, byte for byte as Jackson's {@code UTF8JsonGenerator} with
 * default settings writes them (the engine's earlier writer, which the tests compare against; see
 * {@link JsonOutput} for the escapes).
 *
 * <p>Items read from the store and not looked into ({@link ItemCodec#decodeLazily}) are written
 * straight from their encoded bytes: names and strings copied as UTF-8, numbers formatted from
 * their stored digits. One writer per thread is reused, so its buffer rarely grows.
 */
final class JsonWriter {
  /** A buffer that grew beyond this is dropped after the write rather than kept for reuse. */
  private static final int KEEP_BYTES = 1 << 18;

  private static final ThreadLocal<JsonWriter> REUSED = ThreadLocal.withInitial(JsonWriter::new);

  private final JsonOutput out = new JsonOutput();
  private final StoredItemJson storedItems = new StoredItemJson(out);
  private boolean busy;

  private JsonWriter() {}

  /** Writes a response tree (see {@link Json}). */
  static byte[] write(@Nullable Object tree) {
    JsonWriter w = REUSED.get();
    if (w.busy) {
      w = new JsonWriter();
    }
    w.busy = true;
    try {
      w.out.reset(KEEP_BYTES);
      w.value(tree);
      return w.out.toByteArray();
    } finally {
      w.busy = false;
    }
  }

  private void value(@Nullable Object v) {
    if (v instanceof String s) {
      out.string(s);
    } else if (v instanceof AttrValue av) {
      attr(av);
    } else if (v instanceof Map<?, ?> m) {
      map(m);
    } else if (v instanceof List<?> l) {
      out.startArray();
      for (int i = 0, n = l.size(); i < n; i++) {
        value(l.get(i));
      }
      out.endArray();
    } else if (v == null) {
      out.literal("null");
    } else if (v instanceof Boolean b) {
      out.literal(b ? "true" : "false");
    } else if (v instanceof Long || v instanceof Integer) {
      out.literal(Long.toString(((Number) v).longValue()));
    } else if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        out.string(d.toString());
      } else {
        out.literal(d.toString());
      }
    } else if (v instanceof BigDecimal d) {
      out.literal(d.toString());
    } else {
      throw new IllegalArgumentException("not a response tree value: " + v.getClass());
    }
  }

  @SuppressWarnings("unchecked")
  private void map(Map<?, ?> m) {
    byte[] stored = ItemCodec.pristineBytes((Map<String, AttrValue>) m);
    if (stored != null) {
      ItemCodec.visit(stored, storedItems);
      return;
    }
    out.startObject();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      out.name((String) e.getKey());
      value(e.getValue());
    }
    out.endObject();
  }

  private void attr(AttrValue av) {
    out.typedStart(av.typeName());
    if (av instanceof AttrValue.S s) {
      out.string(s.value());
    } else if (av instanceof AttrValue.N n) {
      out.asciiString(n.text());
    } else if (av instanceof AttrValue.B b) {
      out.base64(b.value());
    } else if (av instanceof AttrValue.Bool b) {
      out.literal(b.value() ? "true" : "false");
    } else if (av instanceof AttrValue.Null) {
      out.literal("true");
    } else if (av instanceof AttrValue.SS ss) {
      out.startArray();
      for (String s : ss.values()) {
        out.string(s);
      }
      out.endArray();
    } else if (av instanceof AttrValue.NS ns) {
      out.startArray();
      for (BigDecimal d : ns.values()) {
        out.asciiString(Numbers.toText(d));
      }
      out.endArray();
    } else if (av instanceof AttrValue.BS bs) {
      out.startArray();
      for (Binary b : bs.values()) {
        out.base64(b);
      }
      out.endArray();
    } else if (av instanceof AttrValue.L l) {
      out.startArray();
      for (AttrValue e : l.values()) {
        attr(e);
      }
      out.endArray();
    } else {
      out.startObject();
      for (Map.Entry<String, AttrValue> e : ((AttrValue.M) av).values().entrySet()) {
        out.name(e.getKey());
        attr(e.getValue());
      }
      out.endObject();
    }
    out.endObject();
  }
}

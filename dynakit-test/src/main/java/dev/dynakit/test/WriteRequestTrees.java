package dev.dynakit.test;

import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.protocol.SmallObject;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The trees of a BatchWriteItem's write requests, built in stages across all of them: first every
 * request's item, then every item's entries, then every value's object and text, and only then the
 * trees. The result is the one {@link RequestTrees} builds request by request.
 *
 * <p>Why: a batch's 25 requests, with their maps, entries, values and strings, are some 400 objects
 * that a caller who built them a while ago no longer has in cache. Converting one request after the
 * other waits for those misses one chain at a time; a stage that touches one object of each of the
 * 25 chains lets the processor wait for all 25 at once.
 */
final class WriteRequestTrees {
  private WriteRequestTrees() {}

  /**
   * The write requests' trees, or null when one of them is not a single put or delete (null, both
   * or neither): {@link RequestTrees} then converts them one by one, as it does any list.
   */
  static @Nullable List<Object> of(List<?> requests, boolean ready) {
    int n = requests.size();
    Object[] writes = requests.toArray();
    // stage 1: each request's put or delete, then its one map (a put's item or a delete's key)
    Object[] actions = new Object[n];
    boolean[] puts = new boolean[n];
    for (int i = 0; i < n; i++) {
      if (!(writes[i] instanceof WriteRequest write)) {
        return null;
      }
      PutRequest put = write.putRequest();
      DeleteRequest delete = write.deleteRequest();
      if ((put == null) == (delete == null)) {
        return null;
      }
      puts[i] = put != null;
      actions[i] = put != null ? put : delete;
    }
    Map<?, ?>[] maps = new Map<?, ?>[n];
    for (int i = 0; i < n; i++) {
      maps[i] = puts[i] ? ((PutRequest) actions[i]).item() : ((DeleteRequest) actions[i]).key();
    }
    // stage 2: each map's size, which reads the map itself
    int[] starts = new int[n + 1];
    for (int i = 0; i < n; i++) {
      starts[i + 1] = starts[i] + maps[i].size();
    }
    Entries entries = walk(maps, starts);
    if (entries == null) {
      return null;
    }
    // stage 4: every value's own object (its type and text), then the text itself
    Object[] values = entries.values();
    String[] texts = new String[values.length];
    for (int k = 0; k < values.length; k++) {
      if (values[k] instanceof AttributeValue value) {
        texts[k] = text(value);
      }
    }
    // the sum keeps these reads from being optimized away; were it ever negative (an overflow),
    // the requests would just go the generic way
    int textLengths = 0;
    for (String text : texts) {
      if (text != null) {
        textLengths += text.length();
      }
    }
    // stage 5: the trees, from objects now in cache
    List<Object> trees = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Object item = itemTree(maps[i], entries, texts, starts[i], starts[i + 1], ready);
      SmallObject member = new SmallObject(1);
      if (item != RequestTrees.SKIP) {
        member.append(puts[i] ? "Item" : "Key", item);
      }
      SmallObject tree = new SmallObject(1);
      tree.append(puts[i] ? "PutRequest" : "DeleteRequest", member);
      trees.add(tree);
    }
    return textLengths < 0 ? null : trees;
  }

  /** The names and values of every map's entries, map after map. */
  private record Entries(Object[] names, Object[] values) {}

  /**
   * Stage 3: every map's entries, one entry of each map in turn, so that the walks along the maps'
   * entry chains overlap; null when a map yields more or fewer entries than its size.
   */
  private static @Nullable Entries walk(Map<?, ?>[] maps, int[] starts) {
    int n = maps.length;
    int total = starts[n];
    Object[] names = new Object[total];
    Object[] values = new Object[total];
    @SuppressWarnings("unchecked")
    Iterator<? extends Map.Entry<?, ?>>[] cursors = new Iterator[n];
    int[] next = new int[n];
    for (int i = 0; i < n; i++) {
      cursors[i] = maps[i].entrySet().iterator();
      next[i] = starts[i];
    }
    boolean more = true;
    while (more) {
      more = false;
      for (int i = 0; i < n; i++) {
        if (next[i] < starts[i + 1] && cursors[i].hasNext()) {
          Map.Entry<?, ?> entry = cursors[i].next();
          names[next[i]] = entry.getKey();
          values[next[i]] = entry.getValue();
          next[i]++;
          more = true;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (next[i] != starts[i + 1] || cursors[i].hasNext()) {
        return null;
      }
    }
    return new Entries(names, values);
  }

  /** The text of a string or number value, null for other values. */
  private static @Nullable String text(AttributeValue value) {
    AttributeValue.Type type = value.type();
    return type == AttributeValue.Type.S
        ? value.s()
        : type == AttributeValue.Type.N ? value.n() : null;
  }

  /** One map's tree, as {@link RequestTrees} builds an item or a key. */
  private static Object itemTree(
      Map<?, ?> map, Entries entries, String[] texts, int from, int to, boolean ready) {
    if (from == to && map instanceof SdkAutoConstructMap) {
      return RequestTrees.SKIP;
    }
    Object[] names = entries.names();
    Object[] values = entries.values();
    if (to - from <= Json.SMALL_MEMBERS) {
      SmallObject small = new SmallObject(to - from);
      for (int k = from; k < to; k++) {
        // the marshaller leaves out an entry whose value is null; a map's keys are distinct
        if (values[k] != null) {
          small.append((String) names[k], value(values[k], texts[k], ready));
        }
      }
      return small;
    }
    Map<String, Object> large = new LinkedHashMap<>(RequestTrees.mapCapacity(to - from));
    for (int k = from; k < to; k++) {
      if (values[k] != null) {
        large.put((String) names[k], value(values[k], texts[k], ready));
      }
    }
    return large;
  }

  /** A value's tree, as {@link RequestTrees#attributeValue} builds it, from its text if read. */
  private static Object value(Object value, @Nullable String text, boolean ready) {
    AttributeValue attributeValue = (AttributeValue) value;
    if (ready && text != null) {
      return attributeValue.type() == AttributeValue.Type.S
          ? new AttrValue.S(text)
          : RequestTrees.number(text);
    }
    return RequestTrees.attributeValue(attributeValue, ready);
  }
}

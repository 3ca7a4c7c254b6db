package dev.dynakit.core.entity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynakit.core.InvalidCursorException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * One shard's side of a merged read: items fetched but not yet taken, where the next fetch starts,
 * and the position of the last item taken (what a cursor records: buffered items that were not
 * taken are read again by the next page).
 */
final class ShardCursor {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String START = "start";
  private static final String DONE = "done";

  private final int index;
  private final Deque<Map<String, AttributeValue>> buffer = new ArrayDeque<>();
  private @Nullable Map<String, AttributeValue> startKey;
  private @Nullable Map<String, AttributeValue> position;
  private boolean exhausted;

  private ShardCursor(int index) {
    this.index = index;
  }

  /** A shard's cursor from its note in a page cursor (null or "start": from the beginning). */
  static ShardCursor from(int index, @Nullable String note) {
    ShardCursor shard = new ShardCursor(index);
    if (note == null || START.equals(note)) {
      return shard;
    }
    if (DONE.equals(note)) {
      shard.exhausted = true;
      return shard;
    }
    shard.position = parse(note);
    shard.startKey = shard.position;
    return shard;
  }

  int index() {
    return index;
  }

  @Nullable Map<String, AttributeValue> startKey() {
    return startKey;
  }

  boolean needsFetch() {
    return buffer.isEmpty() && !exhausted;
  }

  boolean hasNext() {
    return !buffer.isEmpty();
  }

  boolean finished() {
    return exhausted && buffer.isEmpty();
  }

  Map<String, AttributeValue> peek() {
    return buffer.getFirst();
  }

  void receive(QueryResponse response) {
    buffer.addAll(response.items());
    if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
      startKey = response.lastEvaluatedKey();
    } else {
      exhausted = true;
    }
  }

  /** Takes the next item; the shard's position moves to it. */
  Map<String, AttributeValue> take(List<String> positionAttributes) {
    Map<String, AttributeValue> item = buffer.removeFirst();
    Map<String, AttributeValue> at = new LinkedHashMap<>();
    for (String attribute : positionAttributes) {
      AttributeValue value = item.get(attribute);
      if (value != null) {
        at.put(attribute, value);
      }
    }
    position = at;
    return item;
  }

  /** What a page cursor records for this shard. */
  String note() {
    if (finished()) {
      return DONE;
    }
    if (position == null) {
      return START;
    }
    Map<String, String> text = new LinkedHashMap<>();
    position.forEach((name, value) -> text.put(name, value.s()));
    try {
      return JSON.writeValueAsString(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a key of strings is always writable", e);
    }
  }

  private static Map<String, AttributeValue> parse(String note) {
    Map<String, String> text;
    try {
      text = JSON.readValue(note, new TypeReference<Map<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new InvalidCursorException("the cursor's shard position is not readable");
    }
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    text.forEach((name, value) -> key.put(name, AttributeValue.fromS(value)));
    return key;
  }
}

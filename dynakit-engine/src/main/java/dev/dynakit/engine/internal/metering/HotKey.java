package dev.dynakit.engine.internal.metering;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One partition-key value of a table ({@code indexName} null) or GSI with what it consumed over a
 * statistics window.
 */
public record HotKey(@Nullable String indexName, List<AttrValue> partitionKey, KeyFigures figures) {
  public HotKey {
    partitionKey = List.copyOf(partitionKey);
  }
}

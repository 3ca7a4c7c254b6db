package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.index.WritePlan;
import dev.dynakit.engine.internal.metering.Access;
import dev.dynakit.engine.internal.metering.CapacityMeter;
import dev.dynakit.engine.internal.metering.Charge;
import dev.dynakit.engine.internal.metering.Resource;
import dev.dynakit.engine.internal.metering.Throttle;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.table.Throughput;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns item reads and writes into the meter's charges: a write's units (the larger of the item
 * before and after, in 1 KB units, doubled in a transaction, with its LSI units, which share the
 * table's throughput) go to the table on the item's partition key, each GSI entry written or
 * removed to that GSI on the entry's partition key (GSI back-pressure: a GSI over its capacity
 * throttles the base write).
 */
public final class CapacityCharges {
  private CapacityCharges() {}

  /**
   * Charges a read to the table ({@code index} null or an LSI) or GSI; throws the throttling error
   * when the meter refuses it. Does nothing when the engine does not meter.
   *
   * @param partitionKey the values of the read's partition-key attributes (of the index for a GSI)
   */
  public static void admitRead(
      ItemStore items,
      Table table,
      @Nullable IndexDef index,
      List<AttrValue> partitionKey,
      double units) {
    Throttle t = chargeRead(items, table, index, partitionKey, units);
    if (t != null) {
      throw t.exception();
    }
  }

  /**
   * As {@link #admitRead}, for a part of a batch: returns why the read was throttled, or null when
   * it was admitted (or the engine does not meter).
   */
  public static @Nullable Throttle chargeRead(
      ItemStore items,
      Table table,
      @Nullable IndexDef index,
      List<AttrValue> partitionKey,
      double units) {
    CapacityMeter meter = items.meter();
    if (meter == null) {
      return null;
    }
    IndexDef gsi = index != null && index.global() ? index : null;
    return meter.admit(
        Access.READ, List.of(new Charge(resource(table, gsi), partitionKey, units, 0)));
  }

  /** The values of the partition-key attributes of {@code key} in {@code item}. */
  public static List<AttrValue> partitionValues(List<KeyAttr> hash, Map<String, AttrValue> item) {
    if (hash.size() == 1) {
      AttrValue v = item.get(hash.get(0).name());
      return v == null ? List.of() : List.of(v);
    }
    List<AttrValue> out = new ArrayList<>(hash.size());
    for (KeyAttr k : hash) {
      AttrValue v = item.get(k.name());
      if (v != null) {
        out.add(v);
      }
    }
    return out;
  }

  /** The charges of one item write, its table units multiplied by {@code factor}. */
  static List<Charge> ofWrite(ItemWrite w, WritePlan plan, int factor) {
    Table table = w.table();
    long newSize = ItemStore.newItemSize(w);
    long oldSize = w.oldItem() == null ? 0 : ItemSize.itemSize(w.oldItem());
    List<Charge> charges = new ArrayList<>(2);
    double[] lsiUnits = {0};
    plan.forEachIndexWrite(
        (index, entry, units, sizeDelta) -> {
          if (index.global()) {
            charges.add(
                new Charge(
                    resource(table, index),
                    partitionValues(index.key().hash(), entry),
                    units,
                    sizeDelta));
          } else {
            lsiUnits[0] += units;
          }
        });
    double units = factor * Capacity.writeUnits(Math.max(newSize, oldSize)) + lsiUnits[0];
    charges.add(
        0,
        new Charge(
            resource(table, null),
            partitionValues(table.def().key().hash(), w.key().attributes()),
            units,
            newSize - oldSize));
    return charges;
  }

  /** The meter's view of a table ({@code gsi} null) or one of its GSIs, with its current limits. */
  static Resource resource(Table table, @Nullable IndexDef gsi) {
    TableDef def = table.def();
    boolean provisioned = "PROVISIONED".equals(def.billingMode());
    String indexName = gsi == null ? null : gsi.name();
    double read;
    double write;
    if (provisioned) {
      Throughput t = gsi == null ? def.throughput() : gsi.throughput();
      read = t.readCapacityUnits();
      write = t.writeCapacityUnits();
    } else {
      read = table.onDemandMaximum(indexName, "MaxReadRequestUnits");
      write = table.onDemandMaximum(indexName, "MaxWriteRequestUnits");
    }
    return new Resource(
        def.tableId(),
        def.name(),
        indexName,
        gsi == null ? def.arn() : gsi.arn(),
        provisioned,
        read,
        write,
        (gsi == null ? def.createdAt() : gsi.createdAt()).getEpochSecond());
  }
}

package dev.dynakit.engine.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.StoreOps.Apply;
import dev.dynakit.engine.storage.StoreOps.Change;
import dev.dynakit.engine.storage.StoreOps.Get;
import dev.dynakit.engine.storage.StoreOps.GetAll;
import dev.dynakit.engine.storage.StoreOps.Op;
import dev.dynakit.engine.storage.StoreOps.Scan;
import dev.dynakit.engine.storage.StoreOps.SnapshotClose;
import dev.dynakit.engine.storage.StoreOps.SnapshotOpen;
import dev.dynakit.engine.storage.StoreOps.SnapshotRead;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * The {@link OrderedStore} contract, checked against a model: random sequences of batches (puts and
 * deletes), point reads, range scans both ways with and without bounds, and snapshots read while
 * later batches change the store, each compared with a {@code TreeMap} ordered by unsigned bytes.
 * Every store extends this class (and {@link ConcurrentWritersContract}) with how to open one.
 */
public abstract class OrderedStoreContract {
  private OrderedStore store;

  /** A new, empty store of the kind under test. */
  protected abstract OrderedStore openStore() throws Exception;

  @BeforeTry
  void open() throws Exception {
    store = openStore();
  }

  @AfterTry
  void close() throws Exception {
    store.close();
    discardStore();
  }

  /** Removes what {@link #openStore} left behind once the store is closed (files, say). */
  protected void discardStore() throws Exception {}

  @Property(tries = 100)
  void everyRead_agreesWithTheModel(@ForAll("runs") List<Op> run) {
    NavigableMap<byte[], byte[]> model = newModel();
    List<Open> snapshots = new ArrayList<>();
    try {
      for (Op op : run) {
        step(op, model, snapshots);
      }
      assertThat(dump(store.scan(null, null, false))).isEqualTo(render(model));
    } finally {
      snapshots.forEach(s -> s.snapshot().close());
    }
  }

  @Example
  void aMarkTakenAfterABatch_isNotBelowOneTakenBefore_andBecomesDurable() throws Exception {
    long before = store.mark();
    store.apply(new WriteBatch().put(new byte[] {1}, new byte[] {1}));
    long after = store.mark();

    assertThat(after).isGreaterThanOrEqualTo(before);
    store.whenDurable(after).get(10, TimeUnit.SECONDS);
    assertThat(store.whenDurable(before)).isCompleted();
  }

  @Provide
  Arbitrary<List<Op>> runs() {
    return StoreOps.ops().list().ofMaxSize(60);
  }

  /** An open snapshot and the model as it was when the snapshot was taken. */
  private record Open(Snapshot snapshot, NavigableMap<byte[], byte[]> model) {}

  private void step(Op op, NavigableMap<byte[], byte[]> model, List<Open> snapshots) {
    if (op instanceof Apply a) {
      WriteBatch batch = new WriteBatch();
      for (Change c : a.changes()) {
        if (c.value() == null) {
          batch.delete(c.key());
          model.remove(c.key());
        } else {
          batch.put(c.key(), c.value());
          model.put(c.key(), c.value());
        }
      }
      store.apply(batch);
    } else if (op instanceof Get g) {
      assertThat(store.get(g.key())).as(hex(g.key())).isEqualTo(model.get(g.key()));
    } else if (op instanceof GetAll g) {
      byte[][] values = store.getAll(g.keys().toArray(new byte[0][]));
      assertThat(values.length).isEqualTo(g.keys().size());
      for (int i = 0; i < values.length; i++) {
        assertThat(values[i]).isEqualTo(model.get(g.keys().get(i)));
      }
    } else if (op instanceof Scan s) {
      assertThat(dump(store.scan(s.from(), s.to(), s.reverse())))
          .as("scan %s..%s %s", hex(s.from()), hex(s.to()), s.reverse() ? "down" : "up")
          .isEqualTo(render(range(model, s.from(), s.to(), s.reverse())));
    } else if (op instanceof SnapshotOpen) {
      snapshots.add(new Open(store.snapshot(), copy(model)));
    } else if (op instanceof SnapshotRead r) {
      if (!snapshots.isEmpty()) {
        Open open = snapshots.get(r.which() % snapshots.size());
        assertThat(dump(open.snapshot().scan(null, null, false))).isEqualTo(render(open.model()));
        assertThat(dump(open.snapshot().scan(r.from(), r.to(), r.reverse())))
            .isEqualTo(render(range(open.model(), r.from(), r.to(), r.reverse())));
        if (r.from() != null) {
          assertThat(open.snapshot().get(r.from())).isEqualTo(open.model().get(r.from()));
        }
      }
    } else if (op instanceof SnapshotClose c && !snapshots.isEmpty()) {
      snapshots.remove(c.which() % snapshots.size()).snapshot().close();
    }
  }

  static NavigableMap<byte[], byte[]> newModel() {
    return new TreeMap<>(Arrays::compareUnsigned);
  }

  private static NavigableMap<byte[], byte[]> copy(NavigableMap<byte[], byte[]> model) {
    NavigableMap<byte[], byte[]> copy = newModel();
    copy.putAll(model);
    return copy;
  }

  private static NavigableMap<byte[], byte[]> range(
      NavigableMap<byte[], byte[]> model, byte[] from, byte[] to, boolean reverse) {
    NavigableMap<byte[], byte[]> view = model;
    if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) {
      view = newModel();
    } else if (from != null && to != null) {
      view = model.subMap(from, true, to, false);
    } else if (from != null) {
      view = model.tailMap(from, true);
    } else if (to != null) {
      view = model.headMap(to, false);
    }
    return reverse ? view.descendingMap() : view;
  }

  /** The entries of a cursor as "key=value" lines, hex, in the cursor's order; closes it. */
  static List<String> dump(StoreCursor cursor) {
    List<String> out = new ArrayList<>();
    try (cursor) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        out.add(hex(e.key()) + "=" + hex(e.value()));
      }
    }
    return out;
  }

  static List<String> render(Map<byte[], byte[]> entries) {
    List<String> out = new ArrayList<>();
    entries.forEach((k, v) -> out.add(hex(k) + "=" + hex(v)));
    return out;
  }

  static String hex(byte[] bytes) {
    return bytes == null ? "-" : HexFormat.of().formatHex(bytes);
  }
}

package dev.dynakit.engine.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** A {@link SmallObject} behaves as a LinkedHashMap under any sequence of changes. */
class SmallObjectProperties {

  /**
   * One change: 0 put, 1 remove, 2 setValue through the entries, 3 remove through the iterator, 4
   * append (as put) when the name is absent.
   */
  record Op(int kind, String name, Object value) {}

  @Property(tries = 2000)
  void behavesAsALinkedHashMap(@ForAll("ops") List<Op> ops) {
    Map<String, Object> small = new SmallObject(1);
    Map<String, Object> model = new LinkedHashMap<>();
    for (Op op : ops) {
      switch (op.kind()) {
        case 0 ->
            assertThat(small.put(op.name(), op.value()))
                .isEqualTo(model.put(op.name(), op.value()));
        case 1 -> assertThat(small.remove(op.name())).isEqualTo(model.remove(op.name()));
        case 2 -> {
          setThroughEntries(small, op);
          setThroughEntries(model, op);
        }
        case 3 -> {
          removeThroughIterator(small, op.name());
          removeThroughIterator(model, op.name());
        }
        default -> {
          if (!model.containsKey(op.name())) {
            ((SmallObject) small).append(op.name(), op.value());
            model.put(op.name(), op.value());
          }
        }
      }
      assertThat(small).isEqualTo(model);
      assertThat(model).isEqualTo(small);
      assertThat(small.hashCode()).isEqualTo(model.hashCode());
      assertThat(small.toString()).isEqualTo(model.toString());
      assertThat(new ArrayList<>(small.keySet())).isEqualTo(new ArrayList<>(model.keySet()));
      assertThat(new ArrayList<>(small.values())).isEqualTo(new ArrayList<>(model.values()));
      assertThat(walked(small)).isEqualTo(walked(model));
      for (String name : List.of("a", "b", "c", "zz")) {
        assertThat(small.get(name)).isEqualTo(model.get(name));
        assertThat(small.containsKey(name)).isEqualTo(model.containsKey(name));
      }
    }
    small.clear();
    assertThat(small).isEmpty();
    small.put("x", null);
    assertThat(small).containsEntry("x", null).hasSize(1);
  }

  /** The names and values in the order forEach hands them over. */
  private static List<Object> walked(Map<String, Object> map) {
    List<Object> walked = new ArrayList<>();
    map.forEach(
        (name, value) -> {
          walked.add(name);
          walked.add(value);
        });
    return walked;
  }

  private static void setThroughEntries(Map<String, Object> map, Op op) {
    for (Map.Entry<String, Object> e : map.entrySet()) {
      if (e.getKey().equals(op.name())) {
        e.setValue(op.value());
      }
    }
  }

  private static void removeThroughIterator(Map<String, Object> map, String name) {
    for (Iterator<String> it = map.keySet().iterator(); it.hasNext(); ) {
      if (it.next().equals(name)) {
        it.remove();
      }
    }
  }

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<String> names = Arbitraries.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
    Arbitrary<Object> values =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(3).map(s -> (Object) s),
            Arbitraries.longs().between(0, 5).map(l -> (Object) l),
            Arbitraries.just(null));
    return Combinators.combine(
            Arbitraries.frequency(
                net.jqwik.api.Tuple.of(6, 0),
                net.jqwik.api.Tuple.of(2, 1),
                net.jqwik.api.Tuple.of(1, 2),
                net.jqwik.api.Tuple.of(1, 3),
                net.jqwik.api.Tuple.of(3, 4)),
            names,
            values)
        .as(Op::new)
        .list()
        .ofMaxSize(30);
  }
}

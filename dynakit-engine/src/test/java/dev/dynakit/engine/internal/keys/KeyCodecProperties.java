package dev.dynakit.engine.internal.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.value.AttrValue;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Keys decode to what was encoded, and every range holds exactly the keys it should. */
class KeyCodecProperties {

  /** A key and the types needed to read it back. */
  record KeyCase(
      long storeId,
      int indexNo,
      List<String> partitionTypes,
      List<AttrValue> partition,
      List<String> sortTypes,
      List<AttrValue> sort,
      List<String> baseTypes,
      List<AttrValue> base) {}

  @Property(tries = 1500)
  void decode_givesBackWhatWasEncoded(@ForAll("keyCases") KeyCase k) {
    byte[] key = KeyCodec.itemKey(k.storeId(), k.indexNo(), k.partition(), k.sort(), k.base());
    DecodedKey d = KeyCodec.decode(key, k.partitionTypes(), k.sortTypes(), k.baseTypes());
    assertThat(d.storeId()).isEqualTo(k.storeId());
    assertThat(d.indexNo()).isEqualTo(k.indexNo());
    assertThat(d.partitionHash()).isEqualTo(KeyCodec.partitionHash(k.partition()));
    assertThat(d.partitionValues()).isEqualTo(k.partition());
    assertThat(d.sortValues()).isEqualTo(k.sort());
    assertThat(d.baseValues()).isEqualTo(k.base());
    assertThat(key).startsWith(KeyCodec.indexRange(k.storeId(), k.indexNo())[0]);
    assertThat(key).startsWith(KeyCodec.partitionRange(k.storeId(), k.indexNo(), k.partition())[0]);
  }

  @Property(tries = 1500)
  void itemKeyOfOneOrTwoValues_isTheItemKeyOfTheirLists(
      @ForAll("oneOrTwoValues") List<AttrValue> values,
      @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long storeId) {
    AttrValue partition = values.get(0);
    List<AttrValue> sort = values.subList(1, values.size());
    byte[] key = KeyCodec.itemKey(storeId, partition, sort.isEmpty() ? null : sort.get(0));
    assertThat(key).isEqualTo(KeyCodec.itemKey(storeId, 0, List.of(partition), sort, List.of()));
  }

  @Property(tries = 300)
  void partitionRange_holdsExactlyThePartitionsKeys(
      @ForAll("partitionSets") List<List<AttrValue>> partitions) {
    TreeMap<byte[], List<AttrValue>> store = new TreeMap<>(Arrays::compareUnsigned);
    for (List<AttrValue> p : partitions) {
      store.put(KeyCodec.itemKey(5, 0, p, List.of(new AttrValue.S("x")), List.of()), p);
      store.put(KeyCodec.itemKey(5, 1, p, List.of(), List.of()), p);
      store.put(KeyCodec.itemKey(6, 0, p, List.of(), List.of()), p);
    }
    List<AttrValue> target = partitions.get(0);
    byte[][] range = KeyCodec.partitionRange(5, 0, target);
    assertThat(store.subMap(range[0], range[1]).values()).containsOnly(target).hasSize(1);
  }

  @Property(tries = 1500)
  void sortRange_holdsExactlyTheKeysMeetingTheCondition(@ForAll("sortCases") SortCase c) {
    List<AttrValue> pk = List.of(new AttrValue.S("pk"));
    List<AttrValue> otherPk = List.of(new AttrValue.S("pk\u0000"));
    TreeMap<byte[], List<AttrValue>> store = new TreeMap<>(Arrays::compareUnsigned);
    for (int i = 0; i < c.sorts().size(); i++) {
      List<AttrValue> sort = c.sorts().get(i);
      List<AttrValue> suffix = List.of(new AttrValue.S("base" + (i % 3)));
      store.put(KeyCodec.itemKey(9, 1, pk, sort, suffix), sort);
      store.put(KeyCodec.itemKey(9, 1, pk, sort, List.of()), sort);
      store.put(KeyCodec.itemKey(9, 1, otherPk, sort, suffix), List.of());
      store.put(KeyCodec.itemKey(9, 0, pk, sort, suffix), List.of());
      store.put(KeyCodec.itemKey(9, 2, pk, sort, suffix), List.of());
    }
    byte[][] range = KeyCodec.sortRange(9, 1, pk, c.prefix(), c.op(), c.operand(), c.upper());
    List<List<AttrValue>> actual =
        Arrays.compareUnsigned(range[0], range[1]) >= 0
            ? List.of()
            : new ArrayList<>(store.subMap(range[0], range[1]).values());
    List<List<AttrValue>> expected = new ArrayList<>();
    for (Map.Entry<byte[], List<AttrValue>> e : store.entrySet()) {
      List<AttrValue> sort = e.getValue();
      if (!sort.isEmpty() && c.matches(sort)) {
        expected.add(sort);
      }
    }
    // Only the wanted index and partition: the other entries carry an empty marker.
    assertThat(actual).isEqualTo(expected);
  }

  @Property(tries = 200)
  void segments_tileTheIndex_andSplitTheHashSpaceEvenly(
      @ForAll @IntRange(min = 1, max = 3000) int totalSegments,
      @ForAll("partitionSets") List<List<AttrValue>> partitions) {
    byte[][] index = KeyCodec.indexRange(4, 3);
    byte[] previousEnd = null;
    List<byte[][]> segments = new ArrayList<>();
    for (int s = 0; s < totalSegments; s++) {
      byte[][] seg = KeyCodec.segmentRange(4, 3, s, totalSegments);
      assertThat(Arrays.compareUnsigned(seg[0], seg[1])).isLessThan(0);
      if (s == 0) {
        assertThat(Arrays.compareUnsigned(seg[0], index[0])).isGreaterThanOrEqualTo(0);
      } else {
        assertThat(seg[0]).isEqualTo(previousEnd);
      }
      previousEnd = seg[1];
      segments.add(seg);
    }
    assertThat(previousEnd).isEqualTo(index[1]);
    for (List<AttrValue> p : partitions) {
      byte[] key = KeyCodec.itemKey(4, 3, p, List.of(), List.of());
      long hash = KeyCodec.partitionHash(p);
      int expected =
          new BigInteger(Long.toUnsignedString(hash))
              .multiply(BigInteger.valueOf(totalSegments))
              .shiftRight(64)
              .intValueExact();
      byte[][] seg = segments.get(expected);
      assertThat(Arrays.compareUnsigned(key, seg[0])).isGreaterThanOrEqualTo(0);
      assertThat(Arrays.compareUnsigned(key, seg[1])).isLessThan(0);
    }
  }

  @Example
  void partitionHash_spreadsSequentialKeysEvenly() {
    int buckets = 64;
    int keys = 64_000;
    int[] counts = new int[buckets];
    for (int i = 0; i < keys; i++) {
      long h = KeyCodec.partitionHash(List.of(new AttrValue.S("user#" + i)));
      counts[(int) (h >>> 58)]++;
      long n = KeyCodec.partitionHash(List.of(new AttrValue.N(java.math.BigDecimal.valueOf(i))));
      counts[(int) (n >>> 58)]++;
    }
    int expected = 2 * keys / buckets;
    for (int c : counts) {
      assertThat(c).isBetween(expected * 8 / 10, expected * 12 / 10);
    }
  }

  @Example
  void tableRange_coversEveryIndexOfTheStore_andNoOtherStore() {
    byte[][] table = KeyCodec.tableRange(255);
    for (int index : new int[] {0, 1, 255}) {
      byte[][] r = KeyCodec.indexRange(255, index);
      assertThat(Arrays.compareUnsigned(r[0], table[0])).isGreaterThanOrEqualTo(0);
      assertThat(Arrays.compareUnsigned(r[1], table[1])).isLessThanOrEqualTo(0);
    }
    assertThat(Arrays.compareUnsigned(table[1], KeyCodec.tableRange(256)[0]))
        .isLessThanOrEqualTo(0);
    byte[] lastKeyOf255 =
        KeyCodec.itemKey(255, 255, List.of(new AttrValue.S("\uffff")), List.of(), List.of());
    assertThat(Arrays.compareUnsigned(lastKeyOf255, table[1])).isLessThan(0);
    assertThat(Arrays.compareUnsigned(KeyCodec.tableRange(Long.MAX_VALUE)[1], table[1]))
        .isGreaterThan(0);
  }

  @Example
  void keyAfter_isTheImmediateSuccessor() {
    byte[] key = KeyCodec.itemKey(1, 0, List.of(new AttrValue.S("a")), List.of(), List.of());
    byte[] after = KeyCodec.keyAfter(key);
    assertThat(Arrays.compareUnsigned(key, after)).isLessThan(0);
    assertThat(after).startsWith(key).hasSize(key.length + 1);
  }

  @Example
  void decode_refusesKeysThatDoNotMatchTheTypes() {
    byte[] key =
        KeyCodec.itemKey(
            1, 0, List.of(new AttrValue.S("a")), List.of(AttrValue.N.parse("5")), List.of());
    assertThatThrownBy(() -> KeyCodec.decode(key, List.of("S"), List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bytes after");
    assertThatThrownBy(
            () ->
                KeyCodec.decode(
                    Arrays.copyOf(key, key.length - 1), List.of("S"), List.of("N"), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeyCodec.decode(key, List.of("S"), List.of("N", "S"), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Example
  void arguments_outsideTheLayout_areRefused() {
    List<AttrValue> pk = List.of(new AttrValue.S("a"));
    assertThatThrownBy(() -> KeyCodec.itemKey(-1, 0, pk, List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeyCodec.itemKey(1, 256, pk, List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeyCodec.segmentRange(1, 0, 2, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> KeyCodec.itemKey(1, 0, List.of(AttrValue.Bool.TRUE), List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                KeyCodec.sortRange(
                    1, 0, pk, List.of(), SortOp.BEGINS_WITH, AttrValue.N.parse("1"), null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** A Query's sort condition and the sort keys of the partition it runs on. */
  record SortCase(
      List<AttrValue> prefix,
      SortOp op,
      AttrValue operand,
      AttrValue upper,
      List<List<AttrValue>> sorts) {
    boolean matches(List<AttrValue> sort) {
      int k = prefix.size();
      for (int i = 0; i < k; i++) {
        if (KeyValues.compare(sort.get(i), prefix.get(i)) != 0) {
          return false;
        }
      }
      AttrValue v = sort.get(k);
      int c = KeyValues.compare(v, operand);
      switch (op) {
        case EQ:
          return c == 0;
        case LT:
          return c < 0;
        case LE:
          return c <= 0;
        case GT:
          return c > 0;
        case GE:
          return c >= 0;
        case BETWEEN:
          return c >= 0 && KeyValues.compare(v, upper) <= 0;
        case BEGINS_WITH:
          if (v instanceof AttrValue.S s) {
            return s.value().startsWith(((AttrValue.S) operand).value());
          }
          return ((AttrValue.B) v).value().startsWith(((AttrValue.B) operand).value());
        default:
          throw new IllegalStateException();
      }
    }
  }

  @Provide
  Arbitrary<SortCase> sortCases() {
    return KeyValues.types(1, 3)
        .flatMap(
            types ->
                Arbitraries.integers()
                    .between(0, types.size() - 1)
                    .flatMap(k -> sortCase(types, k)));
  }

  private static Arbitrary<SortCase> sortCase(List<String> types, int k) {
    String type = types.get(k);
    Arbitrary<SortOp> ops =
        type.equals("N")
            ? Arbitraries.of(SortOp.EQ, SortOp.LT, SortOp.LE, SortOp.GT, SortOp.GE, SortOp.BETWEEN)
            : Arbitraries.of(SortOp.class);
    return Combinators.combine(
            KeyValues.tuple(types),
            ops,
            KeyValues.of(type),
            KeyValues.tuple(types).list().ofMaxSize(25))
        .as(
            (query, op, upper, sorts) -> {
              List<AttrValue> prefix = query.subList(0, k);
              List<List<AttrValue>> shaped = new ArrayList<>();
              for (int i = 0; i < sorts.size(); i++) {
                // Half of the keys share the query's leading values, so the condition matters.
                List<AttrValue> sort = new ArrayList<>(sorts.get(i));
                if (i % 2 == 0) {
                  for (int j = 0; j < k; j++) {
                    sort.set(j, query.get(j));
                  }
                }
                if (i % 4 == 0) {
                  sort.set(k, query.get(k));
                }
                shaped.add(List.copyOf(sort));
              }
              return new SortCase(List.copyOf(prefix), op, query.get(k), upper, shaped);
            });
  }

  @Provide
  Arbitrary<List<AttrValue>> oneOrTwoValues() {
    return KeyValues.types(1, 2).flatMap(KeyValues::tuple);
  }

  @Provide
  Arbitrary<List<List<AttrValue>>> partitionSets() {
    return KeyValues.types(1, 2)
        .flatMap(types -> KeyValues.tuple(types).list().ofMinSize(1).ofMaxSize(30));
  }

  @Provide
  Arbitrary<KeyCase> keyCases() {
    return Combinators.combine(KeyValues.types(1, 4), KeyValues.types(0, 4), KeyValues.types(0, 2))
        .flatAs(
            (pt, st, bt) ->
                Combinators.combine(
                        Arbitraries.longs().between(0, Long.MAX_VALUE),
                        Arbitraries.integers().between(0, 255),
                        KeyValues.tuple(pt),
                        KeyValues.tuple(st),
                        KeyValues.tuple(bt))
                    .as((store, index, p, s, b) -> new KeyCase(store, index, pt, p, st, s, bt, b)));
  }
}

package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The store's key order is {@link Arrays#compareUnsigned}'s, eight bytes at a time or not. */
class KeyOrderProperties {

  @Property(tries = 5000)
  void compareKeys_hasTheSignOfUnsignedComparison(@ForAll("pairs") byte[][] pair) {
    assertThat(Integer.signum(MemoryStore.compareKeys(pair[0], pair[1])))
        .isEqualTo(Integer.signum(Arrays.compareUnsigned(pair[0], pair[1])));
  }

  /** Pairs that often share a prefix, as storage keys do, then differ anywhere or nowhere. */
  @Provide
  Arbitrary<byte[][]> pairs() {
    Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
    Arbitrary<byte[]> tails =
        Arbitraries.bytes().between((byte) -2, (byte) 2).array(byte[].class).ofMaxSize(12);
    return Combinators.combine(bytes, tails, tails)
        .as((prefix, a, b) -> new byte[][] {concat(prefix, a), concat(prefix, b)});
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}

package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class NameTableTest {
  private final NameTable table = new NameTable(16, 64);

  @Test
  void name_sameBytesAnywhere_giveTheSameInstance() {
    String first = lookUp(table, "status");
    byte[] framed = "xxstatusyy".getBytes(StandardCharsets.UTF_8);
    String second = table.name(framed, 2, 6);

    assertThat(first).isEqualTo("status");
    assertThat(second).isSameAs(first);
  }

  @Test
  void name_differentNames_eachDecodedAsWritten() {
    assertThat(lookUp(table, "pk")).isEqualTo("pk");
    assertThat(lookUp(table, "sk")).isEqualTo("sk");
    assertThat(lookUp(table, "")).isEqualTo("");
    assertThat(lookUp(table, "pk")).isEqualTo("pk");
  }

  @Test
  void name_namesSharingASlot_neverGetEachOthersString() {
    // two slots in all: every name meets the others; "Aa" and "BB" even hash alike
    NameTable tiny = new NameTable(2, 64);
    List<String> names = List.of("Aa", "BB", "AaAa", "BBBB", "AaBB", "c");
    for (int round = 0; round < 3; round++) {
      for (String name : names) {
        assertThat(lookUp(tiny, name)).isEqualTo(name);
      }
    }
    assertThat(tiny.size()).isLessThanOrEqualTo(2);
  }

  @Test
  void name_twoNamesInOneSlot_bothStay() {
    NameTable tiny = new NameTable(2, 64);
    String aa = lookUp(tiny, "Aa");
    String bb = lookUp(tiny, "BB");

    assertThat(lookUp(tiny, "Aa")).isSameAs(aa);
    assertThat(lookUp(tiny, "BB")).isSameAs(bb);
  }

  @Test
  void name_unicodeNames_decodedAndShared() {
    for (String name : List.of("größe", "名前", "emoji😀", "é")) {
      String first = lookUp(table, name);
      assertThat(first).isEqualTo(name);
      assertThat(lookUp(table, name)).isSameAs(first);
    }
  }

  @Test
  void name_malformedUtf8_decodedAsStringDecodesIt() {
    byte[] malformed = {'a', (byte) 0xC3, 'b'};
    String expected = new String(malformed, StandardCharsets.UTF_8);

    assertThat(table.name(malformed, 0, 3)).isEqualTo(expected);
    assertThat(table.name(malformed, 0, 3)).isEqualTo(expected);
  }

  @Test
  void name_manyDistinctNames_tableStaysWithinItsSlots() {
    for (int i = 0; i < 10_000; i++) {
      assertThat(lookUp(table, "attribute" + i)).isEqualTo("attribute" + i);
    }

    assertThat(table.capacity()).isEqualTo(16);
    assertThat(table.size()).isLessThanOrEqualTo(16);
    // a recent name is still there
    assertThat(lookUp(table, "attribute9999")).isSameAs(lookUp(table, "attribute9999"));
  }

  @Test
  void name_longerThanTheLimit_decodedButNotKept() {
    NameTable small = new NameTable(16, 8);
    String name = "a-rather-long-attribute-name";

    String first = lookUp(small, name);

    assertThat(first).isEqualTo(name);
    assertThat(lookUp(small, name)).isEqualTo(name).isNotSameAs(first);
    assertThat(small.size()).isZero();
    assertThat(lookUp(small, "12345678")).isSameAs(lookUp(small, "12345678"));
  }

  @Test
  void name_manyThreadsOverFewSlots_alwaysGetTheirOwnName() throws Exception {
    NameTable shared = new NameTable(4, 64);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        results.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 20_000; i++) {
                    String name = "n" + ((i + thread) % 37);
                    if (!lookUp(shared, name).equals(name)) {
                      return false;
                    }
                  }
                  return true;
                }));
      }
      for (Future<Boolean> result : results) {
        assertThat(result.get()).isTrue();
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void slotCount_roundedUpToAPowerOfTwo() {
    assertThat(new NameTable(1, 8).capacity()).isEqualTo(2);
    assertThat(new NameTable(3, 8).capacity()).isEqualTo(4);
    assertThat(new NameTable(512, 8).capacity()).isEqualTo(512);
    assertThat(new NameTable(513, 8).capacity()).isEqualTo(1024);
  }

  private static String lookUp(NameTable table, String name) {
    byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
    return table.name(utf8, 0, utf8.length);
  }
}

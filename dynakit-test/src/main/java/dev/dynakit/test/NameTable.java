package dev.dynakit.test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Canonical Strings for attribute names read as UTF-8 runs, as a JSON parser keeps a symbol table:
 * the same bytes give the same String instance, so a name that repeats over the items of a page and
 * over calls is decoded once and hashed once (a String caches its hash), and the SDK's maps find
 * its hash ready.
 *
 * <p>Bounded: a fixed number of slots, each holding one name of at most {@code maxNameBytes}; a
 * longer name, or one whose two slots hold other names, is decoded afresh and takes the place of
 * what was in its first slot. Many distinct names therefore cost a decode each, as without the
 * table, and never more memory than the slots hold.
 *
 * <p>Shared by all threads without locks: a slot holds an immutable entry (final fields publish it
 * safely), so a reader sees either a whole entry or an older one; a lost write only costs a later
 * miss.
 */
final class NameTable {
  /** The table of the in-process clients: 512 names of up to 64 bytes (at most ~100 KB). */
  static final NameTable SHARED = new NameTable(512, 64);

  private static final class Entry {
    final byte[] utf8;
    final String name;

    Entry(byte[] utf8, String name) {
      this.utf8 = utf8;
      this.name = name;
    }
  }

  private final Entry[] slots;
  private final int maxNameBytes;

  /** {@code slotCount} is rounded up to a power of two (at least 2). */
  NameTable(int slotCount, int maxNameBytes) {
    int size = slotCount <= 2 ? 2 : Integer.highestOneBit(slotCount - 1) << 1;
    this.slots = new Entry[size];
    this.maxNameBytes = maxNameBytes;
  }

  /** The name whose UTF-8 encoding is {@code utf8[offset, offset + length)}. */
  String name(byte[] utf8, int offset, int length) {
    if (length > maxNameBytes) {
      return new String(utf8, offset, length, StandardCharsets.UTF_8);
    }
    int end = offset + length;
    int hash = 0;
    for (int i = offset; i < end; i++) {
      hash = 31 * hash + utf8[i];
    }
    // two slots per name (neighbours, so one cache line mostly) let two hot names that meet in
    // one slot both stay
    int first = (hash ^ (hash >>> 16)) & (slots.length - 1);
    Entry e = slots[first];
    if (e != null && sameBytes(e.utf8, utf8, offset, length)) {
      return e.name;
    }
    int second = first ^ 1;
    Entry other = slots[second];
    if (other != null && sameBytes(other.utf8, utf8, offset, length)) {
      return other.name;
    }
    String name = new String(utf8, offset, length, StandardCharsets.UTF_8);
    slots[e == null || other != null ? first : second] =
        new Entry(Arrays.copyOfRange(utf8, offset, end), name);
    return name;
  }

  /**
   * Whether {@code bytes[offset, offset + length)} is all of {@code kept}. A plain loop: names are
   * short, and {@link Arrays#equals(byte[], int, int, byte[], int, int)} costs more in its range
   * checks and vectorised set-up than comparing a few bytes does.
   */
  private static boolean sameBytes(byte[] kept, byte[] bytes, int offset, int length) {
    if (kept.length != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (kept[i] != bytes[offset + i]) {
        return false;
      }
    }
    return true;
  }

  /** How many names the table holds now (for tests). */
  int size() {
    int n = 0;
    for (Entry e : slots) {
      if (e != null) {
        n++;
      }
    }
    return n;
  }

  /** The most names it can hold. */
  int capacity() {
    return slots.length;
  }
}

package dev.dynakit.engine.internal.storage.memory;

import org.jspecify.annotations.Nullable;

/**
 * A key and its value, shared by the memory store's skip list and its hash index; the value is null
 * once deleted. A slot is equal only to itself: the hash index holds a slot only while the store
 * holds its key, and a key deleted and put again gets a new slot.
 */
final class Slot {
  final byte[] key;
  final int hash;
  volatile byte @Nullable [] value;

  Slot(byte[] key, int hash, byte[] value) {
    this.key = key;
    this.hash = hash;
    this.value = value;
  }
}

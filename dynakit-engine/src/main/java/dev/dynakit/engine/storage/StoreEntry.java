package dev.dynakit.engine.storage;

/** One key and its value, as stored. Arrays are owned by the store: do not change them. */
public record StoreEntry(byte[] key, byte[] value) {}

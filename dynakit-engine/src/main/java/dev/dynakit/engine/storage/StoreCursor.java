package dev.dynakit.engine.storage;

import java.util.Iterator;

/** An iterator over store entries that must be closed. */
public interface StoreCursor extends Iterator<StoreEntry>, AutoCloseable {
  @Override
  void close();
}

package dev.dynakit.core;

import java.util.List;

/**
 * An edit changed key fields, which would move the item to another key. Nothing was written. Allow
 * key changes for the call to have the edit performed as a move.
 */
public final class KeyFieldChangedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final List<String> fields;

  public KeyFieldChangedException(List<String> fields) {
    super(
        "the edit changes the key fields "
            + fields
            + "; allow key changes to move the item to its new key");
    this.fields = List.copyOf(fields);
  }

  /** The key fields whose values changed. */
  public List<String> fields() {
    return fields;
  }
}

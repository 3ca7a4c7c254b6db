package dev.dynakit.core;

import java.util.List;

/**
 * An edit or a patch changed key fields, which would move the item to another key. Nothing was
 * written. Allow key changes for an edit to have it performed as a move; move the item instead of
 * patching it.
 */
public final class KeyFieldChangedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final List<String> fields;

  public KeyFieldChangedException(List<String> fields) {
    this(
        fields,
        "the edit changes the key fields "
            + fields
            + "; allow key changes to move the item to its new key");
  }

  private KeyFieldChangedException(List<String> fields, String message) {
    super(message);
    this.fields = List.copyOf(fields);
  }

  /** A patch names key fields, which a patch cannot change (a move can). */
  public static KeyFieldChangedException inPatch(List<String> fields) {
    return new KeyFieldChangedException(
        fields,
        "the patch changes the key fields "
            + fields
            + "; a patch cannot change an item's key, move the item instead");
  }

  /** The key fields whose values changed. */
  public List<String> fields() {
    return fields;
  }
}

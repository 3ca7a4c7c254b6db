package dev.dynakit.core.adapter;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Customisation points of an {@link Adapter}. Every method has a neutral default, so an
 * implementation overrides only what it needs; an Adapter chains any number of hook sets in the
 * order given to its builder.
 *
 * <p>Hooks return modifications instead of mutating: the maps they receive are unmodifiable, and
 * what they return replaces their input (return the input itself for no change).
 *
 * <p>Where the built-in steps run:
 *
 * <ul>
 *   <li>full writes: {@link #validateItem} on the caller's item; the technical-field guard; the
 *       structural key, search mirrors and type field; then {@link #prepare}; then the derived
 *       fields again (so a hook that changes a key field keeps the key right), the sparse-index
 *       rules and the version;
 *   <li>patches: the same, with {@code context.patch()} true and the item holding only the fields
 *       being set;
 *   <li>keys: the structural key is composed, then {@link #prepareKey}, then the key is cut to the
 *       table's key attributes;
 *   <li>reads: codecs decode the item, then {@link #revive} sees every attribute (technical ones
 *       too), then technical fields are stripped (except the version and created-at fields) and the
 *       item is cut to the requested fields.
 * </ul>
 *
 * <p>Exceptions thrown by hooks propagate unchanged; nothing is written.
 */
public interface Hooks {

  /**
   * Adjusts an item (or a patch) before it is written.
   *
   * @param item the prepared item so far (for a patch: the fields being set, by path)
   * @return the item to write
   */
  default Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
    return item;
  }

  /**
   * Adjusts a key before it addresses an item; the structural key is composed afterwards from the
   * key fields returned.
   *
   * @param indexName the index read by key, or null for the table
   */
  default Map<String, Object> prepareKey(Map<String, Object> key, @Nullable String indexName) {
    return key;
  }

  /**
   * Shapes a list read from the caller's example (for instance, turning {@code {state: "TX"}} into
   * a key condition). By default a list is a Scan.
   *
   * @param input the list shape so far
   * @param example the caller's example ({@link ListOptions.Builder#example}), possibly empty
   */
  default ListInput prepareListInput(ListInput input, Map<String, Object> example) {
    return input;
  }

  /**
   * Adjusts a write request, the last step before it is sent. The action may change kind (a delete
   * may become an update, as soft delete does).
   */
  default TransactWriteItem updateInput(TransactWriteItem action, WriteContext context) {
    return action;
  }

  /**
   * Adjusts an item read from the table.
   *
   * @param item the item with codecs applied and technical fields still present
   * @param fields the fields the caller asked for, or null for all
   * @return the item to return, or null to hide it (a get then finds nothing; a list skips it)
   */
  default @Nullable Map<String, Object> revive(
      Map<String, Object> item, @Nullable List<String> fields) {
    return item;
  }

  /**
   * Attributes {@link #revive} needs to see: they are read even when the caller asks for other
   * fields (and cut away after reviving).
   */
  default List<String> requiredAttributes() {
    return List.of();
  }

  /**
   * Checks an item (or a patch) before anything else happens to it; throw to refuse the write. Runs
   * on every write path unless the call opts out ({@link WriteOptions.Builder#skipValidation}).
   */
  default void validateItem(Map<String, Object> item, WriteContext context) {}

  /**
   * Extra transaction actions that must succeed together with a write (for instance a condition
   * check that a parent item exists). When any hook returns actions, the write is sent as one
   * TransactWriteItems: the checks first, the write last.
   *
   * @return the extra actions; empty for a plain single write
   */
  default List<TransactWriteItem> checkConsistency(PlannedWrite write) {
    return List.of();
  }
}

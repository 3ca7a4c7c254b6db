package dev.dynakit.engine.internal.txn;

import java.util.ArrayList;
import java.util.List;

/**
 * A TransactItems list as a size refusal echoes it. DynamoDB shows its service model's objects by
 * their Java identities, {@code [com.amazonaws.dynamodb.v20120810.TransactWriteItem@6f2b958e,
 * ...]}, and {@code []} when empty. The identity hashes are no client's to predict; the engine
 * shows each member's content hash in their place, so the text has DynamoDB's shape and length and
 * the same request always gets the same text.
 */
final class ListText {
  private static final String MODEL_PACKAGE = "com.amazonaws.dynamodb.v20120810.";

  private ListText() {}

  /**
   * @param memberType the model's name for a member, {@code TransactWriteItem} or {@code
   *     TransactGetItem}
   */
  static String of(List<Object> list, String memberType) {
    List<String> shown = new ArrayList<>(list.size());
    for (Object member : list) {
      shown.add(
          MODEL_PACKAGE
              + memberType
              + "@"
              + Integer.toHexString(member == null ? 0 : member.hashCode()));
    }
    return "[" + String.join(", ", shown) + "]";
  }
}

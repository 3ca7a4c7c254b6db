package dev.dynakit.engine;

/**
 * The JSON of the small table the server tests write to: {@code items}, keyed by the string {@code
 * pk}, on demand; and of a PutItem and GetItem on it.
 */
final class ItemsTableJson {
  /** CreateTable's body (single quotes, as {@link JsonCalls} takes it). */
  static final String CREATE =
      "{'TableName':'items','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
          + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
          + "'BillingMode':'PAY_PER_REQUEST'}";

  private ItemsTableJson() {}

  /** A PutItem of {@code key} with the string attribute {@code v} set to {@code value}. */
  static String put(String key, String value) {
    return "{\"TableName\":\"items\",\"Item\":{\"pk\":{\"S\":\""
        + key
        + "\"},\"v\":{\"S\":\""
        + value
        + "\"}}}";
  }

  /** A GetItem of {@code key}. */
  static String get(String key) {
    return "{\"TableName\":\"items\",\"Key\":{\"pk\":{\"S\":\"" + key + "\"}}}";
  }
}

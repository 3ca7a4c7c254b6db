package dev.dynakit.engine.internal.table;

/** One KeySchemaElement of a request, as sent: an attribute name and HASH or RANGE. */
record KeyElement(String attributeName, String keyType) {
  boolean isHash() {
    return "HASH".equals(keyType);
  }
}

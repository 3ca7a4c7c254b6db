package dev.dynakit.engine.internal.table;

/** One KeySchemaElement of a request, as sent: an attribute name and HASH or RANGE. */
public record KeyElement(String attributeName, String keyType) {
  public boolean isHash() {
    return "HASH".equals(keyType);
  }
}

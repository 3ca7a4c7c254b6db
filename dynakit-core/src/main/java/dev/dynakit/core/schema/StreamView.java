package dev.dynakit.core.schema;

/** What a DynamoDB stream record carries. */
public enum StreamView {
  KEYS_ONLY,
  NEW_IMAGE,
  OLD_IMAGE,
  NEW_AND_OLD_IMAGES
}

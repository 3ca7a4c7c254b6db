package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;

/**
 * Converts one field's Java value to the plain value stored in DynamoDB and back: a date to an ISO
 * string, an instant to epoch seconds, a URL to its text. Declared once per field on the table
 * declaration (or per component on a {@link RecordCodec}) and applied on every write and read.
 *
 * <p>The stored form must be something {@link Marshalling} accepts (a string, a number, a map, …).
 * Codecs are stateless and thread-safe. {@link FieldCodecs} has the common ones.
 *
 * @param <T> the Java type of the field
 */
public interface FieldCodec<T> {

  /** The Java type this codec reads and writes. */
  Class<T> javaType();

  /**
   * A short name that {@link FieldCodecs#parse(String)} understands ({@code dateIso}, {@code
   * enum:com.example.Status}, {@code map:instantIso}); custom codecs return any descriptive text.
   */
  String spec();

  /** The stored form of a value. */
  Object toStored(T value);

  /**
   * The Java value of a stored form, as read back from DynamoDB.
   *
   * @throws MarshallingException when the stored value is not of the expected form
   */
  T fromStored(Object stored);

  /**
   * The stored form of a value given either as the Java type or already in stored form (as a REST
   * body or a JSON file carries it). A stored form is read and written again, which validates it
   * and makes its text canonical.
   */
  default Object normalize(Object value) {
    T typed = javaType().isInstance(value) ? javaType().cast(value) : fromStored(value);
    return toStored(typed);
  }
}

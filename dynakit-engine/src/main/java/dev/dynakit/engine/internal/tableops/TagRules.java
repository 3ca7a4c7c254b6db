package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * DynamoDB's tag rules: at most 50 tags per table, keys of 1 to 128 and values of 0 to 256
 * characters drawn from letters, digits, spaces and {@code + - = . _ : / @}, no {@code aws:}
 * prefix. Every refusal is a ValidationException and nothing of a refused request is applied.
 */
final class TagRules {
  static final int MAX_TAGS = 50;
  static final int MAX_KEY_LENGTH = 128;
  static final int MAX_VALUE_LENGTH = 256;

  private static final Pattern ALLOWED = Pattern.compile("[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*");

  private TagRules() {}

  /** The tags of a Tags list, validated, in request order. */
  static Map<String, String> tags(List<Request> tags) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Request t : tags) {
      String key = t.string("Key");
      String value = t.string("Value");
      checkKey(key);
      if (value == null || length(value) > MAX_VALUE_LENGTH || !ALLOWED.matcher(value).matches()) {
        throw EngineException.validation("The Tag Value provided is invalid, Value: " + value);
      }
      if (out.containsKey(key)) {
        throw EngineException.validation(
            "Duplicate Tag Keys provided as input: Duplicate Tag Key found " + key);
      }
      out.put(key, value);
    }
    return out;
  }

  /** One tag key, as given to TagResource or UntagResource. */
  static void checkKey(String key) {
    if (key == null
        || key.isEmpty()
        || length(key) > MAX_KEY_LENGTH
        || !ALLOWED.matcher(key).matches()) {
      throw EngineException.validation("The Tag Key provided is invalid, Key: " + key);
    }
    if (key.toLowerCase(Locale.ROOT).startsWith("aws:")) {
      throw EngineException.validation("Tag Key cannot be prefixed with aws:, Key: " + key);
    }
  }

  /** Refuses a tag set (or a list of keys) larger than the per-table limit. */
  static void checkCount(int count) {
    if (count > MAX_TAGS) {
      throw EngineException.validation(
          "Number of Tags exceed the current limit for the provided ResourceArn");
    }
  }

  private static int length(String s) {
    return s.codePointCount(0, s.length());
  }
}

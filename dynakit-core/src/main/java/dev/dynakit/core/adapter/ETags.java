package dev.dynakit.core.adapter;

import dev.dynakit.core.InvalidEtagException;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Strong ETags of items, for Java callers outside the REST layer (conditional reads, caches,
 * optimistic writes), the same as the REST layer sends.
 *
 * <ul>
 *   <li>On a table with a version field, the ETag is the version, quoted: {@code "3"}. It changes
 *       on every write, and {@link WriteOptions.Builder#ifMatch} turns it back into the expected
 *       version of a write, which DynamoDB checks atomically.
 *   <li>On a table without one, it is a hash of the item's stored form: {@code "sha256-…"} (SHA-256
 *       of a canonical rendering, attribute order and number spelling aside). It tells whether an
 *       item changed, but a write cannot be conditioned on it atomically, so {@code ifMatch}
 *       refuses it: declare a version field for optimistic writes.
 * </ul>
 */
public final class ETags {
  private static final String HASH_PREFIX = "sha256-";

  private ETags() {}

  /**
   * The ETag of an item as a read returns it (codecs applied). Technical fields other than the
   * version and created-at fields are left out of a content hash, so an item gets the same ETag
   * before and after reads strip them.
   *
   * @throws IllegalArgumentException when the table declares a version field and the item has none
   */
  public static String of(TableSpec spec, Map<String, ?> item) {
    String versionField = spec.versionField();
    if (versionField != null) {
      Object version = item.get(versionField);
      if (!(version instanceof Number)) {
        throw new IllegalArgumentException(
            "the item carries no version field '" + versionField + "', so it has no ETag");
      }
      return "\"" + new BigDecimal(version.toString()).toBigIntegerExact() + "\"";
    }
    Map<String, Object> visible = new TreeMap<>();
    item.forEach(
        (name, value) -> {
          // as a read returns the item: technical fields are not part of its content
          if (!spec.isTechnical(name) || name.equals(spec.createdAtField())) {
            visible.put(name, value);
          }
        });
    return "\"" + HASH_PREFIX + hash(spec.itemConverter().toAttributes(visible)) + "\"";
  }

  /**
   * The version an ETag stands for.
   *
   * @throws InvalidEtagException for a weak ETag, a content-hash ETag or anything else
   */
  public static long version(String etag) {
    if (etag.startsWith("W/")) {
      throw new InvalidEtagException(etag, "a weak ETag never matches a write precondition");
    }
    if (etag.length() < 3 || etag.charAt(0) != '"' || etag.charAt(etag.length() - 1) != '"') {
      throw new InvalidEtagException(etag, "an ETag is quoted, as in \"3\"");
    }
    String inner = etag.substring(1, etag.length() - 1);
    if (inner.startsWith(HASH_PREFIX)) {
      throw new InvalidEtagException(
          etag,
          "it is a content hash: the table declares no version field, so a write cannot be"
              + " conditioned on it atomically; declare a versionField for optimistic writes");
    }
    if (!inner.chars().allMatch(c -> c >= '0' && c <= '9') || inner.length() > 18) {
      throw new InvalidEtagException(etag, "not an ETag of this toolkit (a quoted version)");
    }
    return Long.parseLong(inner);
  }

  private static String hash(Map<String, AttributeValue> item) {
    StringBuilder text = new StringBuilder();
    render(AttributeValue.fromM(item), text);
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** A canonical, type-tagged, length-prefixed rendering: equal items render equally. */
  private static void render(AttributeValue value, StringBuilder out) {
    switch (value.type()) {
      case S -> text(out.append('S'), value.s());
      case N -> text(out.append('N'), number(value.n()));
      case B -> text(out.append('B'), base64(value.b()));
      case BOOL -> out.append(value.bool() ? "T" : "F");
      case NUL -> out.append('0');
      case SS -> sorted(out.append("SS"), value.ss());
      case NS -> sorted(out.append("NS"), value.ns().stream().map(ETags::number).toList());
      case BS -> sorted(out.append("BS"), value.bs().stream().map(ETags::base64).toList());
      case L -> {
        out.append('L').append(value.l().size()).append('[');
        value.l().forEach(element -> render(element, out));
        out.append(']');
      }
      case M -> {
        out.append('M').append(value.m().size()).append('{');
        new TreeMap<>(value.m())
            .forEach(
                (name, element) -> {
                  text(out, name);
                  render(element, out);
                });
        out.append('}');
      }
      default -> throw new IllegalArgumentException("unknown attribute type " + value.type());
    }
  }

  private static void sorted(StringBuilder out, List<String> members) {
    List<String> order = new ArrayList<>(members);
    order.sort(null);
    out.append(order.size()).append('[');
    order.forEach(member -> text(out, member));
    out.append(']');
  }

  private static void text(StringBuilder out, @Nullable String text) {
    String value = text == null ? "" : text;
    out.append(value.length()).append(':').append(value);
  }

  private static String number(String text) {
    BigDecimal value = new BigDecimal(text);
    return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
  }

  private static String base64(SdkBytes bytes) {
    return Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe());
  }
}

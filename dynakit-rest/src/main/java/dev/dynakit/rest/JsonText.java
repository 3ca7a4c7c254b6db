package dev.dynakit.rest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;

/**
 * JSON bodies as plain trees: objects are {@code LinkedHashMap}s, arrays {@code ArrayList}s,
 * integers {@code Long} (or {@code BigDecimal} beyond its range), other numbers {@code BigDecimal}
 * (exact, never a double), strings, booleans and nulls. Duplicate keys, trailing content, nesting
 * deeper than {@value #MAX_DEPTH}, bytes that are not UTF-8, strings with an unpaired surrogate
 * escape and numbers with an exponent beyond ±{@value #MAX_EXPONENT} are refused: each would
 * otherwise be stored as something else (a {@code ?}) or fail deep inside.
 */
final class JsonText {
  /** Deeper than any item DynamoDB stores (32 levels), with room for a wrapping array. */
  static final int MAX_DEPTH = 64;

  /**
   * The largest decimal exponent of a number read, far beyond DynamoDB's (1E-130 to 1E+126, which
   * DynamoDB itself checks) yet small enough that writing the number out in full stays cheap.
   */
  static final int MAX_EXPONENT = 10_000;

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
          .streamReadConstraints(
              StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH + 1).build())
          .build();

  private JsonText() {}

  /**
   * Parses a non-empty body.
   *
   * @throws RestException 400 {@code BadJsonBody} naming the problem and where it is
   */
  static @Nullable Object parse(byte[] body) {
    char[] text = utf8(body);
    int start = text.length > 0 && text[0] == '\uFEFF' ? 1 : 0; // a byte order mark
    try (JsonParser parser = FACTORY.createParser(text, start, text.length - start)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw bad("the body is blank; send a JSON value");
      }
      Object tree = value(parser, first, 1);
      if (parser.nextToken() != null) {
        throw bad("unexpected content after the JSON value" + at(parser.currentLocation()));
      }
      return tree;
    } catch (JsonProcessingException e) {
      throw bad(e.getOriginalMessage() + at(e.getLocation()));
    } catch (IOException e) {
      throw bad("unreadable body: " + e.getMessage());
    }
  }

  /** The body decoded strictly: no malformed bytes, overlong forms or encoded surrogates. */
  private static char[] utf8(byte[] body) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(body);
    CharBuffer out = CharBuffer.allocate(body.length); // never more chars than bytes
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      throw bad("the body is not valid UTF-8 (at byte " + in.position() + ")");
    }
    return Arrays.copyOf(out.array(), out.position());
  }

  /** The string, unless it holds a surrogate without its pair (which no UTF-8 can carry). */
  private static String checked(String text, JsonParser parser, String what) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw bad(
            "a "
                + what
                + " holds an unpaired surrogate \\u"
                + Integer.toHexString(c)
                + ", which is not a character; escape both halves of a pair"
                + at(parser.currentLocation()));
      }
    }
    return text;
  }

  /** A number written with a fraction or an exponent, exact. */
  private static BigDecimal decimal(JsonParser parser) throws IOException {
    String text = parser.getText();
    BigDecimal number;
    try {
      number = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw outOfRange(text, parser);
    }
    long exponent = (long) number.precision() - number.scale() - 1;
    if (number.signum() != 0 && Math.abs(exponent) > MAX_EXPONENT) {
      throw outOfRange(text, parser);
    }
    return number;
  }

  private static RestException outOfRange(String text, JsonParser parser) {
    return bad(
        "the number "
            + Texts.quote(text)
            + " is out of range: its exponent lies beyond ±"
            + MAX_EXPONENT
            + at(parser.currentLocation()));
  }

  private static @Nullable Object value(JsonParser parser, JsonToken token, int depth)
      throws IOException {
    if (depth > MAX_DEPTH) {
      throw bad("nested deeper than " + MAX_DEPTH + " levels");
    }
    switch (token) {
      case START_OBJECT:
        Map<String, @Nullable Object> object = new LinkedHashMap<>();
        for (JsonToken next = parser.nextToken();
            next != JsonToken.END_OBJECT;
            next = parser.nextToken()) {
          String name = checked(parser.currentName(), parser, "field name");
          object.put(name, value(parser, parser.nextToken(), depth + 1));
        }
        return object;
      case START_ARRAY:
        List<@Nullable Object> array = new ArrayList<>();
        for (JsonToken next = parser.nextToken();
            next != JsonToken.END_ARRAY;
            next = parser.nextToken()) {
          array.add(value(parser, next, depth + 1));
        }
        return array;
      case VALUE_STRING:
        return checked(parser.getText(), parser, "string");
      case VALUE_NUMBER_INT:
        if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
          return new BigDecimal(parser.getBigIntegerValue());
        }
        return parser.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return decimal(parser);
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw bad("unexpected token " + token + at(parser.currentLocation()));
    }
  }

  private static String at(@Nullable JsonLocation location) {
    if (location == null || location.getLineNr() < 1) {
      return "";
    }
    return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  private static RestException bad(String message) {
    return RestException.badRequest("BadJsonBody", "malformed JSON body: " + message);
  }

  /** Writes a tree; binaries become base64 text and sets become arrays. */
  static byte[] write(@Nullable Object tree) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator generator = FACTORY.createGenerator(out)) {
      write(generator, tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void write(JsonGenerator out, @Nullable Object value) throws IOException {
    if (value == null) {
      out.writeNull();
    } else if (value instanceof String) {
      out.writeString((String) value);
    } else if (value instanceof Boolean) {
      out.writeBoolean((Boolean) value);
    } else if (value instanceof BigDecimal) {
      out.writeNumber((BigDecimal) value);
    } else if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      out.writeNumber(((Number) value).longValue());
    } else if (value instanceof BigInteger) {
      out.writeNumber((BigInteger) value);
    } else if (value instanceof Number) {
      out.writeNumber(new BigDecimal(value.toString()));
    } else if (value instanceof Map) {
      out.writeStartObject();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        out.writeFieldName(String.valueOf(entry.getKey()));
        write(out, entry.getValue());
      }
      out.writeEndObject();
    } else if (value instanceof Collection) {
      out.writeStartArray();
      for (Object element : (Collection<?>) value) {
        write(out, element);
      }
      out.writeEndArray();
    } else if (value instanceof SdkBytes) {
      out.writeString(Base64.getEncoder().encodeToString(((SdkBytes) value).asByteArray()));
    } else if (value instanceof byte[]) {
      out.writeString(Base64.getEncoder().encodeToString((byte[]) value));
    } else if (value instanceof ByteBuffer) {
      out.writeString(
          Base64.getEncoder()
              .encodeToString(SdkBytes.fromByteBuffer((ByteBuffer) value).asByteArray()));
    } else if (value instanceof Character || value instanceof Enum) {
      out.writeString(value.toString());
    } else {
      throw new IllegalArgumentException(
          "cannot write a " + value.getClass().getName() + " as JSON");
    }
  }
}

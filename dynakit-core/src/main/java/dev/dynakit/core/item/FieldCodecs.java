package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.math.BigDecimal;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The common field codecs. Dates have no default representation: choose ISO text or epoch numbers
 * per field. ISO text is written with a fixed number of fractional digits so that text order equals
 * time order (DynamoDB compares strings byte by byte, and {@code asOf} filters compare text).
 */
public final class FieldCodecs {
  private static final DateTimeFormatter ISO_MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter ISO_NANOS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private FieldCodecs() {}

  /**
   * {@link Date} as ISO-8601 UTC text with milliseconds ({@code 2026-04-12T10:15:30.000Z}), the
   * JavaScript toolkit's {@code dateISO}. Reads any ISO-8601 instant with an offset.
   */
  public static FieldCodec<Date> dateIso() {
    return new SimpleCodec<>(
        "dateIso",
        Date.class,
        date -> ISO_MILLIS.format(date.toInstant()),
        stored -> Date.from(parseInstant(stored)));
  }

  /** {@link Date} as epoch milliseconds, the JavaScript toolkit's {@code dateEpoch}. */
  public static FieldCodec<Date> dateEpoch() {
    return new SimpleCodec<>(
        "dateEpoch", Date.class, Date::getTime, stored -> new Date(exactLong(stored)));
  }

  /**
   * {@link Instant} as ISO-8601 UTC text with nine fractional digits ({@code
   * 2026-04-12T10:15:30.123456789Z}): exact, and ordered as text.
   */
  public static FieldCodec<Instant> instantIso() {
    return new SimpleCodec<>(
        "instantIso", Instant.class, ISO_NANOS::format, FieldCodecs::parseInstant);
  }

  /** {@link Instant} as epoch milliseconds; anything finer than a millisecond is dropped. */
  public static FieldCodec<Instant> instantEpochMillis() {
    return new SimpleCodec<>(
        "instantEpochMillis",
        Instant.class,
        Instant::toEpochMilli,
        stored -> Instant.ofEpochMilli(exactLong(stored)));
  }

  /**
   * {@link Instant} as epoch seconds, the unit of DynamoDB's TTL attribute; anything finer than a
   * second is dropped.
   */
  public static FieldCodec<Instant> instantEpochSeconds() {
    return new SimpleCodec<>(
        "instantEpochSeconds",
        Instant.class,
        instant -> instant.truncatedTo(ChronoUnit.SECONDS).getEpochSecond(),
        stored -> Instant.ofEpochSecond(exactLong(stored)));
  }

  /** {@link LocalDate} as ISO text ({@code 2026-04-12}). */
  public static FieldCodec<LocalDate> localDateIso() {
    return new SimpleCodec<>(
        "localDateIso",
        LocalDate.class,
        LocalDate::toString,
        stored -> LocalDate.parse(text(stored)));
  }

  /** {@link URL} as its external form. */
  public static FieldCodec<URL> url() {
    return new SimpleCodec<>("url", URL.class, URL::toExternalForm, FieldCodecs::parseUrl);
  }

  /** {@link URI} as its text. */
  public static FieldCodec<URI> uri() {
    return new SimpleCodec<>("uri", URI.class, URI::toString, stored -> URI.create(text(stored)));
  }

  /** An enum as its constant name. */
  public static <E extends Enum<E>> FieldCodec<E> enumName(Class<E> type) {
    return new SimpleCodec<>(
        "enum:" + type.getName(),
        type,
        Enum::name,
        stored -> {
          String name = text(stored);
          for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(name)) {
              return constant;
            }
          }
          throw new MarshallingException(
              null,
              "'"
                  + name
                  + "' is not a constant of "
                  + type.getSimpleName()
                  + " "
                  + List.of(type.getEnumConstants()));
        });
  }

  /**
   * A {@code Map<String, V>} whose values go through {@code values}; the map itself is stored as a
   * DynamoDB map.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <V> FieldCodec<Map<String, V>> mapOf(FieldCodec<V> values) {
    Class<Map<String, V>> type = (Class) Map.class;
    return new SimpleCodec<>(
        "map:" + values.spec(),
        type,
        map -> {
          Map<String, Object> stored = new LinkedHashMap<>();
          map.forEach(
              (key, value) -> stored.put(key, value == null ? null : values.normalize(value)));
          return stored;
        },
        stored -> {
          if (!(stored instanceof Map)) {
            throw new MarshallingException(
                null, "expected a map, got " + SimpleCodec.describe(stored));
          }
          Map<String, V> map = new LinkedHashMap<>();
          ((Map<?, ?>) stored)
              .forEach(
                  (key, value) ->
                      map.put(
                          String.valueOf(key), value == null ? null : values.fromStored(value)));
          return map;
        });
  }

  /** A {@code List<V>} whose elements go through {@code elements}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <V> FieldCodec<List<V>> listOf(FieldCodec<V> elements) {
    Class<List<V>> type = (Class) List.class;
    return new SimpleCodec<>(
        "list:" + elements.spec(),
        type,
        list -> {
          List<Object> stored = new ArrayList<>(list.size());
          for (V value : list) {
            stored.add(value == null ? null : elements.normalize(value));
          }
          return stored;
        },
        stored -> {
          if (!(stored instanceof Collection)) {
            throw new MarshallingException(
                null, "expected a list, got " + SimpleCodec.describe(stored));
          }
          List<V> list = new ArrayList<>();
          for (Object value : (Collection<?>) stored) {
            list.add(value == null ? null : elements.fromStored(value));
          }
          return list;
        });
  }

  /**
   * The codec a {@link FieldCodec#spec()} names: {@code dateIso}, {@code dateEpoch}, {@code
   * instantIso}, {@code instantEpochMillis}, {@code instantEpochSeconds}, {@code localDateIso},
   * {@code url}, {@code uri}, {@code enum:<class name>}, {@code map:<spec>}, {@code list:<spec>}.
   *
   * @throws IllegalArgumentException for any other text, or an enum class that cannot be loaded
   */
  public static FieldCodec<?> parse(String spec) {
    switch (spec) {
      case "dateIso":
        return dateIso();
      case "dateEpoch":
        return dateEpoch();
      case "instantIso":
        return instantIso();
      case "instantEpochMillis":
        return instantEpochMillis();
      case "instantEpochSeconds":
        return instantEpochSeconds();
      case "localDateIso":
        return localDateIso();
      case "url":
        return url();
      case "uri":
        return uri();
      default:
        break;
    }
    if (spec.startsWith("map:")) {
      return mapOf(parse(spec.substring(4)));
    }
    if (spec.startsWith("list:")) {
      return listOf(parse(spec.substring(5)));
    }
    if (spec.startsWith("enum:")) {
      return enumCodec(spec.substring(5));
    }
    throw new IllegalArgumentException(
        "unknown codec '"
            + spec
            + "'; known: dateIso, dateEpoch, instantIso, instantEpochMillis, instantEpochSeconds,"
            + " localDateIso, url, uri, enum:<class>, map:<codec>, list:<codec>");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static FieldCodec<?> enumCodec(String className) {
    Class<?> type;
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      type =
          Class.forName(
              className, false, loader == null ? FieldCodecs.class.getClassLoader() : loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("enum class '" + className + "' cannot be loaded", e);
    }
    if (!type.isEnum()) {
      throw new IllegalArgumentException("'" + className + "' is not an enum");
    }
    return enumName((Class) type);
  }

  private static Instant parseInstant(Object stored) {
    return DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text(stored), Instant::from);
  }

  private static URL parseUrl(Object stored) {
    try {
      return URI.create(text(stored)).toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static String text(Object stored) {
    if (stored instanceof String) {
      return (String) stored;
    }
    throw new MarshallingException(null, "expected text, got " + SimpleCodec.describe(stored));
  }

  private static long exactLong(Object stored) {
    if (stored instanceof Number) {
      try {
        return new BigDecimal(stored.toString()).longValueExact();
      } catch (ArithmeticException | NumberFormatException e) {
        throw new MarshallingException(
            null, "expected a whole number of milliseconds or seconds, got " + stored, e);
      }
    }
    throw new MarshallingException(null, "expected a number, got " + SimpleCodec.describe(stored));
  }
}

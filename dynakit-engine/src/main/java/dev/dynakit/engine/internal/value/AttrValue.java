package dev.dynakit.engine.internal.value;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A DynamoDB attribute value: one of the ten types. Values are immutable; sets keep the order in
 * which they were given (DynamoDB does not promise an order) and never hold duplicates; numbers are
 * canonical decimals already checked against DynamoDB's precision and range (see {@link Numbers}).
 */
public sealed interface AttrValue
    permits AttrValue.S,
        AttrValue.N,
        AttrValue.B,
        AttrValue.Bool,
        AttrValue.Null,
        AttrValue.SS,
        AttrValue.NS,
        AttrValue.BS,
        AttrValue.L,
        AttrValue.M {

  /** The wire name of this value's type: S, N, B, BOOL, NULL, SS, NS, BS, L or M. */
  String typeName();

  /** A string. */
  record S(String value) implements AttrValue {
    @Override
    public String typeName() {
      return "S";
    }

    /** The UTF-8 length, which is what DynamoDB measures and orders by. */
    public int utf8Length() {
      return Utf8.length(value);
    }
  }

  /** A number, canonical (no trailing zeros), within DynamoDB's precision and range. */
  record N(BigDecimal value) implements AttrValue {
    public N {
      value = Numbers.canonical(value);
    }

    /** Parses and validates wire text ({@code "1.50"}, {@code "-3e5"}). */
    public static N parse(String text) {
      return new N(Numbers.read(text));
    }

    /** The canonical wire text DynamoDB returns for this number. */
    public String text() {
      return Numbers.toText(value);
    }

    @Override
    public String typeName() {
      return "N";
    }
  }

  /** A binary. */
  record B(Binary value) implements AttrValue {
    @Override
    public String typeName() {
      return "B";
    }
  }

  /** A boolean. */
  record Bool(boolean value) implements AttrValue {
    public static final Bool TRUE = new Bool(true);
    public static final Bool FALSE = new Bool(false);

    public static Bool of(boolean value) {
      return value ? TRUE : FALSE;
    }

    @Override
    public String typeName() {
      return "BOOL";
    }
  }

  /** The null value (always {@code true} on the wire). */
  record Null() implements AttrValue {
    public static final Null INSTANCE = new Null();

    @Override
    public String typeName() {
      return "NULL";
    }
  }

  /** A non-empty string set, its members in DynamoDB's order: by their UTF-8 bytes. */
  record SS(List<String> values) implements AttrValue {
    public SS {
      values = values.stream().sorted(Utf8.ORDER).toList();
    }

    @Override
    public String typeName() {
      return "SS";
    }
  }

  /** A non-empty number set, its members in DynamoDB's order: by value. */
  record NS(List<BigDecimal> values) implements AttrValue {
    public NS {
      values = values.stream().map(Numbers::canonical).sorted().toList();
    }

    @Override
    public String typeName() {
      return "NS";
    }
  }

  /** A non-empty binary set, its members in DynamoDB's order: by their unsigned bytes. */
  record BS(List<Binary> values) implements AttrValue {
    public BS {
      values = values.stream().sorted().toList();
    }

    @Override
    public String typeName() {
      return "BS";
    }
  }

  /** A list of values of any types. */
  record L(List<AttrValue> values) implements AttrValue {
    public L {
      values = Collections.unmodifiableList(List.copyOf(values));
    }

    @Override
    public String typeName() {
      return "L";
    }
  }

  /** A map from attribute names to values; keeps insertion order. */
  record M(Map<String, AttrValue> values) implements AttrValue {
    public M {
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    @Override
    public String typeName() {
      return "M";
    }
  }

  static S s(String value) {
    return new S(value);
  }

  static B b(String utf8) {
    return new B(Binary.wrap(utf8.getBytes(StandardCharsets.UTF_8)));
  }
}

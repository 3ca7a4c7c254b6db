package dev.dynakit.core.schema;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.DeclarationException.Problem;
import dev.dynakit.core.item.FieldCodecs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Reads a declaration file. Shape problems (a wrong JSON type, an unknown option, an unknown
 * operator) are collected and reported together with the rule problems the builder finds.
 */
final class SpecJsonReader {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  static final Set<String> OPTIONS =
      Set.of(
          "table",
          "keyFields",
          "structuralKey",
          "indices",
          "indirectIndices",
          "typeLabels",
          "typeDiscriminator",
          "typeField",
          "technicalPrefix",
          "searchable",
          "searchablePrefix",
          "filterable",
          "versionField",
          "createdAtField",
          "relationships",
          "descriptorKey",
          "projectionFieldMap",
          "codecs",
          "billingMode",
          "provisionedThroughput",
          "ttlField",
          "streamSpecification",
          "partitionKey",
          "sortKey",
          "entities",
          "accessPatterns");

  private static final List<String> OPERATORS =
      Arrays.stream(FilterOp.values()).map(FilterOp::code).toList();

  private final List<Problem> problems = new ArrayList<>();

  private SpecJsonReader() {}

  static TableSpec read(Path file) {
    try {
      return read(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the declaration file " + file, e);
    }
  }

  static TableSpec read(String json) {
    Object tree;
    try {
      tree = MAPPER.readValue(json, Object.class);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw new DeclarationException(
          "",
          List.of(new Problem("(file)", "not valid JSON" + where + ": " + e.getOriginalMessage())));
    }
    if (!(tree instanceof Map)) {
      throw new DeclarationException(
          "", List.of(new Problem("(file)", "a declaration is a JSON object")));
    }
    return new SpecJsonReader().builder(cast(tree)).build();
  }

  private TableSpec.Builder builder(Map<String, Object> root) {
    for (String key : root.keySet()) {
      if (!OPTIONS.contains(key)) {
        problem(key, unknown("unknown option", key, OPTIONS, "the options are "));
      }
    }
    String table = text(root, "table", "table");
    TableSpec.Builder b = TableSpec.builder(table == null ? "" : table);
    keyFields(b, root.get("keyFields"));
    structuralKey(b, root.get("structuralKey"));
    Map<String, Object> indices = object(root.get("indices"), "indices");
    if (indices != null) {
      indices.forEach((name, spec) -> index(b, name, spec));
    }
    indirectIndices(b, root.get("indirectIndices"));
    List<Object> labels = list(root.get("typeLabels"), "typeLabels");
    if (labels != null) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < labels.size(); i++) {
        String label = text(labels.get(i), "typeLabels[" + i + "]");
        names.add(label == null ? "" : label);
      }
      b.typeLabels(names);
    }
    Object discriminator = root.get("typeDiscriminator");
    if (discriminator instanceof Map) {
      Map<String, Object> shape = cast(discriminator);
      only(shape, "typeDiscriminator", "name");
      b.typeDiscriminator = text(shape, "name", "typeDiscriminator.name");
    } else {
      b.typeDiscriminator = text(root, "typeDiscriminator", "typeDiscriminator");
    }
    b.typeField = text(root, "typeField", "typeField");
    b.technicalPrefix = text(root, "technicalPrefix", "technicalPrefix");
    searchable(b, root.get("searchable"));
    b.searchablePrefix = text(root, "searchablePrefix", "searchablePrefix");
    filterable(b, root.get("filterable"));
    b.versionField = text(root, "versionField", "versionField");
    b.createdAtField = text(root, "createdAtField", "createdAtField");
    Map<String, Object> relationships = object(root.get("relationships"), "relationships");
    if (relationships != null) {
      only(relationships, "relationships", "structural");
      Boolean structural = bool(relationships.get("structural"), "relationships.structural");
      b.structuralRelationships = structural != null && structural;
    }
    b.descriptorKey = text(root, "descriptorKey", "descriptorKey");
    Map<String, Object> aliases = object(root.get("projectionFieldMap"), "projectionFieldMap");
    if (aliases != null) {
      aliases.forEach(
          (alias, field) -> {
            String real = text(field, "projectionFieldMap." + alias);
            if (real != null) {
              b.projectionAlias(alias, real);
            }
          });
    }
    codecs(b, root.get("codecs"));
    provisioning(b, root);
    new EntityJsonReader(this).read(b, root);
    b.shapeProblems.addAll(problems);
    return b;
  }

  private void keyFields(TableSpec.Builder b, @Nullable Object value) {
    List<Object> fields = list(value, "keyFields");
    if (fields == null) {
      return;
    }
    for (int i = 0; i < fields.size(); i++) {
      String at = "keyFields[" + i + "]";
      Object field = fields.get(i);
      if (field instanceof String) {
        b.keyField(KeyField.string((String) field));
        continue;
      }
      Map<String, Object> shape = object(field, at);
      if (shape == null) {
        continue;
      }
      only(shape, at, "name", "type", "width");
      String name = text(shape, "name", at + ".name");
      if (name == null) {
        problem(at + ".name", "required");
        continue;
      }
      ScalarType type = scalarType(shape.get("type"), at + ".type");
      Long width = integer(shape.get("width"), at + ".width");
      b.keyField(new KeyField(name, type, width == null ? null : clampToInt(width)));
    }
  }

  private void structuralKey(TableSpec.Builder b, @Nullable Object value) {
    if (value == null) {
      return;
    }
    if (value instanceof String) {
      b.structuralKey((String) value);
      return;
    }
    Map<String, Object> shape = object(value, "structuralKey");
    if (shape == null) {
      return;
    }
    only(shape, "structuralKey", "name", "separator", "separatorPolicy");
    String name = text(shape, "name", "structuralKey.name");
    String separator = text(shape, "separator", "structuralKey.separator");
    String policy = text(shape, "separatorPolicy", "structuralKey.separatorPolicy");
    SeparatorPolicy parsed = SeparatorPolicy.REJECT;
    if ("escape".equals(policy)) {
      parsed = SeparatorPolicy.ESCAPE;
    } else if (policy != null && !"reject".equals(policy)) {
      problem("structuralKey.separatorPolicy", "must be 'reject' or 'escape'");
    }
    if (name == null) {
      problem("structuralKey.name", "required");
      return;
    }
    b.structuralKey(
        new StructuralKey(
            name, separator == null ? StructuralKey.DEFAULT_SEPARATOR : separator, parsed));
  }

  private void index(TableSpec.Builder b, String name, Object value) {
    String at = "indices." + name;
    Map<String, Object> shape = object(value, at);
    if (shape == null) {
      return;
    }
    only(shape, at, "type", "pk", "sk", "projection", "sparse", "indirect");
    String type = text(shape, "type", at + ".type");
    List<IndexKey> pk = indexKeys(shape.get("pk"), at + ".pk");
    List<IndexKey> sk = indexKeys(shape.get("sk"), at + ".sk");
    IndexProjection projection = projection(shape.get("projection"), at + ".projection");
    SparseRule sparse = sparse(shape.get("sparse"), at + ".sparse", name);
    Boolean indirect = bool(shape.get("indirect"), at + ".indirect");
    boolean twoHops = indirect != null && indirect;
    if ("gsi".equals(type)) {
      b.index(new GlobalIndex(name, pk, sk, projection, sparse, twoHops));
    } else if ("lsi".equals(type)) {
      if (!pk.isEmpty()) {
        problem(at + ".pk", "a local index uses the table's partition key; remove pk");
      }
      b.index(new LocalIndex(name, sk, projection, sparse, twoHops));
    } else {
      problem(at + ".type", "must be 'gsi' or 'lsi'");
    }
  }

  private List<IndexKey> indexKeys(@Nullable Object value, String at) {
    List<IndexKey> keys = new ArrayList<>();
    if (value == null) {
      return keys;
    }
    if (value instanceof List) {
      List<Object> items = cast(value);
      for (int i = 0; i < items.size(); i++) {
        IndexKey key = indexKey(items.get(i), at + "[" + i + "]");
        if (key != null) {
          keys.add(key);
        }
      }
    } else {
      IndexKey key = indexKey(value, at);
      if (key != null) {
        keys.add(key);
      }
    }
    return keys;
  }

  private @Nullable IndexKey indexKey(Object value, String at) {
    if (value instanceof String) {
      return IndexKey.string((String) value);
    }
    Map<String, Object> shape = object(value, at);
    if (shape == null) {
      return null;
    }
    only(shape, at, "name", "type");
    String name = text(shape, "name", at + ".name");
    if (name == null) {
      problem(at + ".name", "required");
      return null;
    }
    return new IndexKey(name, scalarType(shape.get("type"), at + ".type"));
  }

  private IndexProjection projection(@Nullable Object value, String at) {
    if (value == null || "all".equals(value)) {
      return IndexProjection.all();
    }
    if ("keys-only".equals(value)) {
      return IndexProjection.keysOnly();
    }
    if (value instanceof List) {
      List<Object> names = cast(value);
      List<String> attributes = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        String name = text(names.get(i), at + "[" + i + "]");
        if (name != null) {
          attributes.add(name);
        }
      }
      return IndexProjection.include(attributes);
    }
    problem(at, "must be 'all', 'keys-only' or a list of attribute names");
    return IndexProjection.all();
  }

  private SparseRule sparse(@Nullable Object value, String at, String index) {
    if (value == null || Boolean.FALSE.equals(value)) {
      return SparseRule.none();
    }
    if (Boolean.TRUE.equals(value)) {
      return SparseRule.always();
    }
    if (value instanceof Map && ((Map<?, ?>) value).containsKey("onlyWhen")) {
      problem(
          at,
          "a Java predicate cannot be read from a file; write it as {\"when\": {...}} or declare"
              + " it with TableSpec.Builder.sparseWhen(\""
              + index
              + "\", item -> ...)");
      return SparseRule.always();
    }
    if (value instanceof Map && ((Map<?, ?>) value).containsKey("when")) {
      Map<String, Object> shape = cast(value);
      only(shape, at, "when");
      SparseCondition condition =
          new SparseConditionReader(this::problem).read(shape.get("when"), at + ".when");
      return condition == null ? SparseRule.always() : SparseRule.onlyWhen(condition);
    }
    problem(at, "must be true, false or {\"when\": {...}}");
    return SparseRule.none();
  }

  private void indirectIndices(TableSpec.Builder b, @Nullable Object value) {
    Map<String, Object> marks = object(value, "indirectIndices");
    if (marks == null) {
      return;
    }
    marks.forEach(
        (name, mark) -> {
          if (!truthy(mark)) {
            return;
          }
          IndexSpec index = b.indices.get(name);
          if (index instanceof GlobalIndex) {
            GlobalIndex g = (GlobalIndex) index;
            b.indices.put(
                name,
                new GlobalIndex(
                    name, g.partitionKey(), g.sortKey(), g.projection(), g.sparse(), true));
          } else if (index instanceof LocalIndex) {
            LocalIndex l = (LocalIndex) index;
            b.indices.put(
                name, new LocalIndex(name, l.sortKey(), l.projection(), l.sparse(), true));
          } else {
            problem(
                "indirectIndices." + name,
                "declare the index under indices with its keys (and \"indirect\": true)");
          }
        });
  }

  private void searchable(TableSpec.Builder b, @Nullable Object value) {
    if (value == null) {
      return;
    }
    if (value instanceof List) {
      List<Object> names = cast(value);
      for (int i = 0; i < names.size(); i++) {
        String name = text(names.get(i), "searchable[" + i + "]");
        if (name != null) {
          b.searchable(name);
        }
      }
      return;
    }
    Map<String, Object> fields = object(value, "searchable");
    if (fields != null) {
      fields.forEach(
          (name, mark) -> {
            if (truthy(mark)) {
              b.searchable(name);
            }
          });
    }
  }

  private void filterable(TableSpec.Builder b, @Nullable Object value) {
    Map<String, Object> fields = object(value, "filterable");
    if (fields == null) {
      return;
    }
    fields.forEach(
        (field, spec) -> {
          String at = "filterable." + field;
          Object ops = spec;
          ScalarType type = null;
          if (spec instanceof Map) {
            Map<String, Object> shape = cast(spec);
            only(shape, at, "ops", "type");
            ops = shape.get("ops");
            if (shape.get("type") != null) {
              type = scalarType(shape.get("type"), at + ".type");
            }
          }
          List<Object> codes = list(ops, at + ".ops");
          Set<FilterOp> allowed = EnumSet.noneOf(FilterOp.class);
          if (codes != null) {
            for (Object code : codes) {
              FilterOp op = code instanceof String ? FilterOp.fromCode((String) code) : null;
              if (op == null) {
                String hint = code instanceof String given ? NearMiss.hint(given, OPERATORS) : "";
                problem(
                    at + ".ops",
                    "unknown operator '"
                        + code
                        + (hint.isEmpty()
                            ? "'; the operators are " + String.join(" ", OPERATORS)
                            : "'" + hint));
              } else {
                allowed.add(op);
              }
            }
          }
          b.filterable.put(field, new FilterRule(allowed, type));
        });
  }

  private void codecs(TableSpec.Builder b, @Nullable Object value) {
    Map<String, Object> fields = object(value, "codecs");
    if (fields == null) {
      return;
    }
    fields.forEach(
        (field, spec) -> {
          String name = text(spec, "codecs." + field);
          if (name == null) {
            return;
          }
          try {
            b.codec(field, FieldCodecs.parse(name));
          } catch (IllegalArgumentException e) {
            problem("codecs." + field, e.getMessage());
          }
        });
  }

  private void provisioning(TableSpec.Builder b, Map<String, Object> root) {
    String billing = text(root, "billingMode", "billingMode");
    if (billing != null) {
      try {
        b.capacityMode = CapacityMode.valueOf(billing);
      } catch (IllegalArgumentException e) {
        problem("billingMode", "must be PAY_PER_REQUEST or PROVISIONED");
      }
    }
    Map<String, Object> throughput =
        object(root.get("provisionedThroughput"), "provisionedThroughput");
    if (throughput != null) {
      only(throughput, "provisionedThroughput", "ReadCapacityUnits", "WriteCapacityUnits");
      Long read =
          integer(throughput.get("ReadCapacityUnits"), "provisionedThroughput.ReadCapacityUnits");
      Long write =
          integer(throughput.get("WriteCapacityUnits"), "provisionedThroughput.WriteCapacityUnits");
      if (read == null || write == null) {
        problem("provisionedThroughput", "needs ReadCapacityUnits and WriteCapacityUnits");
      } else {
        b.throughput = new Throughput(read, write);
      }
    }
    b.ttlField = text(root, "ttlField", "ttlField");
    Map<String, Object> stream = object(root.get("streamSpecification"), "streamSpecification");
    if (stream != null) {
      only(stream, "streamSpecification", "StreamEnabled", "StreamViewType");
      Boolean enabled = bool(stream.get("StreamEnabled"), "streamSpecification.StreamEnabled");
      String view = text(stream, "StreamViewType", "streamSpecification.StreamViewType");
      StreamView parsed = null;
      if (view != null) {
        try {
          parsed = StreamView.valueOf(view);
        } catch (IllegalArgumentException e) {
          problem(
              "streamSpecification.StreamViewType",
              "must be KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES");
        }
      }
      b.stream = new StreamSettings(enabled != null && enabled, parsed);
    }
  }

  // ---- shapes

  void problem(String field, String rule) {
    problems.add(new Problem(field, rule));
  }

  /**
   * The rule for a name that is not one of {@code known}: what the name probably should have been
   * when one is close, else every name allowed.
   */
  private static String unknown(String what, String given, Collection<String> known, String all) {
    String hint = NearMiss.hint(given, known);
    return hint.isEmpty() ? what + "; " + all + new TreeSet<>(known) : what + hint;
  }

  void only(Map<String, Object> shape, String at, String... keys) {
    List<String> known = List.of(keys);
    for (String key : shape.keySet()) {
      if (!known.contains(key)) {
        problem(at + "." + key, unknown("unknown key", key, known, "allowed here: "));
      }
    }
  }

  @Nullable String text(Map<String, Object> shape, String key, String at) {
    return text(shape.get(key), at);
  }

  @Nullable String text(@Nullable Object value, String at) {
    if (value == null || value instanceof String) {
      return (String) value;
    }
    problem(at, "must be a string");
    return null;
  }

  @Nullable Boolean bool(@Nullable Object value, String at) {
    if (value == null || value instanceof Boolean) {
      return (Boolean) value;
    }
    problem(at, "must be true or false");
    return null;
  }

  @Nullable Long integer(@Nullable Object value, String at) {
    if (value == null) {
      return null;
    }
    if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger) {
      problem(at, "is too large");
      return null;
    }
    problem(at, "must be a whole number");
    return null;
  }

  private ScalarType scalarType(@Nullable Object value, String at) {
    if (value == null) {
      return ScalarType.STRING;
    }
    ScalarType type = value instanceof String ? ScalarType.fromJsonName((String) value) : null;
    if (type == null) {
      problem(at, "must be 'string', 'number' or 'binary'");
      return ScalarType.STRING;
    }
    return type;
  }

  @Nullable Map<String, Object> object(@Nullable Object value, String at) {
    if (value == null) {
      return null;
    }
    if (value instanceof Map) {
      return cast(value);
    }
    problem(at, "must be an object");
    return null;
  }

  @Nullable List<Object> list(@Nullable Object value, String at) {
    if (value == null) {
      return null;
    }
    if (value instanceof List) {
      return cast(value);
    }
    problem(at, "must be a list");
    return null;
  }

  private static boolean truthy(@Nullable Object mark) {
    return Boolean.TRUE.equals(mark) || (mark instanceof Number && ((Number) mark).intValue() != 0);
  }

  private static int clampToInt(long value) {
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
  }

  @SuppressWarnings("unchecked")
  static <T> T cast(Object value) {
    return (T) value;
  }
}

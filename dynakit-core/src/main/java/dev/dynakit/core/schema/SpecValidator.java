package dev.dynakit.core.schema;

import dev.dynakit.core.DeclarationException.Problem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Every rule of a declaration, checked at once. Problem fields are spelled as in the JSON file so
 * that one message serves builder and file users alike.
 */
final class SpecValidator {
  private static final Pattern RESOURCE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");
  private static final int MAX_KEY_NAME_BYTES = 255;
  private static final int MAX_WIDTH = 38;
  private static final int MAX_KEY_ATTRIBUTES = 4;
  private static final int MAX_LOCAL_INDICES = 5;
  private static final int MAX_PROJECTED_ATTRIBUTES = 100;

  private final TableSpec.Builder b;
  private final Map<String, IndexSpec> indices;
  private final List<Problem> problems = new ArrayList<>();

  SpecValidator(TableSpec.Builder builder, Map<String, IndexSpec> indices) {
    this.b = builder;
    this.indices = indices;
  }

  List<Problem> validate() {
    table();
    keyFields();
    structuralKey();
    indices();
    types();
    technicalFields();
    searchAndFilter();
    codecs();
    provisioning();
    return problems;
  }

  private void problem(String field, String rule) {
    problems.add(new Problem(field, rule));
  }

  private void table() {
    if (b.table.isEmpty()) {
      problem("table", "required");
    } else if (!RESOURCE_NAME.matcher(b.table).matches()) {
      problem(
          "table",
          "'"
              + b.table
              + "' is not a table name: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-', '.'");
    }
  }

  private void keyFields() {
    if (b.keyFields.isEmpty()) {
      problem("keyFields", "declare at least the partition key");
      return;
    }
    Set<String> seen = new HashSet<>();
    boolean composite = b.keyFields.size() > 1;
    for (int i = 0; i < b.keyFields.size(); i++) {
      KeyField field = b.keyFields.get(i);
      String at = "keyFields[" + i + "]";
      attributeName(at + ".name", field.name());
      if (!seen.add(field.name())) {
        problem(at + ".name", "'" + field.name() + "' is declared twice");
      }
      Integer width = field.width();
      if (width != null) {
        if (field.type() != ScalarType.NUMBER) {
          problem(at + ".width", "a width applies to number fields only");
        } else if (width < 1 || width > MAX_WIDTH) {
          problem(
              at + ".width",
              "must be between 1 and 38 (DynamoDB numbers have at most 38 digits), got " + width);
        }
      } else if (composite && field.type() == ScalarType.NUMBER) {
        problem(
            at + ".width",
            "a number field of a structural key needs a width, so that its zero-padded text sorts"
                + " in numeric order");
      }
      if (b.technicalPrefix != null
          && !b.technicalPrefix.isEmpty()
          && field.name().startsWith(b.technicalPrefix)) {
        problem(
            at + ".name",
            "key fields are user fields and must not start with the technical prefix '"
                + b.technicalPrefix
                + "'");
      }
    }
  }

  private void structuralKey() {
    StructuralKey key = b.structuralKey;
    if (key == null) {
      if (b.keyFields.size() > 1) {
        problem(
            "structuralKey",
            "required with more than one key field: it is the sort key that joins them");
      }
      return;
    }
    attributeName("structuralKey.name", key.name());
    for (KeyField field : b.keyFields) {
      if (field.name().equals(key.name())) {
        problem(
            "structuralKey.name",
            "'"
                + key.name()
                + "' is also a key field; the structural key holds their joined values");
      }
    }
    if (b.genericKeys) {
      // a generic sort key (SK) is a user-visible key attribute whose value templates compose
      return;
    }
    mustStartWithPrefix("structuralKey.name", key.name());
    String separator = key.separator();
    if (separator.isEmpty()) {
      problem("structuralKey.separator", "must not be empty");
      return;
    }
    boolean numeric = false;
    boolean binary = false;
    for (KeyField field : b.keyFields) {
      numeric |= field.type() == ScalarType.NUMBER;
      binary |= field.type() == ScalarType.BINARY;
    }
    if ((numeric || binary) && separator.chars().anyMatch(c -> c >= '0' && c <= '9')) {
      problem(
          "structuralKey.separator",
          "must not contain digits: number and binary parts are written with digits");
    } else if (binary && separator.chars().anyMatch(c -> Character.digit(c, 16) >= 0)) {
      problem(
          "structuralKey.separator",
          "must not contain hexadecimal digits: binary parts are written as hex");
    }
    if (key.policy() == SeparatorPolicy.ESCAPE
        && separator
            .chars()
            .anyMatch(c -> c == '%' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) {
      problem(
          "structuralKey.separator",
          "with escaping, must not contain '%', 0-9 or A-F: escapes are written as %XXXX");
    }
  }

  private void indices() {
    for (String repeated : b.repeatedIndices) {
      problem("indices." + repeated, "declared twice");
    }
    int locals = 0;
    int projected = 0;
    for (IndexSpec index : indices.values()) {
      String at = "indices." + index.name();
      if (!RESOURCE_NAME.matcher(index.name()).matches()) {
        problem(at, "index names are 3 to 255 characters of a-z, A-Z, 0-9, '_', '-', '.'");
      }
      if (index instanceof GlobalIndex) {
        GlobalIndex global = (GlobalIndex) index;
        keyAttributes(at + ".pk", global.partitionKey(), 1, MAX_KEY_ATTRIBUTES, "a GSI");
        keyAttributes(at + ".sk", global.sortKey(), 0, MAX_KEY_ATTRIBUTES, "a GSI");
      } else {
        locals++;
        if (b.structuralKey == null) {
          problem(
              at,
              "a local index needs a table with a sort key; declare a structural key or use a"
                  + " global index");
        }
        keyAttributes(at + ".sk", index.sortKey(), 1, 1, "a local index");
      }
      Set<String> names = new HashSet<>();
      for (IndexKey key : keysOf(index)) {
        if (!names.add(key.name())) {
          problem(at, "the attribute '" + key.name() + "' appears twice in the index key");
        }
      }
      if (index.projection() instanceof IndexProjection.Include) {
        List<String> attributes = ((IndexProjection.Include) index.projection()).attributes();
        if (attributes.isEmpty()) {
          problem(at + ".projection", "an include projection names at least one attribute");
        }
        if (new HashSet<>(attributes).size() != attributes.size()) {
          problem(at + ".projection", "names an attribute twice");
        }
        for (String attribute : attributes) {
          if (attribute.isEmpty()) {
            problem(at + ".projection", "attribute names must not be empty");
          }
        }
        projected += attributes.size();
      }
    }
    if (locals > MAX_LOCAL_INDICES) {
      problem("indices", "declares " + locals + " local indices; DynamoDB allows 5");
    }
    if (projected > MAX_PROJECTED_ATTRIBUTES) {
      problem(
          "indices",
          "the include projections name "
              + projected
              + " attributes in total; DynamoDB allows 100 across all indices");
    }
  }

  private void keyAttributes(String at, List<IndexKey> keys, int min, int max, String kind) {
    if (keys.size() < min) {
      problem(
          at,
          kind
              + " needs "
              + (min == max ? "exactly " + min : "at least " + min)
              + " key attribute"
              + (min == 1 ? "" : "s"));
    } else if (keys.size() > max) {
      problem(
          at,
          kind
              + " key has at most "
              + max
              + (max == 1 ? " attribute" : " attributes")
              + ", got "
              + keys.size());
    }
    for (IndexKey key : keys) {
      attributeName(at, key.name());
    }
  }

  /** Key attributes appear in AttributeDefinitions: one name, one type, everywhere. */
  private void types() {
    Map<String, ScalarType> declared = new HashMap<>();
    Map<String, String> where = new HashMap<>();
    for (int i = 0; i < b.keyFields.size(); i++) {
      KeyField field = b.keyFields.get(i);
      declared.putIfAbsent(field.name(), field.type());
      where.putIfAbsent(field.name(), "keyFields[" + i + "]");
    }
    if (b.structuralKey != null) {
      checkType(declared, where, b.structuralKey.name(), ScalarType.STRING, "structuralKey");
    }
    for (IndexSpec index : indices.values()) {
      if (index instanceof GlobalIndex) {
        for (IndexKey key : ((GlobalIndex) index).partitionKey()) {
          checkType(declared, where, key.name(), key.type(), "indices." + index.name() + ".pk");
        }
      }
      for (IndexKey key : index.sortKey()) {
        checkType(declared, where, key.name(), key.type(), "indices." + index.name() + ".sk");
      }
    }
  }

  private void checkType(
      Map<String, ScalarType> declared,
      Map<String, String> where,
      String name,
      ScalarType type,
      String at) {
    ScalarType earlier = declared.putIfAbsent(name, type);
    if (earlier == null) {
      where.put(name, at);
    } else if (earlier != type) {
      problem(
          at,
          "'"
              + name
              + "' is declared "
              + type.jsonName()
              + " here but "
              + earlier.jsonName()
              + " in "
              + where.get(name)
              + "; an attribute has one type");
    }
  }

  private void technicalFields() {
    notEmpty("technicalPrefix", b.technicalPrefix);
    notEmpty("typeDiscriminator", b.typeDiscriminator);
    notEmpty("typeField", b.typeField);
    notEmpty("descriptorKey", b.descriptorKey);
    notEmpty("ttlField", b.ttlField);
    technicalField("versionField", b.versionField);
    technicalField("createdAtField", b.createdAtField);
    if (b.versionField != null && b.versionField.equals(b.createdAtField)) {
      problem("createdAtField", "must differ from versionField");
    }
    if (b.structuralRelationships && (b.keyFields.size() < 2 || b.structuralKey == null)) {
      problem(
          "relationships.structural",
          "needs a hierarchy: at least two key fields joined by a structural key");
    }
    if (!b.typeLabels.isEmpty()) {
      typeLabels();
    }
  }

  private void technicalField(String at, @Nullable String field) {
    if (field == null) {
      return;
    }
    if (field.isEmpty()) {
      problem(at, "must not be empty");
    } else if (b.technicalPrefix == null) {
      problem(at, "needs a technicalPrefix: it is a technical field, written by the toolkit");
    } else {
      mustStartWithPrefix(at, field);
    }
    for (KeyField key : b.keyFields) {
      if (key.name().equals(field)) {
        problem(at, "'" + field + "' is a key field");
      }
    }
  }

  private void typeLabels() {
    List<String> labels = b.typeLabels;
    if (labels.size() != b.keyFields.size()) {
      problem(
          "typeLabels",
          "needs one label per key field (" + b.keyFields.size() + "), got " + labels.size());
    }
    for (int i = 0; i < labels.size(); i++) {
      if (labels.get(i).isEmpty()) {
        problem("typeLabels[" + i + "]", "must not be empty");
        continue;
      }
      for (int j = 0; j < labels.size(); j++) {
        if (i == j || labels.get(j).isEmpty()) {
          continue;
        }
        if (labels.get(i).equals(labels.get(j))) {
          if (i < j) {
            problem(
                "typeLabels[" + j + "]", "'" + labels.get(j) + "' repeats typeLabels[" + i + "]");
          }
        } else if (labels.get(j).startsWith(labels.get(i))) {
          problem(
              "typeLabels[" + i + "]",
              "'"
                  + labels.get(i)
                  + "' is a prefix of typeLabels["
                  + j
                  + "] '"
                  + labels.get(j)
                  + "'; labels must not be prefixes of one another");
        }
      }
    }
  }

  private void searchAndFilter() {
    for (String field : b.searchable) {
      if (field.isEmpty()) {
        problem("searchable", "field names must not be empty");
      }
    }
    String prefix = b.resolvedSearchablePrefix();
    if (prefix.isEmpty()) {
      problem("searchablePrefix", "must not be empty");
    } else if (!b.searchable.isEmpty()) {
      mustStartWithPrefix("searchablePrefix", prefix);
    }
    b.filterable.forEach(
        (field, rule) -> {
          if (field.isEmpty()) {
            problem("filterable", "field names must not be empty");
          }
          if (rule.ops().isEmpty()) {
            problem("filterable." + field + ".ops", "list at least one operator");
          }
        });
    b.projectionFieldMap.forEach(
        (alias, field) -> {
          if (alias.isEmpty() || field.isEmpty()) {
            problem("projectionFieldMap", "aliases and fields must not be empty");
          }
        });
  }

  private void codecs() {
    for (String field : b.codecs.keySet()) {
      if (field.isEmpty()) {
        problem("codecs", "field names must not be empty");
      }
      for (KeyField key : b.keyFields) {
        if (key.name().equals(field)) {
          problem(
              "codecs." + field,
              "key fields cannot have codecs: their values form the key as declared");
        }
      }
    }
  }

  private void provisioning() {
    Throughput throughput = b.throughput;
    if (b.capacityMode == CapacityMode.PROVISIONED) {
      if (throughput == null) {
        problem("provisionedThroughput", "required with billingMode PROVISIONED");
      } else if (throughput.readCapacityUnits() < 1 || throughput.writeCapacityUnits() < 1) {
        problem("provisionedThroughput", "read and write capacity units must be at least 1");
      }
    } else if (throughput != null) {
      problem("provisionedThroughput", "applies only with billingMode PROVISIONED");
    }
    StreamSettings stream = b.stream;
    if (stream != null && stream.enabled() && stream.view() == null) {
      problem("streamSpecification.StreamViewType", "required when the stream is enabled");
    }
  }

  private void attributeName(String at, String name) {
    if (name.isEmpty()) {
      problem(at, "must not be empty");
    } else if (name.getBytes(StandardCharsets.UTF_8).length > MAX_KEY_NAME_BYTES) {
      problem(at, "key attribute names are at most 255 bytes");
    }
  }

  private void notEmpty(String at, @Nullable String value) {
    if (value != null && value.isEmpty()) {
      problem(at, "must not be empty");
    }
  }

  private void mustStartWithPrefix(String at, String name) {
    String prefix = b.technicalPrefix;
    if (prefix != null && !prefix.isEmpty() && !name.startsWith(prefix)) {
      problem(at, "'" + name + "' must start with the technical prefix '" + prefix + "'");
    }
  }

  /** Every key attribute an index declares itself (an LSI's partition key is the table's). */
  static List<IndexKey> keysOf(IndexSpec index) {
    List<IndexKey> keys = new ArrayList<>();
    if (index instanceof GlobalIndex) {
      keys.addAll(((GlobalIndex) index).partitionKey());
    }
    keys.addAll(index.sortKey());
    return keys;
  }
}

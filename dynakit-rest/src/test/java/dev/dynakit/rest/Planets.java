package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.adapter.ListInput;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.expr.KeyCondition;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reference toolkit's end-to-end fixture, in small: planets keyed by name, a GSI that sorts
 * them by name within {@code kind = planet}, search mirrors on name, climate and terrain.
 */
final class Planets {
  static final TableSpec SPEC =
      TableSpec.builder("planets")
          .keyFields(KeyField.string("name"))
          .technicalPrefix("-")
          .index(IndexSpec.global("byName").partitionKey("kind").sortKey("name").build())
          .searchable("name", "climate", "terrain")
          .filterable("name", FilterOp.values())
          .filterable(
              "climate",
              FilterOp.EQ,
              FilterOp.NE,
              FilterOp.IN,
              FilterOp.CONTAINS,
              FilterOp.BEGINS_WITH,
              FilterOp.EXISTS,
              FilterOp.NOT_EXISTS)
          .filterable("diameter", ScalarType.NUMBER, FilterOp.values())
          .filterable("tags", FilterOp.CONTAINS, FilterOp.EXISTS, FilterOp.NOT_EXISTS)
          .build();

  /** name, climate, terrain, diameter, gravity. */
  private static final String[][] DATA = {
    {"Alderaan", "temperate", "grasslands, mountains", "12500", "1 standard"},
    {"Bespin", "temperate", "gas giant", "118000", "1.5 (surface), 1 standard (Cloud City)"},
    {"Coruscant", "temperate", "cityscape, mountains", "12240", "1 standard"},
    {"Dagobah", "murky", "swamp, jungles", "8900", "N/A"},
    {"Dantooine", "temperate", "oceans, savannas, mountains, grasslands", "9830", "1 standard"},
    {"Endor", "temperate", "forests, mountains, lakes", "4900", "0.85 standard"},
    {"Geonosis", "temperate, arid", "rock, desert, mountain, barren", "11370", "0.9 standard"},
    {"Hoth", "frozen", "tundra, ice caves, mountain ranges", "7200", "1.1 standard"},
    {"Kamino", "temperate", "ocean", "19720", "1 standard"},
    {"Kashyyyk", "tropical", "jungle, forests, lakes, rivers", "12765", "1 standard"},
    {"Mustafar", "hot", "volcanoes, lava rivers, mountains, caves", "4200", "1 standard"},
    {"Naboo", "temperate", "grassy hills, swamps, forests, mountains", "12120", "1 standard"},
    {"Tatooine", "arid", "desert", "10465", "1 standard"},
    {
      "Utapau",
      "temperate, arid, windy",
      "scrublands, savanna, canyons, sinkholes",
      "12900",
      "1 standard"
    },
    {"Yavin IV", "temperate, tropical", "jungle, rainforests", "10200", "1 standard"},
  };

  private Planets() {}

  /** Lists read the name index inside {@code kind = planet}, as the reference's fixture does. */
  static Hooks hooks() {
    return new Hooks() {
      @Override
      public ListInput prepareListInput(ListInput input, Map<String, Object> example) {
        if ("byName".equals(input.indexName()) && input.keyCondition() == null) {
          return input.withKeyCondition(KeyCondition.builder().partition("kind", "planet").build());
        }
        return input;
      }
    };
  }

  static Adapter adapter(DynamoDbClient client) {
    return Adapter.builder(SPEC, client).hooks(hooks()).build();
  }

  static List<Map<String, Object>> all() {
    List<Map<String, Object>> planets = new ArrayList<>();
    for (String[] row : DATA) {
      planets.add(planet(row[0], row[1], row[2], row[3], row[4]));
    }
    return planets;
  }

  static Map<String, Object> planet(
      String name, String climate, String terrain, String diameter, String gravity) {
    Map<String, Object> planet = new LinkedHashMap<>();
    planet.put("name", name);
    planet.put("kind", "planet");
    planet.put("climate", climate);
    planet.put("terrain", terrain);
    planet.put("diameter", new BigDecimal(diameter));
    planet.put("gravity", gravity);
    planet.put("surface_water", new BigDecimal(name.length() % 7));
    return planet;
  }

  /** Creates the table and stores every planet through the Adapter (search mirrors included). */
  static Adapter load(DynamoDbClient client) {
    RestTables.create(client, SPEC);
    Adapter adapter = adapter(client);
    for (Map<String, Object> planet : all()) {
      adapter.put(planet, WriteOptions.overwriting());
    }
    return adapter;
  }

  static int count() {
    return DATA.length;
  }
}

package dev.dynakit.examples.rentals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The example's data: three states, eight cities, a fleet of cars per city and 300 rentals. A fixed
 * seed makes every run write the same items, so the printed results (and the tests that check them)
 * are stable.
 */
final class RentalData {
  static final int RENTALS = 300;
  private static final long SEED = 20_260_601L;
  private static final int CARS_PER_CITY = 4;

  private record City(String state, String city, String code, String airport) {}

  private record Model(String make, String model, int dailyRate) {}

  private record Car(String vin, Model model) {}

  private static final List<String[]> STATES =
      List.of(
          new String[] {"TX", "Texas"},
          new String[] {"CA", "California"},
          new String[] {"NY", "New York"});
  private static final List<City> CITIES =
      List.of(
          new City("TX", "Dallas", "DAL", "DFW"),
          new City("TX", "Austin", "AUS", "AUS"),
          new City("TX", "Houston", "HOU", "IAH"),
          new City("CA", "Fresno", "FRE", "FAT"),
          new City("CA", "Oakland", "OAK", "OAK"),
          new City("CA", "San Diego", "SAN", "SAN"),
          new City("NY", "Albany", "ALB", "ALB"),
          new City("NY", "Buffalo", "BUF", "BUF"));
  private static final List<Model> MODELS =
      List.of(
          new Model("Toyota", "Corolla", 45),
          new Model("Toyota", "Prius", 52),
          new Model("Toyota", "RAV4", 61),
          new Model("Honda", "Civic", 47),
          new Model("Honda", "CR-V", 63),
          new Model("Ford", "Mustang", 89),
          new Model("Ford", "Explorer", 74),
          new Model("Tesla", "Model 3", 95),
          new Model("Chevrolet", "Malibu", 49),
          new Model("Nissan", "Leaf", 50));
  private static final List<String> CUSTOMERS =
      List.of(
          "Ada Lovelace",
          "Grace Hopper",
          "Alan Turing",
          "Maria Garcia",
          "John Smith",
          "Wei Chen",
          "Fatima Khan",
          "Olga Petrova",
          "Kenji Sato",
          "Lucia Rossi",
          "Jose Garcia",
          "Emma Smith");

  /** Statuses with their weights: most rentals are booked or done, some still open. */
  private static final List<String> STATUSES =
      List.of(
          "available",
          "available",
          "available",
          "booked",
          "booked",
          "booked",
          "active",
          "active",
          "returned",
          "returned");

  private final List<Map<String, Object>> items;
  private final List<Map<String, Object>> rentals;

  private RentalData(List<Map<String, Object>> items, List<Map<String, Object>> rentals) {
    this.items = Collections.unmodifiableList(items);
    this.rentals = Collections.unmodifiableList(rentals);
  }

  /** The same data on every call. */
  static RentalData generate() {
    Random random = new Random(SEED);
    List<Map<String, Object>> items = new ArrayList<>();
    for (String[] state : STATES) {
      items.add(item("state", state[0], "name", state[1]));
    }
    Map<City, List<Car>> fleets = new LinkedHashMap<>();
    for (City city : CITIES) {
      items.add(item("state", city.state(), "city", city.city(), "airport", city.airport()));
      List<Car> fleet = new ArrayList<>();
      for (int n = 1; n <= CARS_PER_CITY; n++) {
        Model model = MODELS.get(random.nextInt(MODELS.size()));
        fleet.add(new Car(String.format("%s-%02d", city.code(), n), model));
      }
      fleets.put(city, fleet);
    }
    List<Map<String, Object>> rentals = new ArrayList<>();
    for (int n = 1; n <= RENTALS; n++) {
      City city = CITIES.get(random.nextInt(CITIES.size()));
      Car car = fleets.get(city).get(random.nextInt(CARS_PER_CITY));
      String status = STATUSES.get(random.nextInt(STATUSES.size()));
      Map<String, Object> rental =
          item(
              "state",
              city.state(),
              "city",
              city.city(),
              "rental",
              String.format("r%04d", n),
              "status",
              status,
              "pickupAt",
              String.format("2026-06-%02dT%02d:00", 1 + random.nextInt(30), 8 + random.nextInt(11)),
              "days",
              1 + random.nextInt(7),
              "vin",
              car.vin(),
              "make",
              car.model().make(),
              "model",
              car.model().model(),
              "dailyRate",
              car.model().dailyRate());
      String customer = CUSTOMERS.get(random.nextInt(CUSTOMERS.size()));
      if (!status.equals("available")) {
        rental.put("customer", customer);
      }
      rentals.add(rental);
    }
    items.addAll(rentals);
    return new RentalData(items, rentals);
  }

  /** Every item in load order: states, cities, rentals. */
  List<Map<String, Object>> items() {
    return items;
  }

  /** The rentals, in the order of their numbers. */
  List<Map<String, Object>> rentals() {
    return rentals;
  }

  /** The rentals of one city, in key order. */
  List<Map<String, Object>> rentalsIn(String state, String city) {
    List<Map<String, Object>> found = new ArrayList<>();
    for (Map<String, Object> rental : rentals) {
      if (rental.get("state").equals(state) && rental.get("city").equals(city)) {
        found.add(rental);
      }
    }
    return found;
  }

  /** The first rental of a city (in key order) with this status, other than {@code not}. */
  Map<String, Object> firstIn(String state, String city, String status, Map<String, Object> not) {
    for (Map<String, Object> rental : rentalsIn(state, city)) {
      if (rental.get("status").equals(status) && !rental.equals(not)) {
        return rental;
      }
    }
    throw new IllegalStateException("the example data has no " + status + " rental in " + city);
  }

  int states() {
    return STATES.size();
  }

  int cities() {
    return CITIES.size();
  }

  private static Map<String, Object> item(Object... fieldsAndValues) {
    Map<String, Object> item = new LinkedHashMap<>();
    for (int i = 0; i < fieldsAndValues.length; i += 2) {
      item.put((String) fieldsAndValues[i], fieldsAndValues[i + 1]);
    }
    return item;
  }
}

package dev.dynakit.benchmarks;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command-line flags of the benchmark mains: {@code --name value} pairs and bare {@code
 * --switch}es. Unknown flags are refused, so that a typo in {@code run.sh} fails loudly instead of
 * silently measuring the wrong thing.
 */
final class Flags {
  private final Map<String, String> values;

  private Flags(Map<String, String> values) {
    this.values = values;
  }

  /**
   * Reads {@code args}.
   *
   * @param withValue the flags that take a value
   * @param switches the flags that take none
   */
  static Flags parse(String[] args, Set<String> withValue, Set<String> switches) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (switches.contains(name)) {
        values.put(name, "true");
      } else if (withValue.contains(name)) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(name + " needs a value");
        }
        values.put(name, args[++i]);
      } else {
        throw new IllegalArgumentException(
            "unknown flag " + name + "; known: " + withValue + " " + switches);
      }
    }
    return new Flags(values);
  }

  String string(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  String required(String name) {
    String value = values.get(name);
    if (value == null) {
      throw new IllegalArgumentException(name + " is required");
    }
    return value;
  }

  int integer(String name, int fallback) {
    String value = values.get(name);
    return value == null ? fallback : Integer.parseInt(value);
  }

  /** A length of time given in seconds, fractions allowed ({@code 0.25}); never negative. */
  Duration seconds(String name, Duration fallback) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    double seconds;
    try {
      seconds = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " wants seconds, not " + value, e);
    }
    if (!(seconds >= 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException(name + " wants seconds of at least 0, not " + value);
    }
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }

  boolean has(String name) {
    return values.containsKey(name);
  }

  /** A comma-separated value as a list, e.g. {@code --ops GetItem,PutItem}. */
  List<String> list(String name, String fallback) {
    return List.of(string(name, fallback).split(","));
  }
}

package dev.dynakit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Asks a Dynakit engine's endpoint for its hot-key statistics ({@code
 * Dynakit_20261206.DescribeKeyStatistics}, an operation of Dynakit's own, so plain JSON over HTTP
 * rather than an AWS SDK call) and for its table names.
 */
final class KeyStatisticsClient {
  static final String TARGET = "Dynakit_20261206.DescribeKeyStatistics";

  private final URI endpoint;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final ObjectMapper json = new ObjectMapper();

  KeyStatisticsClient(URI endpoint) {
    this.endpoint = endpoint;
  }

  /** The statistics of one table and its GSIs: the operation's answer as it came. */
  JsonNode describe(String table, int windowSeconds, int limit) {
    ObjectNode request = json.createObjectNode();
    request.put("TableName", table);
    request.put("WindowSeconds", windowSeconds);
    request.put("Limit", limit);
    return call(TARGET, request);
  }

  /** Every table's name, following ListTables' pages. */
  List<String> tables() {
    List<String> names = new ArrayList<>();
    String start = null;
    do {
      ObjectNode request = json.createObjectNode();
      if (start != null) {
        request.put("ExclusiveStartTableName", start);
      }
      JsonNode page = call("DynamoDB_20120810.ListTables", request);
      page.path("TableNames").forEach(n -> names.add(n.asText()));
      start =
          page.hasNonNull("LastEvaluatedTableName")
              ? page.get("LastEvaluatedTableName").asText()
              : null;
    } while (start != null);
    return names;
  }

  private JsonNode call(String target, ObjectNode request) {
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(endpoint)
                  .timeout(Duration.ofSeconds(30))
                  .header("Content-Type", "application/x-amz-json-1.0")
                  .header("X-Amz-Target", target)
                  .POST(HttpRequest.BodyPublishers.ofString(request.toString()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw CommandFailure.failed("cannot reach " + endpoint + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw CommandFailure.failed("interrupted while asking " + endpoint);
    }
    JsonNode body = parse(response.body());
    if (response.statusCode() != 200) {
      throw CommandFailure.failed(endpoint + " refused " + target + ": " + error(body, response));
    }
    if (body == null || !body.isObject()) {
      throw CommandFailure.failed(endpoint + " answered " + target + " with no JSON object");
    }
    return body;
  }

  private @Nullable JsonNode parse(String text) {
    try {
      return json.readTree(text);
    } catch (IOException e) {
      return null;
    }
  }

  private static String error(@Nullable JsonNode body, HttpResponse<String> response) {
    if (body == null) {
      return "HTTP " + response.statusCode();
    }
    String type = body.path("__type").asText("HTTP " + response.statusCode());
    String message =
        body.has("message") ? body.get("message").asText() : body.path("Message").asText("");
    return type.substring(type.indexOf('#') + 1) + (message.isEmpty() ? "" : " (" + message + ")");
  }
}

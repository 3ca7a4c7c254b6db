package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks an endpoint for Dynakit's hot-key statistics ({@code Dynakit_20261206.DescribeKeyStatistics}
 * over the JSON wire protocol). DynamoDB itself does not know the operation; any endpoint that
 * refuses or cannot answer gives the reason instead of keys.
 */
public final class KeyStatisticsClient {
  static final String TARGET = "Dynakit_20261206.DescribeKeyStatistics";
  private static final double READ_CEILING = 3000;
  private static final double WRITE_CEILING = 1000;

  /** The keys, or why there are none. */
  public record Answer(List<Analysis.HotKey> keys, String unavailable) {}

  private KeyStatisticsClient() {}

  /** The hottest {@code limit} keys of {@code table} over the last {@code windowSeconds}. */
  public static Answer fetch(URI endpoint, String table, int windowSeconds, int limit) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("TableName", table);
    body.put("WindowSeconds", windowSeconds);
    body.put("Limit", limit);
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/x-amz-json-1.0")
            .header("X-Amz-Target", TARGET)
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)))
            .build();
    HttpResponse<String> response;
    try {
      response =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(Duration.ofSeconds(5))
              .build()
              .send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      return none("the endpoint did not answer (" + e.getClass().getSimpleName() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return none("interrupted");
    }
    if (response.statusCode() != 200) {
      return none(refusal(response));
    }
    Map<String, Object> answer = Json.object(response.body(), "DescribeKeyStatistics");
    List<Analysis.HotKey> keys = new ArrayList<>();
    for (Object k : Json.list(answer.get("Keys"))) {
      Map<String, Object> key = Json.map(k);
      double peakRead = Json.number(key.get("PeakReadUnitsPerSecond"), 0);
      double peakWrite = Json.number(key.get("PeakWriteUnitsPerSecond"), 0);
      keys.add(
          new Analysis.HotKey(
              key.get("IndexName") instanceof String s ? s : "table",
              AttributeText.of(key.get("PartitionKey")),
              Json.number(key.get("ConsumedReadUnits"), 0),
              Json.number(key.get("ConsumedWriteUnits"), 0),
              peakRead,
              peakWrite,
              (long) Json.number(key.get("ThrottledRequests"), 0),
              Json.number(key.get("ReadCeilingShare"), peakRead / READ_CEILING),
              Json.number(key.get("WriteCeilingShare"), peakWrite / WRITE_CEILING)));
    }
    return new Answer(keys, "");
  }

  private static Answer none(String why) {
    return new Answer(List.of(), "hot-key statistics unavailable: " + why);
  }

  private static String refusal(HttpResponse<String> response) {
    try {
      Map<String, Object> error = Json.object(response.body(), "error");
      Object type = error.get("__type");
      Object message = error.getOrDefault("message", error.get("Message"));
      return "the endpoint answered "
          + response.statusCode()
          + (type == null ? "" : " " + String.valueOf(type).replaceFirst(".*#", ""))
          + (message == null ? "" : ": " + message);
    } catch (RuntimeException e) {
      return "the endpoint answered " + response.statusCode();
    }
  }
}

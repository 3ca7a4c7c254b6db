package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The demo runs the car-rental example on the embedded engine, printing every access pattern, then
 * serves the REST API for its table; the curl commands it prints work as printed.
 */
class DemoCommandTest {
  private static final Pattern CURL = Pattern.compile("^  curl (.*)'(http://\\S+)'$");

  @Test
  void demo_portInUse_isRefusedBeforeAnythingIsLoaded() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      int exit =
          Main.run(
              new PrintWriter(out, true),
              new PrintWriter(err, true),
              "demo",
              "--port",
              Integer.toString(port));

      assertThat(exit).isEqualTo(1);
      assertThat(err.toString())
          .startsWith("dynakit: Cannot listen on 127.0.0.1:" + port + ": the port is in use");
      assertThat(out.toString()).isEmpty();
    }
  }

  @Test
  void demo_noServe_printsEveryAccessPatternAndExits() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit =
        Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "demo", "--no-serve");

    assertThat(err.toString()).isEmpty();
    assertThat(exit).isZero();
    String text = out.toString();
    assertThat(text)
        .contains(
            "Provisioning car-rentals from its declaration:",
            "  + create table car-rentals: key state:S HASH, _sk:S RANGE",
            "Loading 3 states, 8 cities and 300 rentals with rentals.post(item):",
            "  items [##############################] 311/311",
            "   rentals.getByKey({state: \"TX\", city: \"Dallas\", rental: \"r0003\"})",
            "   -> 3 in all, this page:",
            "   -> \"city\"",
            "   -> VersionConflictException: version conflict on",
            "   -> Optional.empty: no item",
            "Done: 14 access patterns on 311 items");
    List<String> titles =
        text.lines().filter(l -> l.matches("\\d+\\. .*")).collect(Collectors.toList());
    assertThat(titles).hasSize(14);
    for (int n = 1; n <= 14; n++) {
      assertThat(titles.get(n - 1)).startsWith(n + ". ");
      assertThat(text).containsPattern("(?m)^" + n + "\\. .*\\R(   \\S.*\\R)+   -> ");
    }
    assertThat(text).doesNotContain("listening on", "curl");
  }

  @Test
  void demo_thenServesTheRestApi_andItsCurlExamplesWork() throws Exception {
    try (CliRun demo = new CliRun("demo", "--port", "0")) {
      URI base = demo.endpoint();
      assertThat(base.toString()).matches("http://127\\.0\\.0\\.1:[1-9][0-9]*/");
      List<Matcher> curls =
          demo.out()
              .lines()
              .map(CURL::matcher)
              .filter(Matcher::matches)
              .collect(Collectors.toList());
      assertThat(curls).hasSize(3);
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> one = http.send(get(curls.get(0)), BodyHandlers.ofString());
      assertThat(one.statusCode()).isEqualTo(200);
      assertThat(one.body()).contains("\"rental\":\"r0003\"", "\"status\":\"available\"");
      assertThat(one.headers().firstValue("ETag")).hasValue("\"1\"");

      HttpResponse<String> list = http.send(get(curls.get(1)), BodyHandlers.ofString());
      assertThat(list.statusCode()).isEqualTo(200);
      assertThat(list.body()).startsWith("{\"data\":[").contains("Garcia", "\"total\":");

      assertThat(curls.get(2).group(1))
          .isEqualTo("-X PATCH -H 'Content-Type: application/json' -d '{\"status\": \"booked\"}' ");
      HttpResponse<String> patch =
          http.send(
              HttpRequest.newBuilder(URI.create(curls.get(2).group(2)))
                  .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"status\": \"booked\"}"))
                  .header("Content-Type", "application/json")
                  .build(),
              BodyHandlers.ofString());
      assertThat(patch.statusCode()).isEqualTo(204);
      assertThat(http.send(get(curls.get(0)), BodyHandlers.ofString()).body())
          .contains("\"status\":\"booked\"", "\"_v\":2");

      assertThat(demo.stop()).isZero();
      assertThat(demo.err()).isEmpty();
      assertThat(demo.out())
          .contains("Done: 14 access patterns", "Dynakit REST API for table car-rentals");
    }
  }

  private static HttpRequest get(Matcher curl) {
    assertThat(curl.group(1)).isEmpty();
    return HttpRequest.newBuilder(URI.create(curl.group(2))).build();
  }
}

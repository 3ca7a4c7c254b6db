package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** {@code serve --auth KEY:SECRET} and {@code --auth-file FILE}: signed requests, opt-in. */
class ServeAuthOptionsTest {
  private static final String HELP = " (see 'dynakit serve --help')";

  @Test
  void keysFromTheOptionAndTheFile_signRequests_othersAreRefused(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("keys");
    Files.writeString(file, "# team keys\n\nAKIDFILE:file-secret\n");
    try (CliRun serve =
        new CliRun(
            "serve",
            "--port",
            "0",
            "--auth",
            "AKIDCLI:cli:secret",
            "--auth-file",
            file.toString())) {
      URI endpoint = serve.endpoint();
      try (DynamoDbClient cli = client(endpoint, "AKIDCLI", "cli:secret");
          DynamoDbClient fromFile = client(endpoint, "AKIDFILE", "file-secret");
          DynamoDbClient wrong = client(endpoint, "AKIDFILE", "other");
          DynamoDbClient unknown = client(endpoint, "AKIDNOBODY", "file-secret")) {
        assertThat(cli.listTables().tableNames()).isEmpty();
        assertThat(fromFile.listTables().tableNames()).isEmpty();
        assertThat(catchThrowableOfType(DynamoDbException.class, wrong::listTables))
            .extracting(e -> e.awsErrorDetails().errorCode())
            .isEqualTo("InvalidSignatureException");
        assertThat(catchThrowableOfType(DynamoDbException.class, unknown::listTables))
            .extracting(e -> e.awsErrorDetails().errorCode())
            .isEqualTo("UnrecognizedClientException");
      }
      assertThat(serve.stop()).isZero();
    }
  }

  @Test
  void aKeyWithoutItsSecret_orAFileWithoutKeys_isAUsageError(@TempDir Path dir) throws Exception {
    assertThat(usageError("--auth", "AKIDONLY"))
        .isEqualTo("dynakit: --auth: an access key is KEY_ID:SECRET, both non-empty" + HELP);
    Path empty = dir.resolve("empty");
    Files.writeString(empty, "# nothing yet\n");
    assertThat(usageError("--auth-file", empty.toString()))
        .isEqualTo("dynakit: --auth-file: " + empty + " holds no key" + HELP);
    assertThat(usageError("--auth-file", dir.resolve("missing").toString()))
        .startsWith("dynakit: --auth-file: cannot read " + dir.resolve("missing"));
    Path bad = dir.resolve("bad");
    Files.writeString(bad, "AKIDA:a\nAKIDB\n");
    assertThat(usageError("--auth-file", bad.toString()))
        .isEqualTo(
            "dynakit: --auth-file: "
                + bad
                + " line 2: an access key is KEY_ID:SECRET, both non-empty"
                + HELP);
  }

  /** The first line of what {@code serve ... option value} prints on error, checked as exit 2. */
  private static String usageError(String option, String value) {
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true),
            "serve",
            "--port",
            "0",
            option,
            value);
    assertThat(code).as(err.toString()).isEqualTo(2);
    return err.toString().lines().findFirst().orElse("");
  }

  private static DynamoDbClient client(URI endpoint, String key, String secret) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret)))
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.retryPolicy(RetryPolicy.none()))
        .build();
  }
}

package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code backoff lint}: the five traps of issue 33, each rule, the exit codes and --explain. */
class LintCommandTest {
  private static final String RETRY = "\"retryPolicy\": {\"maxAttempts\": 4, \"initialBackoff\": \"0.1s\","
      + " \"maxBackoff\": \"1s\", \"backoffMultiplier\": 2, \"retryableStatusCodes\": [\"UNAVAILABLE\"]}";
  private static final String NAME = "\"name\": [{\"service\": \"orders.Orders\"}]";
  private static final String THROTTLING = "\"retryThrottling\": {\"maxTokens\": 100, \"tokenRatio\": 0.1}";
  private static final String CLEAN = "{\"methodConfig\": [{" + NAME + ", " + RETRY + "}], " + THROTTLING + "}";

  @TempDir Path dir;

  private CliRun lint(String json, String... options) throws IOException {
    Path file = dir.resolve("config.json");
    Files.writeString(file, json);
    return CliRun.of(CliRun.concat(CliRun.concat(new String[] {"lint"}, options), file.toString()));
  }

  @Test
  void clean_exitsZero_printsOnlyTheVersionNotes() throws IOException {
    CliRun run = lint(CLEAN);

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactly(
        "note: methodConfig[0].retryPolicy: grpc-java 1.71 to 1.79 jitter the waits by U(0.4, 1.2), not U(0.8, 1.2)"
            + " (grpc-java #12639): retries come up to twice as early",
        "note: retryThrottling: grpc-java before 1.66 ignores retryThrottling in a defaultServiceConfig"
            + " (grpc-java #11274): only a name resolver's config throttles there");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void clean_versionGiven_onlyItsNotes() throws IOException {
    assertThat(lint(CLEAN, "--grpc-java-version", "1.85.1").out()).isEmpty();
    assertThat(lint(CLEAN, "--grpc-java-version", "1.75.0").outLines()).singleElement().asString()
        .startsWith("note: methodConfig[0].retryPolicy: grpc-java 1.71 to 1.79");
    assertThat(lint(CLEAN, "--grpc-java-version", "1.60").outLines()).singleElement().asString()
        .startsWith("note: retryThrottling: grpc-java before 1.66");
  }

  @Test
  void trap1_maxAttemptsAboveFive_loweredToFive() throws IOException {
    CliRun run = lint(CLEAN.replace("\"maxAttempts\": 4", "\"maxAttempts\": 7"), "--grpc-java-version", "1.85");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.outLines()).containsExactly("methodConfig[0].retryPolicy.maxAttempts: 7 is lowered to 5 by "
        + "grpc-java without a word (ManagedChannelBuilder.maxRetryAttempts): at most 5 attempts are made");
  }

  @Test
  void trap2_methodConfigWithoutName_ignored() throws IOException {
    CliRun run = lint("{\"methodConfig\": [{" + RETRY + "}], " + THROTTLING + "}", "--grpc-java-version", "1.85");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.outLines()).containsExactly("methodConfig[0].name: missing: grpc-java applies this methodConfig "
        + "to no method and ignores it (give [{\"service\": \"package.Service\"}], or [{}] for every method)");
  }

  @Test
  void trap3_numbersAsStrings_classCastException() throws IOException {
    CliRun run = lint(CLEAN.replace("\"maxAttempts\": 4", "\"maxAttempts\": \"5\"")
        .replace("\"tokenRatio\": 0.1", "\"tokenRatio\": \"0.1\""), "--grpc-java-version", "1.85");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.outLines()).containsExactly(
        "methodConfig[0].retryPolicy.maxAttempts: \"5\" is a string: grpc-java fails with a ClassCastException "
            + "(as YAML binds numbers as strings, spring-grpc #272): write 5 without quotes",
        "retryThrottling.tokenRatio: \"0.1\" is a string: grpc-java fails with a ClassCastException "
            + "(as YAML binds numbers as strings, spring-grpc #272): write 0.1 without quotes");
  }

  @Test
  void trap4_noRetryPolicy_retriesNothing() throws IOException {
    CliRun run = lint("{\"loadBalancingConfig\": [{\"round_robin\": {}}]}", "--grpc-java-version", "1.85");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.outLines()).containsExactly("methodConfig: no retryPolicy: grpc-java retries nothing "
        + "(enableRetry() and maxRetryAttempts(n) alone do not, grpc-java #7803)");
  }

  @Test
  void trap5_throttlingInDefaultConfigBefore166_note() throws IOException {
    CliRun run = lint(CLEAN, "--grpc-java-version", "1.65.1");

    assertThat(run.exitCode()).as("a note is not a problem").isZero();
    assertThat(run.outLines()).containsExactly("note: retryThrottling: grpc-java before 1.66 ignores retryThrottling"
        + " in a defaultServiceConfig (grpc-java #11274): only a name resolver's config throttles there");
  }

  @Test
  void rules_eachFieldNamed() throws IOException {
    String json = """
        {"methodConfig": [
          {"name": [{"service": "a.A"}], "timeout": "30",
           "retryPolicy": {"max_attempts": 3, "initialBackoff": "100ms", "maxBackoff": 1,
             "backoffMultiplier": 0, "retryableStatusCodes": ["unavailable", "NOT_FOUND", "NOPE", 14]}},
          {"name": [], "retryPolicy": {"maxAttempts": 1, "initialBackoff": "0s", "maxBackoff": "1s",
             "backoffMultiplier": 2, "retryableStatusCodes": []}},
          {"name": [{"service": "a.A"}, {"method": "M"}], "retryPolicy": {"maxAttempts": 2.5,
             "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2}, "hedgingPolicy": {}}
        ],
        "retryThrottling": {"maxTokens": 2000, "tokenRatio": 0.1234, "extra": 1}}
        """;

    CliRun run = lint(json, "--grpc-java-version", "1.85");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.outLines()).containsExactly(
        "methodConfig[0].timeout: \"30\" is not a proto3 JSON duration: seconds with up to 9 decimals and \"s\","
            + " e.g. \"0.1s\"",
        "methodConfig[0].retryPolicy.max_attempts: grpc-java reads lowerCamelCase names only and ignores this one:"
            + " write maxAttempts",
        "methodConfig[0].retryPolicy.maxAttempts: missing: grpc-java rejects it (e.g. 4)",
        "methodConfig[0].retryPolicy.initialBackoff: \"100ms\" is not a proto3 JSON duration: seconds with up to 9"
            + " decimals and \"s\", e.g. \"0.1s\": write \"0.1s\"",
        "methodConfig[0].retryPolicy.maxBackoff: 1 is a number: a duration is a string in proto3 JSON form: write"
            + " \"1s\" if seconds are meant",
        "methodConfig[0].retryPolicy.backoffMultiplier: 0 must be > 0: grpc-java rejects the retryPolicy",
        "methodConfig[0].retryPolicy.retryableStatusCodes[0]: \"unavailable\": grpc-java reads code names in"
            + " capitals only: write \"UNAVAILABLE\"",
        "methodConfig[0].retryPolicy.retryableStatusCodes[1]: NOT_FOUND is never worth retrying: another attempt"
            + " gets the same answer",
        "methodConfig[0].retryPolicy.retryableStatusCodes[2]: \"NOPE\" is no status code",
        "methodConfig[1].name: empty: grpc-java applies this methodConfig to no method and ignores it",
        "methodConfig[1].retryPolicy.maxAttempts: 1 must be >= 2: grpc-java rejects the retryPolicy",
        "methodConfig[1].retryPolicy.initialBackoff: must be > 0: grpc-java rejects the retryPolicy",
        "methodConfig[1].retryPolicy.retryableStatusCodes: empty: grpc-java rejects a retryPolicy that retries no"
            + " status code (UNAVAILABLE is the transient one)",
        "methodConfig[2].name[0]: names a.A/ again: grpc-java rejects a service config with a duplicate name",
        "methodConfig[2].name[1].method: a method without a service: grpc-java rejects the service config",
        "methodConfig[2]: both retryPolicy and hedgingPolicy: gRFC A6 allows one; grpc-java rejects the config",
        "methodConfig[2].retryPolicy.maxAttempts: 2.5 is not a whole number",
        "methodConfig[2].retryPolicy.retryableStatusCodes: missing: grpc-java rejects a retryPolicy that retries no"
            + " status code",
        "retryThrottling.extra: unknown field: grpc-java ignores it",
        "retryThrottling.maxTokens: 2000 must be in (0, 1000]: grpc-java rejects it",
        "retryThrottling.tokenRatio: 0.1234 has more than 3 decimal places: grpc-java keeps 3");
  }

  @Test
  void rules_noThrottlingAndDuplicateKey() throws IOException {
    CliRun run = lint("{\"methodConfig\": [{" + NAME + ", " + RETRY + ", " + NAME + "}]}",
        "--grpc-java-version", "1.85");

    assertThat(run.outLines()).containsExactly("methodConfig[0].name: given twice: grpc-java keeps the last one",
        "retryThrottling: missing: nothing stops the retries when the service is down (add {\"maxTokens\": 100,"
            + " \"tokenRatio\": 0.1}: retries stop while fewer than half the tokens remain)");
  }

  @Test
  void explain_printsTheRealScheduleAfterTheProblems() throws IOException {
    String json = CLEAN.replace("\"maxAttempts\": 4", "\"maxAttempts\": 6");

    CliRun run = lint(json, "--explain", "--grpc-java-version", "1.85");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.outLines()).hasSize(2).last().isEqualTo("explain: orders.Orders/*: 5 attempts (maxAttempts 6"
        + " lowered to 5) on UNAVAILABLE; waits (grpc-java >= 1.80): retry 1 80 ms-120 ms, retry 2 160 ms-240 ms,"
        + " retry 3 320 ms-480 ms, retry 4 640 ms-960 ms; 1200 ms-1800 ms of waiting in all");
  }

  @Test
  void unreadable_exitsTwo() throws IOException {
    CliRun missing = CliRun.of("lint", dir.resolve("absent.json").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.out()).isEmpty();
    assertThat(missing.err()).startsWith("backoff lint: cannot read ");

    CliRun notJson = lint("{\"methodConfig\": [\n  {\"name\": }]}");
    assertThat(notJson.exitCode()).isEqualTo(2);
    assertThat(notJson.out()).isEmpty();
    assertThat(notJson.err()).contains("is not JSON: line 2, column 12: unexpected character '}'");

    CliRun root = lint("[1, 2]");
    assertThat(root.exitCode()).isEqualTo(1);
    assertThat(root.outLines()).containsExactly(
        "(root): not a JSON object: a service config is {\"methodConfig\": [...], ...}");
  }

  @Test
  void badVersion_usage() throws IOException {
    CliRun run = lint(CLEAN, "--grpc-java-version", "latest");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--grpc-java-version: not a version (e.g. 1.75.0): 'latest'");
  }
}

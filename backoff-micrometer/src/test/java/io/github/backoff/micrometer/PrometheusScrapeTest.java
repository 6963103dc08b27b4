package io.github.backoff.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The scrape of {@link ObservabilityExample}, line by line, and the copy of it in docs/observability.md. */
class PrometheusScrapeTest {
  /**
   * Every line of the scrape. None varies between runs: the retrier's time is a FakeClock and the registry's a
   * MockClock, so even the time-windowed maxima are fixed.
   */
  static final String EXPECTED = String.join("\n",
      "# HELP backoff_attempts Attempts per finished call, the first included",
      "# TYPE backoff_attempts summary",
      "backoff_attempts_count{name=\"inventory\"} 25",
      "backoff_attempts_sum{name=\"inventory\"} 34.0",
      "# HELP backoff_attempts_max Attempts per finished call, the first included",
      "# TYPE backoff_attempts_max gauge",
      "backoff_attempts_max{name=\"inventory\"} 3.0",
      "# HELP backoff_budget_available The retry budget's level, in its own unit (tokens, units or retries)",
      "# TYPE backoff_budget_available gauge",
      "backoff_budget_available{name=\"inventory\"} 1.0",
      "# HELP backoff_budget_denied_total Retries the retry budget denied",
      "# TYPE backoff_budget_denied_total counter",
      "backoff_budget_denied_total{name=\"inventory\"} 5.0",
      "# HELP backoff_calls_total Finished retried calls by outcome, and the stop reason of those that gave up",
      "# TYPE backoff_calls_total counter",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"aborted\"} 0.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"attempts_exhausted\"} 2.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"budget_denied\"} 5.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"delay_too_long\"} 0.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"interrupted\"} 0.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"not_retryable\"} 2.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"quota_exhausted\"} 0.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"gave_up\",reason=\"time_budget_exhausted\"} 0.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"success\",reason=\"none\"} 12.0",
      "backoff_calls_total{name=\"inventory\",outcome=\"success_after_retry\",reason=\"none\"} 4.0",
      "# HELP backoff_retry_delay_seconds Waits scheduled before retries, one per retry",
      "# TYPE backoff_retry_delay_seconds summary",
      "backoff_retry_delay_seconds_count{name=\"inventory\"} 9",
      "backoff_retry_delay_seconds_sum{name=\"inventory\"} 1.1",
      "# HELP backoff_retry_delay_seconds_max Waits scheduled before retries, one per retry",
      "# TYPE backoff_retry_delay_seconds_max gauge",
      "backoff_retry_delay_seconds_max{name=\"inventory\"} 0.2");

  @Test
  void scrape_exampleRun_matchesLineByLine() {
    List<String> actual = ObservabilityExample.run().lines().collect(Collectors.toList());

    assertThat(actual).containsExactlyElementsOf(EXPECTED.lines().collect(Collectors.toList()));
  }

  @Test
  void observabilityDoc_showsTheSameScrape() throws IOException {
    String doc = Files.readString(Path.of("../docs/observability.md"));

    assertThat(doc).contains(EXPECTED);
  }
}

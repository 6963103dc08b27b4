package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The deprecated class delegates to the core's; the parsing itself is tested there. */
@SuppressWarnings("removal")
class RetryAfterTest {
  private static final Instant NOW = Instant.parse("1994-11-06T08:49:30Z");

  @Test
  void parse_delegatesToTheCore() {
    assertThat(RetryAfter.parse("7", NOW)).contains(Duration.ofSeconds(7));
    assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", NOW)).contains(Duration.ofSeconds(7));
    assertThat(RetryAfter.parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT", NOW))
        .contains(Instant.parse("1994-11-06T08:49:37Z"));
    assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
  }
}

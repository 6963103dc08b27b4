package io.github.backoff.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.sim.advise.Candidate;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The Spring Boot properties {@code backoff advise} writes for a recommended policy
 * ({@link Candidate#springProperties}) bind in a real context to the same policy: strategy, limit and budget.
 */
class AdvisedPropertiesTest {
  @Test
  void springProperties_bind_toTheSamePolicy() {
    List<Candidate> candidates = List.of(
        Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2, 4, "token-bucket"),
        Candidate.of("equal-jitter", Duration.ofMillis(1500), Duration.ofMinutes(1), 1.5, 3, "retry-quota"),
        Candidate.of("decorrelated-jitter", Duration.ofMillis(100), Duration.ofSeconds(10), 2, 5, "ratio"),
        Candidate.of("constant", Duration.ofMillis(200), null, 2, 2, "none"),
        Candidate.preset("aws-sdk-standard", true, "none"));
    for (Candidate c : candidates) {
      String[] properties = Arrays.stream(c.springProperties("advised").split("\n"))
          .filter(line -> !line.isBlank() && !line.startsWith("#")).toArray(String[]::new);
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class))
          .withPropertyValues(properties)
          .run(context -> {
            assertThat(context).as(c.label()).hasNotFailed();
            RetryPolicy<Object> policy = context.getBean(Retriers.class).policy("advised");
            assertThat(delays(policy.backoff())).as(c.label()).containsExactly(delays(c.backoff()));
            assertThat(policy.maxAttempts()).as(c.label()).isEqualTo(c.maxAttempts());
            assertThat(policy.budget().isPresent()).as(c.label()).isEqualTo(!c.budget().equals("none"));
          });
    }
  }

  private static long[] delays(Backoff backoff) {
    long[] d = new long[10];
    long previous = 0;
    for (int r = 1; r <= d.length; r++) {
      d[r - 1] = backoff.delayNanos(r, previous, new SplittableRandom(r));
      previous = d[r - 1];
    }
    return d;
  }
}

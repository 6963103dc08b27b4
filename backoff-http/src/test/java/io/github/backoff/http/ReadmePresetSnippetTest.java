package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSchedule;
import io.github.backoff.strategy.BackoffSpec;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Holds the README's presets snippet whole (it types a policy with {@link HttpResponse}, so it lives in the module
 * that reads java.net.http): it keeps compiling and doing what the README says. The other snippets are in
 * backoff-core's ReadmeSnippetsTest.
 */
class ReadmePresetSnippetTest {
  @Test
  void presetsSnippet_compilesAndSchedules() {
    // --- README "Presets" ---
    Preset drive = Preset.byName("google-drive");
    RetryPolicy<HttpResponse<String>> policy = drive.<HttpResponse<String>>policyBuilder()
        .retryIfResult(response -> drive.isRetryableStatus(response.statusCode()))
        .build();

    BackoffSchedule schedule = BackoffSchedule.of(drive.backoff(), 5, 1000, new SplittableRandom(7));
    schedule.rows().forEach(row -> System.out.println(row.retry() + ": median " + row.median()));

    Backoff fromConfig = BackoffSpec.of("full-jitter").withBase(Duration.ofMillis(100))
        .withCap(Duration.ofSeconds(20)).toBackoff();
    // --- end ---
    assertThat(policy.maxAttempts()).isEqualTo(drive.maxAttempts());
    assertThat(schedule.rows()).hasSize(5);
    assertThat(fromConfig.toString()).contains("full jitter");
  }
}

package snippets.spring;

// tag::backoff[]
import io.github.backoff.preset.Preset;
import io.github.backoff.spring.SpringBackOff;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.util.backoff.BackOff;
// end::backoff[]

/** The code of docs/spring-backoff.md, compiled by the build and checked against the page. */
final class SpringBackOffSnippets {
  private SpringBackOffSnippets() {}

  static RetryTemplate template() {
    // tag::backoff[]
    BackOff drive = SpringBackOff.of(Preset.byName("google-drive"));   // its jitter, 5 retries, then STOP
    BackOff fullJitter = SpringBackOff.of(
        Backoff.exponential(Duration.ofMillis(100), 2.0).withCap(Duration.ofSeconds(5)).withFullJitter(), 4);

    RetryTemplate template = new RetryTemplate(RetryPolicy.builder()
        .backOff(fullJitter)
        .build());
    // end::backoff[]
    return drive == null ? null : template;
  }
}

package snippets.durable;

// tag::tables[]
import io.github.backoff.durable.DurablePresets;
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.Tabulated;
import java.time.Duration;
// end::tables[]

/** The tables of docs/durable.md, compiled by the build and checked against the page. */
final class DurableTableSnippets {
  private DurableTableSnippets() {}

  static DurableSchedule tables() {
    // tag::tables[]
    // Immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; each wait randomized by ±10 %, keyed.
    DurableSchedule webhook = DurablePresets.webhook();

    // Your own table: retry r waits entry r, then the last entry again.
    DurableSchedule partner = DurableSchedule.builder()
        .withBackoff(Tabulated.of(Duration.ofMinutes(1), Duration.ofMinutes(10), Duration.ofHours(1))
            .withEqualJitter())
        .withMaxTotal(Duration.ofDays(3))
        .build();
    // end::tables[]
    return webhook == null ? null : partner;
  }
}

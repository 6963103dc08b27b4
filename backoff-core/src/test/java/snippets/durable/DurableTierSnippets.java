package snippets.durable;

// tag::tiers[]
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.Tiers;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
// end::tiers[]

/** The tiers of docs/durable.md, compiled by the build and checked against the page. */
final class DurableTierSnippets {
  private DurableTierSnippets() {}

  static Tiers tiers() {
    // tag::tiers[]
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofMinutes(5)).withFullJitter())
        .withMaxAttempts(11)
        .build();
    Tiers tiers = schedule.tiers(4);
    tiers.tiers();              // [800 ms, 6.4 s, 51.2 s, 2 min 30 s]: four delays for ten retries
    tiers.delays();             // the wait before each retry, one of the four
    tiers.maxRelativeError();   // 0.6: no retry's wait is off its nominal wait by more than 60 %
    // end::tiers[]
    return tiers;
  }
}

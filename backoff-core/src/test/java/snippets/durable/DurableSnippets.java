package snippets.durable;

// tag::schedule[]
import io.github.backoff.durable.DurableDecision;
import io.github.backoff.durable.DurableFailure;
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.time.Instant;
// end::schedule[]

/** The code of docs/durable.md, compiled by the build, checked against the page and run by DurableSnippetsTest. */
final class DurableSnippets {
  private DurableSnippets() {}

  static DurableDecision schedule() {
    // tag::schedule[]
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.exponential(Duration.ofSeconds(10), 2.0).withCap(Duration.ofHours(6)).withFullJitter())
        .withBackoffFor("throttling", Backoff.exponential(Duration.ofMinutes(1), 2.0).withCap(Duration.ofHours(6)))
        .withMaxTotal(Duration.ofDays(3))     // give up three days after the first failure
        .withMaxDelay(Duration.ofHours(12))   // never wait longer than 12 h (SQS's visibility limit)
        .build();

    // What the engine stored: the item's key, the attempt that failed, when the first attempt failed.
    Instant firstFailure = Instant.parse("2026-11-27T08:00:00Z");
    DurableFailure failure = DurableFailure.of("order-42", 3, firstFailure, Instant.parse("2026-11-27T08:05:00Z"))
        .withKind("throttling")
        .withHint(Duration.ofMinutes(5));     // the partner's Retry-After, if it sent one
    DurableDecision decision = schedule.next(failure);
    if (decision instanceof DurableDecision.RetryAt) {
      Instant due = ((DurableDecision.RetryAt) decision).at();   // the same on every instance, restart and replay
    } else {
      DurableDecision.GiveUp giveUp = (DurableDecision.GiveUp) decision;   // ATTEMPTS_EXHAUSTED or HORIZON_EXHAUSTED
    }
    // end::schedule[]
    return decision;
  }
}

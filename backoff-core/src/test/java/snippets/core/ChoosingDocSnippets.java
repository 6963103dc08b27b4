package snippets.core;

// tag::short-answer[]
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
// end::short-answer[]

/** The code block of docs/choosing-a-strategy.md; {@link ChoosingDocSnippetsTest} checks what it computes. */
final class ChoosingDocSnippets {
  private ChoosingDocSnippets() {}

  static Backoff shortAnswer() {
    // tag::short-answer[]
    Backoff backoff = Backoff.exponential(Duration.ofMillis(10), 2.0)
        .withCap(Duration.ofSeconds(2))
        .withFullJitter();
    // end::short-answer[]
    return backoff;
  }
}

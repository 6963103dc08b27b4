package snippets.spring.readme;

// tag::spring-reactor[]
import io.github.backoff.reactor.BackoffRetry;
import io.github.backoff.spring.boot.Retry;
import java.io.IOException;
import reactor.core.publisher.Mono;
// end::spring-reactor[]
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import java.util.function.Supplier;
import org.springframework.stereotype.Service;

record Order(String id) {}

record Receipt(String orderId, boolean queued) {}

/** The README's {@code payments}: a remote payment service. */
interface PaymentClient {
  Receipt pay(Order order) throws IOException;
}

@Service
class Checkout {
  private final PaymentClient payments;

  Checkout(PaymentClient payments) {
    this.payments = payments;
  }

  // tag::spring-reactor[]
  @Retry(value = "payments", fallback = "queued")    // io.github.backoff.spring.boot.Retry
  Receipt pay(Order order) throws IOException {       // also CompletableFuture, Mono, Flux
    return payments.pay(order);
  }
  // end::spring-reactor[]

  private Receipt queued(Order order, RetryException e) {
    return new Receipt(order.id(), true);
  }
}

/**
 * README.md's Spring Boot and Reactor block: the annotated method of {@link Checkout} and the Reactor line of
 * {@link #reactive}; the README's own types ({@code Order}, {@code Receipt}, {@code PaymentClient}) are declared
 * here too, in a package of their own so that their names collide with nothing. {@link ReadmeSnippetsTest} runs
 * them.
 */
final class ReadmeSnippets {
  private final Supplier<Mono<String>> fetcher;

  ReadmeSnippets(Supplier<Mono<String>> fetcher) {
    this.fetcher = fetcher;
  }

  /** The README's {@code fetch()}: the call to retry, a {@code Mono<String>}. */
  private Mono<String> fetch() {
    return fetcher.get();
  }

  Mono<String> reactive(RetryPolicy<Object> policy) {
    // tag::spring-reactor[]
    Mono<String> body = fetch().retryWhen(BackoffRetry.of(policy));   // backoff-reactor, without Spring
    // end::spring-reactor[]
    return body;
  }
}

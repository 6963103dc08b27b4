package snippets.spring.springboot;

// tag::retry[]
import io.github.backoff.RetryException;
import io.github.backoff.spring.boot.Retry;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Service;
// end::retry[]
// tag::retriers[]
import io.github.backoff.Retrier;
import io.github.backoff.spring.boot.Retriers;
import org.springframework.stereotype.Service;
// end::retriers[]
// tag::customizer[]
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.spring.boot.BackoffPolicyCustomizer;
import org.springframework.context.annotation.Bean;
// end::customizer[]
import org.springframework.context.annotation.Configuration;

/**
 * The code blocks of docs/spring-boot.md: the beans {@link Prices} and {@link Payments} below, and the customizer
 * in {@link Listeners}; the page's own types ({@code Price}, {@code PriceClient}, {@code Order}, {@code Receipt},
 * {@code PaymentClient}) are declared here too. They have a package of their own so that their top-level names
 * collide with nothing. {@link SpringBootDocSnippetsTest} runs them in a Spring context.
 */
final class SpringBootDocSnippets {
  private SpringBootDocSnippets() {}

  @Configuration(proxyBeanMethods = false)
  static class Listeners {
    // tag::customizer[]
    @Bean
    BackoffPolicyCustomizer logRetries() {
      return (name, builder) -> builder.onEvent(LoggingRetryListener.create());
    }
    // end::customizer[]
  }
}

/** The page's price of an item; {@code UNKNOWN} when neither the service nor the cache has one. */
record Price(String sku, long cents) {
  static final Price UNKNOWN = new Price("", -1);
}

/** The page's {@code client} of {@code Prices}: a remote price service. */
interface PriceClient {
  Price price(String sku) throws IOException;
}

record Order(String id) {}

record Receipt(String orderId) {}

/** The page's {@code client} of {@code Payments}: a remote payment service. */
interface PaymentClient {
  Receipt pay(Order order);
}

// tag::retry[]
@Service
class Prices {
  private final PriceClient client;
  private final Map<String, Price> cache = new ConcurrentHashMap<>();

  Prices(PriceClient client) {
    this.client = client;
  }

  @Retry(value = "payments", fallback = "cached")
  Price price(String sku) throws IOException {
    Price price = client.price(sku);
    cache.put(sku, price);
    return price;
  }

  private Price cached(String sku, IOException e) {      // chosen for an IOException
    return cache.getOrDefault(sku, Price.UNKNOWN);
  }

  private Price cached(String sku, RetryException e) {   // for anything else: e.reason() says why
    return Price.UNKNOWN;
  }
}
// end::retry[]

// tag::retriers[]
@Service
class Payments {
  private final Retrier<Receipt> retrier;
  private final PaymentClient client;

  Payments(Retriers retriers, PaymentClient client) {
    this.retrier = retriers.get("payments");
    this.client = client;
  }

  Receipt pay(Order order) {
    return retrier.call(() -> client.pay(order));
  }
}
// end::retriers[]

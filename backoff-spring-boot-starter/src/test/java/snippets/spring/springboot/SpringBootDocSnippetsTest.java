package snippets.spring.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.spring.boot.BackoffAutoConfiguration;
import io.github.backoff.spring.boot.BackoffPolicyCustomizer;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Runs the beans of docs/spring-boot.md ({@link SpringBootDocSnippets}) in a Spring context. */
class SpringBootDocSnippetsTest {
  private final AtomicInteger priceCalls = new AtomicInteger();
  private final AtomicInteger payCalls = new AtomicInteger();

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(BackoffAutoConfiguration.class))
      .withUserConfiguration(SpringBootDocSnippets.Listeners.class)
      .withPropertyValues("backoff.policies.payments.strategy=none", "backoff.policies.payments.max-attempts=2")
      .withBean(PriceClient.class, () -> sku -> {
        int call = priceCalls.incrementAndGet();
        if (call == 2 || call >= 4) {
          throw new IOException("connection reset");
        }
        return new Price(sku, 100 * call);
      })
      .withBean(PaymentClient.class, () -> order -> {
        if (payCalls.incrementAndGet() == 1) {
          throw new IllegalStateException("busy");
        }
        return new Receipt(order.id());
      })
      .withBean(Prices.class)
      .withBean(Payments.class);

  @Test
  void retry_failureRetried_thenFallbackToTheCache() {
    runner.run(context -> {
      Prices prices = context.getBean(Prices.class);

      assertThat(prices.price("a")).isEqualTo(new Price("a", 100));     // call 1
      assertThat(prices.price("a")).isEqualTo(new Price("a", 300));     // call 2 fails, call 3 answers
      // Calls 4 and 5 fail: the RetryException and its cause, an IOException, are both at distance 0 from a
      // fallback's parameter; the cause wins the tie, so the IOException fallback answers from the cache.
      assertThat(prices.price("a")).isEqualTo(new Price("a", 300));
      assertThat(prices.price("b")).as("nothing cached").isEqualTo(Price.UNKNOWN);
      assertThat(priceCalls).hasValue(7);
    });
  }

  @Test
  void retriers_failureRetried() {
    runner.run(context -> {
      assertThat(context.getBean(Payments.class).pay(new Order("o-1"))).isEqualTo(new Receipt("o-1"));
      assertThat(payCalls).hasValue(2);
    });
  }

  @Test
  void customizer_isABean() {
    runner.run(context -> assertThat(context.getBeansOfType(BackoffPolicyCustomizer.class)).containsKey("logRetries"));
  }
}

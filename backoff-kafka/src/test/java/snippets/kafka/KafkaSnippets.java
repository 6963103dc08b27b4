package snippets.kafka;

// tag::retry-topics[]
import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.kafka.DurableRetryTopics;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
// end::retry-topics[]
// tag::error-handler[]
import io.github.backoff.durable.DurablePresets;
import io.github.backoff.kafka.KeyedBackOffFunction;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
// end::error-handler[]

/** The code of docs/durable.md for Spring Kafka, compiled by the build and checked against the page. */
final class KafkaSnippets {
  private KafkaSnippets() {}

  // tag::retry-topics[]
  @Configuration
  class RetryTopics extends RetryTopicConfigurationSupport {
    static final DurableRetryTopics TOPICS = DurableRetryTopics.of(DurableSchedule.builder()
            .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofMinutes(5))
                .withFullJitter())
            .withMaxAttempts(11)
            .build(), 4)                  // ten retries at four fixed delays, the same on every instance
        .withJitterWithinTier(0.2);       // each record due within ±20 % of its tier, keyed by the record

    @Bean
    RetryTopicConfiguration orderRetries(KafkaTemplate<String, String> template) {
      return TOPICS.configure(RetryTopicConfigurationBuilder.newInstance())
          .includeTopic("orders")
          .create(template);
    }

    @Override
    protected Consumer<DeadLetterPublishingRecovererFactory> configureDeadLetterPublishingContainerFactory() {
      return factory -> factory.setHeadersFunction(TOPICS.dueTimeHeaders());   // the per-record due times
    }
  }
  // end::retry-topics[]

  static DefaultErrorHandler errorHandler(KafkaTemplate<String, String> template) {
    // tag::error-handler[]
    DefaultErrorHandler handler = new DefaultErrorHandler(new DeadLetterPublishingRecoverer(template));
    handler.setBackOffFunction(KeyedBackOffFunction.of(DurablePresets.webhook()));
    // end::error-handler[]
    return handler;
  }
}

/**
 * Backoff for Spring's {@code BackOff} SPI: {@link io.github.backoff.spring.SpringBackOff} turns any
 * Backoff strategy, preset or policy into an {@code org.springframework.util.backoff.BackOff}, for every Spring retry loop that takes
 * one (Spring Framework's {@code RetryTemplate}, Spring Kafka's {@code DefaultErrorHandler}, Spring AMQP and JMS
 * listener recovery).
 */
module io.github.backoff.spring {
  requires transitive io.github.backoff;
  requires transitive spring.core;

  exports io.github.backoff.spring;
}

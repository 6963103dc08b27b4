package io.github.backoff.kafka;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.TimestampedException;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.FixedBackOff;

/**
 * A small Spring Kafka application whose listener always fails, with retry topics: what each test starts (and
 * restarts) as one "instance". Plain Spring, no Boot: the retry-topic wiring is what is under test.
 */
final class KafkaTestApp {
  /** One delivery the listener saw. */
  record Delivery(String app, String topic, String key, int attempt, long atMillis, long dueMillis) {}

  /** Every delivery of every app of the test run. */
  static final Queue<Delivery> DELIVERIES = new ConcurrentLinkedQueue<>();

  /**
   * The failure time Spring Kafka computed each due time from (its {@link TimestampedException}), by record key and
   * failed attempt ({@code "k-1#1"}): tests compare due-time headers with it exactly, not with the listener's clock.
   */
  static final Map<String, Long> FAILED_AT = new ConcurrentHashMap<>();

  static long failedAt(String key, int attempt) {
    Long at = FAILED_AT.get(key + "#" + attempt);
    if (at == null) {
      throw new AssertionError("no failure recorded for " + key + " attempt " + attempt + ": " + FAILED_AT);
    }
    return at;
  }

  /**
   * What distinguishes one app from another: its main topic, the retry-topic back-off and attempts, and (for the
   * adapter's jitter within a tier) a headers function.
   */
  record Settings(String name, String brokers, String topic, BackOff backOff, int maxAttempts,
      DurableRetryTopics topics) {}

  private KafkaTestApp() {}

  static AnnotationConfigApplicationContext start(Settings settings) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.registerBean("settings", Settings.class, () -> settings);
    context.register(Config.class);
    context.refresh();
    return context;
  }

  private static void recordFailure(ConsumerRecord<?, ?> record, Exception exception) {
    for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof TimestampedException timestamped) {
        FAILED_AT.put(record.key() + "#" + RecordKeys.failedAttempt(record), timestamped.getTimestamp());
        return;
      }
    }
  }

  @Configuration
  @EnableKafka
  static class Config extends RetryTopicConfigurationSupport {
    @Autowired Settings settings;

    @Override
    protected Consumer<DeadLetterPublishingRecovererFactory> configureDeadLetterPublishingContainerFactory() {
      return factory -> {
        if (settings.topics() != null) {
          BiFunction<ConsumerRecord<?, ?>, Exception, Headers> headers = settings.topics().dueTimeHeaders();
          factory.setHeadersFunction((record, exception) -> {
            recordFailure(record, exception);
            return headers.apply(record, exception);
          });
        }
      };
    }

    @Bean
    ProducerFactory<String, String> producerFactory() {
      Map<String, Object> props = new HashMap<>();
      props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.brokers());
      props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      return new DefaultKafkaProducerFactory<>(props);
    }

    @Bean
    KafkaTemplate<String, String> kafkaTemplate(ProducerFactory<String, String> producerFactory) {
      return new KafkaTemplate<>(producerFactory);
    }

    @Bean
    KafkaAdmin kafkaAdmin() {
      return new KafkaAdmin(Map.of("bootstrap.servers", settings.brokers()));
    }

    @Bean
    ConsumerFactory<String, String> consumerFactory() {
      Map<String, Object> props = new HashMap<>();
      props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.brokers());
      props.put(ConsumerConfig.GROUP_ID_CONFIG, "app-" + settings.topic());
      props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
      props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
      return new DefaultKafkaConsumerFactory<>(props);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, String> kafkaListenerContainerFactory(
        ConsumerFactory<String, String> consumerFactory) {
      ConcurrentKafkaListenerContainerFactory<String, String> factory = new ConcurrentKafkaListenerContainerFactory<>();
      factory.setConsumerFactory(consumerFactory);
      // Short polls: a paused retry-topic partition resumes within a poll of its due time.
      factory.getContainerProperties().setPollTimeout(100);
      return factory;
    }

    @Bean
    ThreadPoolTaskScheduler taskScheduler() {
      ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
      scheduler.setPoolSize(2);
      return scheduler;
    }

    @Bean
    RetryTopicConfiguration retryTopics(KafkaTemplate<String, String> template) {
      RetryTopicConfigurationBuilder builder = settings.topics() != null
          ? settings.topics().configure(RetryTopicConfigurationBuilder.newInstance())
          : RetryTopicConfigurationBuilder.newInstance().customBackoff(settings.backOff())
              .maxAttempts(settings.maxAttempts());
      return builder
          .includeTopic(settings.topic())
          .autoCreateTopicsWith(1, (short) 1)
          .create(template);
    }

    @Bean
    AlwaysFailing listener() {
      return new AlwaysFailing(settings.name());
    }
  }

  /** The same application with blocking retries: {@code DefaultErrorHandler} with a keyed back-off per record. */
  static AnnotationConfigApplicationContext startBlocking(Settings settings, KeyedBackOffFunction backOffs) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.registerBean("settings", Settings.class, () -> settings);
    context.registerBean(KeyedBackOffFunction.class, () -> backOffs);
    context.register(BlockingConfig.class);
    context.refresh();
    return context;
  }

  @Configuration
  @EnableKafka
  static class BlockingConfig {
    @Autowired Settings settings;

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, String> kafkaListenerContainerFactory(
        KeyedBackOffFunction backOffs) {
      Map<String, Object> props = new HashMap<>();
      props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.brokers());
      props.put(ConsumerConfig.GROUP_ID_CONFIG, "app-" + settings.topic());
      props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
      props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
      ConcurrentKafkaListenerContainerFactory<String, String> factory = new ConcurrentKafkaListenerContainerFactory<>();
      factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(props));
      factory.getContainerProperties().setPollTimeout(100);
      DefaultErrorHandler handler = new DefaultErrorHandler((record, exception) -> RECOVERED.add(String.valueOf(record.key())),
          new FixedBackOff(0, 0));
      handler.setBackOffFunction(backOffs);
      factory.setCommonErrorHandler(handler);
      return factory;
    }

    @Bean
    KafkaTemplate<String, String> kafkaTemplate() {
      Map<String, Object> props = new HashMap<>();
      props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.brokers());
      props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(props));
    }

    @Bean
    AlwaysFailing listener() {
      return new AlwaysFailing(settings.name());
    }
  }

  /** The keys of the records {@code DefaultErrorHandler} gave up on. */
  static final Queue<String> RECOVERED = new ConcurrentLinkedQueue<>();

  static final class AlwaysFailing {
    private final String app;

    AlwaysFailing(String app) {
      this.app = app;
    }

    @KafkaListener(id = "#{@settings.name()}", topics = "#{@settings.topic()}", groupId = "app-#{@settings.topic()}")
    public void listen(ConsumerRecord<String, String> record) {
      Header attempts = record.headers().lastHeader(RecordKeys.ATTEMPTS_HEADER);
      Header due = record.headers().lastHeader(RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP);
      DELIVERIES.add(new Delivery(app, record.topic(), record.key(),
          attempts == null ? 1 : java.nio.ByteBuffer.wrap(attempts.value()).getInt(), Instant.now().toEpochMilli(),
          due == null ? -1 : new java.math.BigInteger(due.value()).longValue()));
      throw new IllegalStateException("always fails: " + record.key());
    }
  }
}

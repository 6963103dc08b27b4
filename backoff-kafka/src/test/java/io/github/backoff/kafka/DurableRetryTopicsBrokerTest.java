package io.github.backoff.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.KeyedRandom;
import io.github.backoff.durable.Tabulated;
import io.github.backoff.spring.SpringBackOff;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * Retry topics on a real broker (spring-kafka-test's embedded KRaft broker, one for the class): the topics every
 * instance creates, the times a failing record is delivered at, its dead-letter topic, and a restart mid-schedule.
 * Delays are a few hundred milliseconds; tolerances are wide where real time is measured.
 */
class DurableRetryTopicsBrokerTest {
  private static EmbeddedKafkaKraftBroker broker;

  @BeforeAll
  static void startBroker() {
    broker = new EmbeddedKafkaKraftBroker(1, 1);
    broker.brokerProperty("group.initial.rebalance.delay.ms", "0");
    broker.afterPropertiesSet();
  }

  @AfterAll
  static void stopBroker() {
    DLT_CONSUMERS.values().forEach(KafkaConsumer::close);
    broker.destroy();
  }

  private static KafkaTestApp.Settings durable(String name, String topic, DurableRetryTopics topics) {
    return new KafkaTestApp.Settings(name, broker.getBrokersAsString(), topic, topics.backOff(), topics.maxAttempts(),
        topics);
  }

  private static DurableRetryTopics tiers(Duration... delays) {
    return DurableRetryTopics.of(DurableSchedule.builder().withBackoff(Tabulated.of(delays))
        .withMaxAttempts(delays.length + 1).build(), delays.length);
  }

  private static Set<String> topicsStartingWith(String prefix) {
    return broker.doWithAdminFunction(admin -> {
      try {
        return admin.listTopics().names().get(30, TimeUnit.SECONDS).stream().filter(t -> t.startsWith(prefix))
            .collect(Collectors.toCollection(TreeSet::new));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  @Test
  void jitteredSpringBackOff_beforeTheFix_twoInstancesCreateDifferentRetryTopics() {
    // What docs/spring-backoff.md used to advise: a jittered SpringBackOff on retry topics. Two instances (two JVMs:
    // two seeds) sample it once each at start-up, and name their retry topics after what they drew.
    Backoff jittered = Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofSeconds(10))
        .withFullJitter();
    List<Set<String>> created = new ArrayList<>();
    for (long seed : new long[] {1, 2}) {
      Set<String> before = topicsStartingWith("before-orders-retry");
      KafkaTestApp.Settings settings = new KafkaTestApp.Settings("before-" + seed, broker.getBrokersAsString(),
          "before-orders", SpringBackOff.of(jittered, 3).withRandom(() -> new SplittableRandom(seed)), 4, null);
      try (AnnotationConfigApplicationContext context = KafkaTestApp.start(settings)) {
        Set<String> after = topicsStartingWith("before-orders-retry");
        after.removeAll(before);
        created.add(after);
      }
    }

    System.out.println("jittered SpringBackOff, instance 1: " + created.get(0) + ", instance 2: " + created.get(1));
    assertThat(created.get(0)).hasSize(3);
    assertThat(created.get(1)).hasSize(3).doesNotContainAnyElementsOf(created.get(0));
  }

  @Test
  void durableTiers_twoInstancesWithTheSameConfiguration_createTheSameRetryTopics() {
    DurableRetryTopics topics = DurableRetryTopics.of(DurableSchedule.builder()
        .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofSeconds(10)).withFullJitter())
        .withMaxAttempts(4).build(), 3);

    Set<String> first;
    try (AnnotationConfigApplicationContext one = KafkaTestApp.start(durable("same-1", "same-orders", topics))) {
      first = topicsStartingWith("same-orders-");
    }
    try (AnnotationConfigApplicationContext two = KafkaTestApp.start(durable("same-2", "same-orders", topics))) {
      Set<String> second = topicsStartingWith("same-orders-");
      System.out.println("durable tiers, instance 1: " + first + ", instance 2: " + second);
      assertThat(second).isEqualTo(first)
          .containsExactly("same-orders-dlt", "same-orders-retry-1000", "same-orders-retry-2000",
              "same-orders-retry-500");
    }
  }

  @Test
  void alwaysFailingRecord_isDeliveredAtTheTiersTimes_thenLandsInTheDeadLetterTopic() throws Exception {
    DurableRetryTopics topics = tiers(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800));
    try (AnnotationConfigApplicationContext app = KafkaTestApp.start(durable("timed", "timed-orders", topics))) {
      send(app, "timed-orders", "order-1");

      ConsumerRecord<String, String> dead = awaitDeadLetter("timed-orders-dlt", Duration.ofSeconds(30));

      assertThat(dead.key()).isEqualTo("order-1");
      List<KafkaTestApp.Delivery> deliveries = deliveries("timed-orders", "order-1");
      assertThat(deliveries).extracting(KafkaTestApp.Delivery::topic).containsExactly("timed-orders",
          "timed-orders-retry-200", "timed-orders-retry-400", "timed-orders-retry-800");
      long[] expected = {200, 400, 800};
      for (int i = 1; i < deliveries.size(); i++) {
        KafkaTestApp.Delivery retry = deliveries.get(i);
        long gap = retry.atMillis() - deliveries.get(i - 1).atMillis();
        System.out.printf("timed: retry %d after %d ms (tier %d ms)%n", i, gap, expected[i - 1]);
        // Exact: the due time is the tier after the failure Spring Kafka stamped. In real time: never early (the
        // lower bound is tight), and late only by what a loaded machine may add (the upper bound is generous).
        assertThat(retry.dueMillis() - KafkaTestApp.failedAt("order-1", i)).isEqualTo(expected[i - 1]);
        assertThat(retry.atMillis()).isGreaterThanOrEqualTo(retry.dueMillis() - 5);
        assertThat(gap).isBetween(expected[i - 1] - 5, expected[i - 1] + 10_000);
      }
    }
  }

  @Test
  void repeatedTierInTheMiddle_getsATopicPerRetry_andEveryRetryRuns() throws Exception {
    // 300 ms twice, then 600 ms twice: Spring Kafka can share a topic only between the last retries, so the adapter
    // asks for a topic per retry, and the record is delivered five times before the dead-letter topic.
    DurableRetryTopics topics = tiers(Duration.ofMillis(300), Duration.ofMillis(300), Duration.ofMillis(600),
        Duration.ofMillis(600));
    try (AnnotationConfigApplicationContext app = KafkaTestApp.start(durable("repeat", "repeat-orders", topics))) {
      assertThat(topicsStartingWith("repeat-orders-")).containsExactly("repeat-orders-dlt",
          "repeat-orders-retry-300-0", "repeat-orders-retry-300-1", "repeat-orders-retry-600-0",
          "repeat-orders-retry-600-1");
      send(app, "repeat-orders", "order-7");
      assertThat(awaitDeadLetter("repeat-orders-dlt", Duration.ofSeconds(30)).key()).isEqualTo("order-7");
    }
    assertThat(deliveries("repeat-orders", "order-7")).extracting(KafkaTestApp.Delivery::topic)
        .containsExactly("repeat-orders", "repeat-orders-retry-300-0", "repeat-orders-retry-300-1",
            "repeat-orders-retry-600-0", "repeat-orders-retry-600-1");
  }

  @Test
  void jitterWithinTier_recordsThatFailedTogether_areDueAtTheirKeyedTimes() throws Exception {
    DurableRetryTopics topics = tiers(Duration.ofMillis(1000)).withJitterWithinTier(0.5);
    List<String> keys = List.of("k-0", "k-1", "k-2", "k-3", "k-4");
    try (AnnotationConfigApplicationContext app = KafkaTestApp.start(durable("spread", "spread-orders", topics))) {
      for (String key : keys) {
        send(app, "spread-orders", key);
      }
      for (int i = 0; i < keys.size(); i++) {
        awaitDeadLetter("spread-orders-dlt", Duration.ofSeconds(30));
      }
    }

    List<Long> offsets = new ArrayList<>();
    for (String key : keys) {
      List<KafkaTestApp.Delivery> d = deliveries("spread-orders", key);
      assertThat(d).hasSize(2);
      // Due time relative to the failure time Spring Kafka stamped (not the listener's clock: under load the two
      // differ by a scheduling pause, which is not what is under test).
      long offset = d.get(1).dueMillis() - KafkaTestApp.failedAt(key, 1);
      double u = KeyedRandom.of(key, 1).nextDouble();
      long keyed = Math.round(1000 * (1 + 0.5 * (2 * u - 1)));
      System.out.printf("spread: %s due %d ms after its failure (keyed %d ms), delivered %d ms after%n", key,
          offset, keyed, d.get(1).atMillis() - d.get(0).atMillis());
      assertThat(offset).isEqualTo(keyed);                               // the header is the keyed due time
      assertThat(d.get(1).atMillis()).isGreaterThanOrEqualTo(d.get(1).dueMillis() - 5); // never early
      offsets.add(keyed);
    }
    assertThat(offsets.stream().mapToLong(Long::longValue).max().orElseThrow()
        - offsets.stream().mapToLong(Long::longValue).min().orElseThrow()).isGreaterThan(200);
  }

  @Test
  void restartMidSchedule_keepsTheSchedule() throws Exception {
    DurableRetryTopics topics = tiers(Duration.ofMillis(200), Duration.ofMillis(2500), Duration.ofMillis(300));
    AnnotationConfigApplicationContext first = KafkaTestApp.start(durable("restart-a", "restart-orders", topics));
    KafkaTestApp.Delivery second;
    try {
      send(first, "restart-orders", "order-9");
      second = awaitDelivery("restart-orders", "order-9", 2, Duration.ofSeconds(30));
      // Stop once attempt 2's failure is handled: its record published to the 2.5 s retry topic and its offset on
      // the 200 ms one committed (the publish is waited for before the commit). Stopping earlier would make the
      // restarted app run attempt 2 again; a fixed sleep here once assumed how long that takes.
      Await.until(() -> committedOffset("app-restart-orders-retry-200", "restart-orders-retry-200") >= 1,
          Duration.ofSeconds(30));
    } finally {
      first.close();
    }
    long restartedAt = System.currentTimeMillis();
    long startedAt;
    try (AnnotationConfigApplicationContext restarted =
        KafkaTestApp.start(durable("restart-b", "restart-orders", topics))) {
      startedAt = System.currentTimeMillis();
      awaitDeadLetter("restart-orders-dlt", Duration.ofSeconds(30));
    }

    List<KafkaTestApp.Delivery> deliveries = deliveries("restart-orders", "order-9");
    assertThat(deliveries).extracting(KafkaTestApp.Delivery::app)
        .containsExactly("restart-a", "restart-a", "restart-b", "restart-b");
    assertThat(deliveries).extracting(KafkaTestApp.Delivery::attempt).containsExactly(1, 2, 3, 4);
    KafkaTestApp.Delivery third = deliveries.get(2);
    long gap = third.atMillis() - second.atMillis();
    System.out.printf("restart: stopped %d ms after attempt 2, restarted in %d ms; attempt 3 came %d ms after"
        + " attempt 2 (tier 2500 ms)%n", restartedAt - second.atMillis(), startedAt - restartedAt, gap);
    // Kept across the restart: the due time is 2.5 s after the failure Spring Kafka stamped, exactly, and the
    // restarted app delivers neither before it nor long after it (or after its own start-up, if that took longer:
    // a loaded machine may take seconds to start a Spring context).
    assertThat(third.dueMillis() - KafkaTestApp.failedAt("order-9", 2)).isEqualTo(2500L);
    assertThat(gap).isGreaterThanOrEqualTo(2500L - 5);
    assertThat(third.atMillis()).isGreaterThanOrEqualTo(third.dueMillis() - 5)
        .isLessThan(Math.max(third.dueMillis(), startedAt) + 10_000);
    KafkaTestApp.Delivery fourth = deliveries.get(3);
    assertThat(fourth.dueMillis() - KafkaTestApp.failedAt("order-9", 3)).isEqualTo(300L);
    assertThat(fourth.atMillis()).isGreaterThanOrEqualTo(fourth.dueMillis() - 5);
    assertThat(fourth.atMillis() - third.atMillis()).isBetween(300L - 5, 300L + 10_000);
  }

  @Test
  void defaultErrorHandler_keyedBackOffFunction_waitsEachRecordsKeyedDelays() throws Exception {
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(600)).withRandomization(0.5))
        .withMaxAttempts(3).build();
    KeyedBackOffFunction backOffs = KeyedBackOffFunction.of(schedule);
    KafkaTestApp.Settings settings = new KafkaTestApp.Settings("blocking", broker.getBrokersAsString(),
        "blocking-orders", null, 0, null);
    try (AnnotationConfigApplicationContext app = KafkaTestApp.startBlocking(settings, backOffs)) {
      send(app, "blocking-orders", "b-1");
      send(app, "blocking-orders", "b-2");
      Await.until(() -> KafkaTestApp.RECOVERED.size() >= 2, Duration.ofSeconds(30));
    }

    assertThat(KafkaTestApp.RECOVERED).containsExactly("b-1", "b-2");
    for (String key : List.of("b-1", "b-2")) {
      List<KafkaTestApp.Delivery> d = deliveries("blocking-orders", key);
      assertThat(d).hasSize(3);
      for (int retry = 1; retry <= 2; retry++) {
        long keyed = schedule.delay(KeyedRandom.hash(key), retry).toMillis();
        long gap = d.get(retry).atMillis() - d.get(retry - 1).atMillis();
        System.out.printf("blocking: %s retry %d after %d ms (keyed %d ms)%n", key, retry, gap, keyed);
        assertThat(gap).isBetween(keyed - 5, keyed + 5_000);
      }
    }
    assertThat(schedule.delay(KeyedRandom.hash("b-1"), 1)).isNotEqualTo(schedule.delay(KeyedRandom.hash("b-2"), 1));
  }

  private static void send(AnnotationConfigApplicationContext app, String topic, String key) throws Exception {
    @SuppressWarnings("unchecked")
    KafkaTemplate<String, String> template = app.getBean(KafkaTemplate.class);
    template.send(topic, key, "payload of " + key).get(30, TimeUnit.SECONDS);
  }

  private static List<KafkaTestApp.Delivery> deliveries(String mainTopic, String key) {
    return KafkaTestApp.DELIVERIES.stream()
        .filter(d -> d.key().equals(key) && d.topic().startsWith(mainTopic))
        .sorted(Comparator.comparingLong(KafkaTestApp.Delivery::atMillis))
        .collect(Collectors.toList());
  }

  private static KafkaTestApp.Delivery awaitDelivery(String mainTopic, String key, int attempt, Duration timeout) {
    Await.until(() -> deliveries(mainTopic, key).size() >= attempt, timeout);
    return deliveries(mainTopic, key).get(attempt - 1);
  }

  /** The offset {@code group} has committed on partition 0 of {@code topic}, or -1 if none. */
  private static long committedOffset(String group, String topic) {
    return broker.doWithAdminFunction(admin -> {
      try {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
            .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
        OffsetAndMetadata offset = offsets.get(new TopicPartition(topic, 0));
        return offset == null ? -1L : offset.offset();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static final Map<String, KafkaConsumer<String, String>> DLT_CONSUMERS = new java.util.HashMap<>();

  private static ConsumerRecord<String, String> awaitDeadLetter(String topic, Duration timeout) {
    KafkaConsumer<String, String> consumer = DLT_CONSUMERS.computeIfAbsent(topic, t -> {
      KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of(
          ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString(),
          ConsumerConfig.GROUP_ID_CONFIG, "dlt-reader-" + t,
          ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
          ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1,
          ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
          ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
      c.subscribe(List.of(t));
      return c;
    });
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
        return record;
      }
    }
    throw new AssertionError("nothing in " + topic + " within " + timeout);
  }
}
